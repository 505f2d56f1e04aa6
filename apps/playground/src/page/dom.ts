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
