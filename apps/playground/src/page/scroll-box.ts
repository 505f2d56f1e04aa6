// A box for a text that may be big (a tool's output, a model's answer): it
// scrolls inside a bounded height, with "Show all" to open it, and when the
// text was cut (by the playground or by the toolset's size cap), the marker
// that ends it is repeated at the top, where it is seen first.
import { h } from "./dom";
import { formatBytes } from "./format";

/** Past either, a text gets "Show all": the box shows about 24 lines of it. */
const TALL_CHARACTERS = 2_000;
const TALL_LINES = 24;

/**
 * The markers that end a cut text: the playground's (`cap-text.ts`) and the toolset's (`truncationMarker`).
 * Looked for anywhere: in JSON, the cut text is a string inside.
 */
const CUT_MARKER = /\[… (cut by the playground|truncated): (\d+) more bytes\]/;

/**
 * `content` (which shows `text`) in a box that scrolls past about 24 lines.
 * A tall text gets a "Show all" button; a text with a cut marker gets what
 * it says at the top of the box.
 *
 * @param content - what shows the text: a `<pre>`, a text node, coloured JSON
 * @param text - the text itself, to measure it and find its marker
 * @param options - `follow`: keep the box scrolled to its end (a text still streaming in)
 * @example
 * ```ts
 * bubble.append(scrollBox(document.createTextNode(answer), answer));
 * ```
 */
export function scrollBox(content: Node, text: string, options: { readonly follow?: boolean } = {}): HTMLElement {
  const marker = CUT_MARKER.exec(text);
  const body = h("div", { class: options.follow === true ? "scroll-body follow" : "scroll-body" }, content);
  const box = h(
    "div",
    { class: "scroll-box" },
    marker === null
      ? null
      : h(
          "p",
          { class: "cut-note", "data-testid": "cut-note" },
          marker[1] === "truncated"
            ? `Truncated: ${marker[2]} more bytes were not sent to the model (the kept text ends with the marker).`
            : `Cut by the playground: ${marker[2]} more bytes were not kept (the kept text ends with the marker).`,
        ),
    body,
  );
  if (text.length <= TALL_CHARACTERS && countLines(text) <= TALL_LINES) return box;
  const size = formatBytes(new TextEncoder().encode(text).length);
  const toggle = h(
    "button",
    { type: "button", class: "small show-all", "data-testid": "show-all", "aria-expanded": "false" },
    `Show all (${size})`,
  );
  toggle.addEventListener("click", () => {
    const open = box.classList.toggle("open");
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = open ? "Show less" : `Show all (${size})`;
  });
  box.append(toggle);
  return box;
}

/**
 * Scrolls each box of `root` that follows its text to its end (call it after
 * the box is in the page: a streaming text shows its newest part).
 *
 * @example
 * ```ts
 * replace(progress, renderLiveTurns(turns));
 * followEnds(progress);
 * ```
 */
export function followEnds(root: Element): void {
  for (const body of root.querySelectorAll<HTMLElement>(".scroll-body.follow")) body.scrollTop = body.scrollHeight;
}

function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf("\n"); at !== -1 && lines <= TALL_LINES; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}
