import type { RenderedPart, RenderedResult } from "./render-result";

/**
 * A rendered result as one string: text parts as they are, images and files
 * as their placeholder, joined with `"\n"`, except that the error prefix's own part
 * (`prefix: true`, before a first image) runs into the next part:
 * `"Error: [image: image/png, 4 bytes]"`. What a Chat tool message and a
 * string Responses output carry.
 *
 * @param rendered - from `renderResult`
 * @returns the text
 * @example
 * ```ts
 * renderedText(renderResult({ content: [{ type: "text", text: "A chart:" }, { type: "image", data: "iVBORw==", mimeType: "image/png" }] }));
 * // "A chart:\n[image: image/png, 4 bytes]"
 * ```
 */
export function renderedText(rendered: Pick<RenderedResult, "parts">): string {
  let text = "";
  let separator = "";
  for (const part of rendered.parts) {
    text += separator + partText(part);
    // The error prefix's own part runs into the part it introduces.
    separator = part.type === "text" && part.prefix === true ? "" : "\n";
  }
  return text;
}

function partText(part: RenderedPart): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "image":
    case "file":
      return part.placeholder;
    default: {
      const _exhaustive: never = part;
      return String(_exhaustive);
    }
  }
}
