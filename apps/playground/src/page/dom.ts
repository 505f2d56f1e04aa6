// A tiny DOM builder: h("div", { class: "x" }, "text", child). Text is always
// inserted as text (never as HTML), so tool output cannot inject markup.

/** Attributes of {@link h}: strings, booleans (present or absent), or event handlers. */
export type Attributes = { readonly [name: string]: string | boolean | undefined | ((event: Event) => void) };

/** A child of {@link h}: a node, text, or nothing. */
export type Child = Node | string | null | undefined | false | readonly Child[];

function append(parent: Element, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (typeof child === "string") parent.append(document.createTextNode(child));
  else if (Array.isArray(child)) for (const item of child as readonly Child[]) append(parent, item);
  else parent.append(child as Node);
}

/**
 * Creates an element.
 *
 * @example
 * ```ts
 * document.body.append(h("button", { type: "button", onclick: () => alert("hi") }, "Say hi"));
 * ```
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") element.addEventListener(name.replace(/^on/, ""), value);
    else if (value === true) element.setAttribute(name, "");
    else element.setAttribute(name, value);
  }
  for (const child of children) append(element, child);
  return element;
}

/**
 * Replaces the children of `parent`.
 *
 * @example
 * ```ts
 * replace(main, h("p", {}, "Loading…"));
 * ```
 */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  for (const child of children) append(parent, child);
}

/** The attributes that find an element again after a redraw made a new one in its place. */
const IDENTITIES = ["data-testid", "data-tool", "data-path", "data-leave-out"] as const;

/**
 * Runs `redraw`, then gives the focus back to the element that had it, found
 * again by its test id, tool name or form path when the redraw replaced it:
 * a key that redraws the page (Enter on a button, an arrow on a tab) keeps
 * the focus where it was instead of dropping it on `<body>`.
 *
 * @example
 * ```ts
 * keepingFocus(() => replace(nav, tabs()));
 * ```
 */
export function keepingFocus(redraw: () => void): void {
  const active = document.activeElement;
  const identity = IDENTITIES.map((name) => [name, active?.getAttribute(name)] as const).find(
    ([, value]) => value !== null && value !== undefined,
  );
  redraw();
  if (active === null || active.isConnected || identity === undefined) return;
  const [name, value] = identity;
  document.querySelector<HTMLElement>(`[${name}="${CSS.escape(value ?? "")}"]`)?.focus();
}

/**
 * The item an arrow key, Home or End moves to in a row of `items` (tabs, radio
 * buttons), wrapping around at either end; `undefined` for any other key.
 *
 * @example
 * ```ts
 * arrowTarget("ArrowRight", ["tools", "run", "chat"], "chat"); // "tools"
 * ```
 */
export function arrowTarget<T>(key: string, items: readonly T[], current: T): T | undefined {
  const at = items.indexOf(current);
  const next =
    key === "ArrowRight" || key === "ArrowDown"
      ? at + 1
      : key === "ArrowLeft" || key === "ArrowUp"
        ? at - 1
        : key === "Home"
          ? 0
          : key === "End"
            ? items.length - 1
            : undefined;
  return next === undefined ? undefined : items[(next + items.length) % items.length];
}

/**
 * `items` separated by `separator` (", " unless given), for a run of names or
 * paths: read aloud or copied, they do not run together.
 *
 * @example
 * ```ts
 * note.append(...list(names.map((name) => h("code", {}, name))));
 * ```
 */
export function list(items: readonly Node[], separator = ", "): Child[] {
  return items.flatMap((item, at) => (at === 0 ? [item] : [separator, item]));
}
