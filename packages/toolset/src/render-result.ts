import { base64ByteLength } from "./base64-byte-length";
import { capRenderedParts } from "./cap-rendered-parts";
import type { McpCallToolResult, McpContentBlock } from "./mcp-types";
import { checkRenderOptions } from "./render-options";
import type { RenderOptions, StructuredMode } from "./render-options";
import { readCallToolResult } from "./to-call-tool-result";
import { utf8ByteLength } from "./utf8";
import { isToolError } from "./tool-error";
import type { ToolOutcome } from "./to-call-tool-result";

/** One part of a rendered result: text, an image the API may take as an image, or a blob it may take as a file. */
export type RenderedPart =
  | {
      readonly type: "text";
      readonly text: string;
      /**
       * Set on the text part holding just the error prefix, inserted before a
       * first image (or alone, when there is no part): in one text
       * (`renderedText`) it runs into the next part,
       * `"Error: [image: image/png, 1024 bytes]"`, with no line break between.
       */
      readonly prefix?: true;
      /**
       * The `uri` of the embedded resource whose `text` this is: an API that
       * takes text documents (Anthropic) sends the part as one, titled with it.
       */
      readonly uri?: string;
    }
  | {
      readonly type: "image";
      readonly mimeType: string;
      /** The base64 data, as the tool sent it. */
      readonly data: string;
      /** The decoded size, counted from the base64. */
      readonly bytes: number;
      /** The text that stands for the image where only text goes: `[image: image/png, 1024 bytes]`. */
      readonly placeholder: string;
    }
  | {
      /** An embedded resource's `blob` with a `mimeType`: a file, to an API that takes files of that type. */
      readonly type: "file";
      readonly mimeType: string;
      /** The base64 data, as the tool sent it. */
      readonly data: string;
      /** The resource's `uri`, which names the file. */
      readonly uri: string;
      /** The decoded size, counted from the base64. */
      readonly bytes: number;
      /**
       * The text that stands for the file where it cannot go: `[resource: file:///a.pdf, application/pdf, 512 bytes]`.
       */
      readonly placeholder: string;
    };

/** A tool result or error as provider-neutral parts, which each adapter only maps to its wire shape. */
export interface RenderedResult {
  readonly isError: boolean;
  readonly parts: RenderedPart[];
  /** UTF-8 bytes of text left out by `maxOutputBytes` (0 when nothing was cut). */
  readonly truncatedBytes: number;
}

/**
 * Renders a tool's outcome as parts an OpenAI tool output can carry: the one
 * rendering stage of the stack. Everything that decides what the model reads
 * happens here, once: the content, the structured mode, the size cap and the
 * error prefix. The adapters only map the result to their wire shape.
 *
 * Content blocks, in order:
 * - `text`: its text;
 * - `image` (any mime type): an image part, with the placeholder
 *   `[image: image/png, 1024 bytes]` for where only text goes;
 * - `audio`: `[audio: audio/wav, 2048 bytes]`;
 * - `resource_link`: `[resource link: name <uri> (mime/type)]`, without the
 *   parenthesis when it has no `mimeType`;
 * - `resource` with `text`: that text, with the resource's `uri`; with a `blob` and a `mimeType`: a file
 *   part (an adapter whose API takes that type as a file sends it as one),
 *   with the placeholder `[resource: uri, mime/type, 512 bytes]`; a blob
 *   without a mime type (or empty): `[resource: uri, 512 bytes]`;
 * - any other type: `[unsupported content: type]`.
 * Byte counts come from the base64 length (`1 byte` when it is one).
 *
 * `structuredContent` is rendered as compact JSON text, by `structured`:
 * `"auto"` (default) only when `content` is empty; `"prefer"` instead of
 * `content` when present; `"append"` after `content`; `"ignore"` never.
 *
 * `maxOutputBytes` (default: no limit; the executor's is 100 000) bounds the
 * UTF-8 bytes of the text the model reads (`renderedText`), the error prefix,
 * the line breaks between parts and the marker included: text parts are kept
 * whole while they fit; the part that crosses the limit is cut at a code
 * point boundary and ends with `truncationMarker` (counting every byte
 * left out); later text parts are left out; a limit too small for the marker
 * gets the cut text unmarked, one smaller than the prefix the prefix alone.
 * Images and files are not counted and never cut. An error value (a `ToolError`) is
 * never cut: its message is ours and short.
 *
 * An error (`isError: true`, a {@link ToolError}, or any other `Error`)
 * has `isError: true` and its first part starts with `errorPrefix`
 * (default `"Error: "`): it is prepended to a first text part, or is a
 * text part of its own (marked `prefix: true`) before a first image or file, or when
 * there is no part; `renderedText` runs that part into the image's
 * placeholder (`"Error: [image: image/png, 4 bytes]"`). An
 * error value renders as the prefix and its message. An outcome that is not
 * a well-formed result renders as the `malformed-result` error of
 * {@link toCallToolResult}.
 *
 * Throws only on a caller's mistake: `ToolError("invalid-options")` when an
 * option is wrong (see {@link checkRenderOptions}).
 *
 * @param outcome - the result of `tools/call`, or an error
 * @param options - `errorPrefix`, `structured`, `maxOutputBytes`
 * @returns `{ isError, parts, truncatedBytes }`
 * @example
 * ```ts
 * renderResult({
 *   content: [{ type: "text", text: "42" }, { type: "image", data: "iVBORw==", mimeType: "image/png" }],
 * });
 * // { isError: false, parts: [{ type: "text", text: "42" }, { type: "image", … }], truncatedBytes: 0 }
 * renderResult(new ToolError("timeout", "The tool did not answer within 30 s."));
 * // { isError: true, parts: [{ type: "text", text: "Error: The tool did not answer within 30 s." }],
 * //   truncatedBytes: 0 }
 * renderResult({ content: [{ type: "text", text: "abcdef" }] }, { maxOutputBytes: 2 }).parts;
 * // [{ type: "text", text: "ab\n[… truncated: 4 more bytes]" }]
 * ```
 */
export function renderResult(outcome: ToolOutcome, options?: RenderOptions): RenderedResult {
  const { errorPrefix: prefix, structured, maxOutputBytes } = checkRenderOptions(options);
  // Checked as toCallToolResult checks (so anything renders, never throws), but not copied.
  const result = outcome instanceof Error && !isToolError(outcome) ? outcome : readCallToolResult(outcome);
  if (result instanceof Error) {
    return { isError: true, parts: [{ type: "text", text: `${prefix}${result.message}` }], truncatedBytes: 0 };
  }
  const isError = result.isError === true;
  // Cut before the prefix goes on: the cap bounds what the tool said.
  const content = renderContent(result, structured);
  const cut = capRenderedParts(content, maxOutputBytes, isError ? utf8ByteLength(prefix) : 0);
  const parts = cut === undefined ? content : cut.parts;
  const truncatedBytes = cut === undefined ? 0 : cut.truncatedBytes;
  if (isError && prefix !== "") {
    const first = parts[0];
    if (first?.type === "text") parts[0] = { type: "text", text: `${prefix}${first.text}` };
    else parts.unshift({ type: "text", text: prefix, prefix: true });
  }
  return { isError, parts, truncatedBytes };
}

function renderContent(result: McpCallToolResult, mode: StructuredMode): RenderedPart[] {
  const content = result.content.map(renderBlock);
  const structured = result.structuredContent;
  if (structured === undefined) return content;
  switch (mode) {
    case "auto":
      return content.length === 0 ? [structuredPart(structured)] : content;
    case "prefer":
      return [structuredPart(structured)];
    case "append":
      return [...content, structuredPart(structured)];
    case "ignore":
      return content;
    default: {
      const _exhaustive: never = mode;
      return _exhaustive;
    }
  }
}

function renderBlock(block: McpContentBlock): RenderedPart {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image": {
      const bytes = base64ByteLength(block.data);
      const placeholder = `[image: ${block.mimeType}, ${size(bytes)}]`;
      return { type: "image", mimeType: block.mimeType, data: block.data, bytes, placeholder };
    }
    case "audio":
      return text(`[audio: ${block.mimeType}, ${size(base64ByteLength(block.data))}]`);
    case "resource_link": {
      const mime = typeof block.mimeType === "string" ? ` (${block.mimeType})` : "";
      return text(`[resource link: ${block.name} <${block.uri}>${mime}]`);
    }
    case "resource": {
      const resource = block.resource;
      if ("text" in resource && typeof resource.text === "string") {
        return { type: "text", text: resource.text, uri: resource.uri };
      }
      const blob = "blob" in resource && typeof resource.blob === "string" ? resource.blob : "";
      const mime = typeof resource.mimeType === "string" ? `${resource.mimeType}, ` : "";
      const bytes = base64ByteLength(blob);
      const placeholder = `[resource: ${resource.uri}, ${mime}${size(bytes)}]`;
      if (typeof resource.mimeType !== "string" || blob === "") return text(placeholder);
      return { type: "file", mimeType: resource.mimeType, data: blob, uri: resource.uri, bytes, placeholder };
    }
    default: {
      const _exhaustive: never = block;
      // A block type this package does not know (the protocol grows): say it was there.
      return text(`[unsupported content: ${String((_exhaustive as { type: unknown }).type)}]`);
    }
  }
}

function structuredPart(structured: { [key: string]: unknown }): RenderedPart {
  try {
    return text(JSON.stringify(structured));
  } catch (error) {
    return text(`[structured content that is not JSON: ${error instanceof Error ? error.message : String(error)}]`);
  }
}

function text(value: string): RenderedPart {
  return { type: "text", text: value };
}

function size(bytes: number): string {
  return bytes === 1 ? "1 byte" : `${bytes} bytes`;
}
