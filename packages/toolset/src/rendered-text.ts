import type { RenderedResult } from "./render-result";

/**
 * A rendered result as one string: text parts as they are, images as their
 * placeholder, joined with `"\n"`. What a Chat tool message and a string
 * Responses output carry.
 *
 * @param rendered - from `renderResult`
 * @returns the text
 * @example
 * ```ts
 * renderedText(renderResult({ content: [{ type: "text", text: "A chart:" }, { type: "image", data: "iVBORw==", mimeType: "image/png" }] }));
 * // "A chart:\n[image: image/png, 4 bytes]"
 * ```
 */
export function renderedText(rendered: RenderedResult): string {
  return rendered.parts
    .map((part) => {
      switch (part.type) {
        case "text":
          return part.text;
        case "image":
          return part.placeholder;
        default: {
          const _exhaustive: never = part;
          return String(_exhaustive);
        }
      }
    })
    .join("\n");
}
