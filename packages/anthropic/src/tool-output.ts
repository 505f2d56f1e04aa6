import type { RenderOptions, ToolOutcome } from "@x/toolset";
import { renderResult } from "@x/toolset/adapter";
import type { CallRef, RenderedPart, RenderedResult } from "@x/toolset/adapter";
import type { AnthropicToolResultBlock, AnthropicToolResultContent } from "./anthropic-types";
import { pdfDocument, textBlobDocument, textDocument } from "./document-block";
import { imageBlock } from "./image-block";

/**
 * The error prefix of this package: none. A `tool_result` says it failed
 * with `is_error: true`
 * (https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use),
 * so its text needs no "Error: " before it; `errorPrefix` still adds one.
 */
const ANTHROPIC_ERROR_PREFIX = "";

/**
 * The `tool_result` block answering `call` with a rendered result: what
 * `@x/executor` calls, after rendering once. Each part maps to a block:
 * text to `text` (an empty text is left out: the API refuses empty text
 * blocks), an embedded resource's text to a `document` block with a text
 * source titled with its URI, a JPEG, PNG, GIF or WebP image whose bytes are that format to an
 * `image` block with a base64 source, a PDF blob to a `document` block with a
 * base64 source and a UTF-8 text blob to a `document` block with a text source
 * (each titled with the resource URI); any other image or file to its text
 * placeholder (`[image: image/svg+xml, 8 bytes]`). `is_error: true` when the
 * result is an error.
 *
 * @param call - the call answered (`callId` is the `tool_use` block's `id`)
 * @param rendered - from `renderResult` (`@x/toolset/adapter`)
 * @returns the block, for the user message that answers the turn ({@link turnItems})
 * @example
 * ```ts
 * const block = renderedOutput(call, renderResult(outcome, { errorPrefix: "" }));
 * ```
 */
export function renderedOutput(call: CallRef, rendered: RenderedResult): AnthropicToolResultBlock {
  const content = rendered.parts.flatMap(resultContent);
  return {
    type: "tool_result",
    tool_use_id: call.callId,
    content,
    ...(rendered.isError ? { is_error: true as const } : {}),
  };
}

/**
 * The `tool_result` block answering `call` with `outcome`, rendered as
 * {@link renderedOutput} says: `is_error: true` for an MCP `isError` result
 * and for every `ToolError`, with no prefix before the text unless
 * `options.errorPrefix` asks for one.
 *
 * @param call - the call answered: `{ callId, name }` of a call from `toolCalls`
 * @param outcome - the MCP result of running the call, or the `ToolError` that stopped it
 * @param options - `errorPrefix` (default `""`), `structured` (default `"auto"`), `maxOutputBytes` (default: no limit)
 * @returns the block
 * @example
 * ```ts
 * const result = await client.callTool({ name: call.toolName, arguments: call.arguments });
 * const block = toolOutput(call, toCallToolResult(result));
 * // { type: "tool_result", tool_use_id: "toolu_01…", content: [{ type: "text", text: "18°C" }] }
 * ```
 */
export function toolOutput(call: CallRef, outcome: ToolOutcome, options?: RenderOptions): AnthropicToolResultBlock {
  return renderedOutput(
    call,
    renderResult(outcome, { ...options, errorPrefix: options?.errorPrefix ?? ANTHROPIC_ERROR_PREFIX }),
  );
}

function resultContent(part: RenderedPart): AnthropicToolResultContent[] {
  switch (part.type) {
    case "text":
      if (part.text === "") return [];
      return [part.uri === undefined ? { type: "text", text: part.text } : textDocument(part.text, part.uri)];
    case "image":
      return [imageBlock(part.mimeType, part.data) ?? { type: "text", text: part.placeholder }];
    case "file":
      return [
        pdfDocument(part.mimeType, part.data, part.uri) ??
          textBlobDocument(part.mimeType, part.data, part.uri) ?? { type: "text", text: part.placeholder },
      ];
    default: {
      const _exhaustive: never = part;
      return _exhaustive;
    }
  }
}
