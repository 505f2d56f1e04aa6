// The images inside an answer to a tool call, whatever API's shape it is in:
// a Responses `input_image` (a data URL), an Anthropic `image` block (a base64
// source) or a Gemini `inlineData` part. Chat Completions answers carry text
// only, so theirs have none.
import type { Json } from "../shared/api-types";

type JsonRecord = { readonly [key: string]: Json };

const isRecord = (value: Json | undefined): value is JsonRecord =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const IMAGE_TYPE = /^image\/(png|jpeg|gif|webp)$/;

/** The data URL of one image part, or `undefined` when `part` is not one. */
function imageOf(part: JsonRecord): string | undefined {
  const url = part["image_url"];
  if (part["type"] === "input_image" && typeof url === "string" && url.startsWith("data:image/")) return url;
  const source = part["source"];
  if (part["type"] === "image" && isRecord(source) && source["type"] === "base64") {
    const { media_type: type, data } = source;
    if (typeof type === "string" && IMAGE_TYPE.test(type) && typeof data === "string")
      return `data:${type};base64,${data}`;
  }
  const inline = part["inlineData"];
  if (isRecord(inline) && typeof inline["mimeType"] === "string" && IMAGE_TYPE.test(inline["mimeType"])) {
    return typeof inline["data"] === "string" ? `data:${inline["mimeType"]};base64,${inline["data"]}` : undefined;
  }
  return undefined;
}

/**
 * The data URLs of the images in `output`, in order.
 *
 * @example
 * ```ts
 * const source = { type: "base64", media_type: "image/png", data };
 * imagesIn({ type: "tool_result", content: [{ type: "image", source }] });
 * // ["data:image/png;base64,…"]
 * ```
 */
export function imagesIn(output: Json): string[] {
  if (Array.isArray(output)) return output.flatMap(imagesIn);
  if (!isRecord(output)) return [];
  const own = imageOf(output);
  return own === undefined ? Object.values(output).flatMap(imagesIn) : [own];
}
