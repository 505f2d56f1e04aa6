import type { RenderOptions, ToolOutcome } from "@x/toolset";
import { renderResult, renderedText } from "@x/toolset/adapter";
import type { RenderedResult } from "@x/toolset/adapter";
import { imageDataUri } from "./image-input";
import type { ResponsesFunctionCallOutput, ResponsesInputImage, ResponsesInputText } from "./responses-types";

/**
 * The `function_call_output` answering `callId`. Its `output` is a string, or,
 * when the result has a JPEG, PNG, GIF or WebP image, a list of `input_text`
 * and `input_image` items (each image as a `data:` URI, `detail: "auto"`).
 * Other media become text placeholders such as `[audio: audio/wav, 4 bytes]`.
 * An error result (`isError: true`) or a `ToolError` starts with the error prefix.
 *
 * @param callId - the `call_id` of the `function_call` item
 * @param outcome - the MCP result of running the call, or the `ToolError` that stopped it
 * @param options - `errorPrefix` (default `"Error: "`), `structured` (default `"auto"`), `maxOutputBytes` (default: no limit)
 * @returns the input item to append after the response's output items
 * @example
 * ```ts
 * const result = await client.callTool({ name: call.toolName, arguments: call.arguments });
 * input.push(toolOutput(call.callId, toCallToolResult(result)));
 * ```
 */
export function toolOutput(callId: string, outcome: ToolOutcome, options?: RenderOptions): ResponsesFunctionCallOutput {
  return renderedOutput(callId, renderResult(outcome, options));
}

/**
 * The `function_call_output` answering `callId` with a rendered result, as
 * {@link toolOutput} describes. What `@x/executor` calls, after rendering once.
 *
 * @param callId - the `call_id` of the `function_call` item
 * @param rendered - from `renderResult` (`@x/toolset/adapter`)
 * @returns the input item to append after the response's output items
 * @example
 * ```ts
 * input.push(renderedOutput(call.callId, renderResult(outcome, { maxOutputBytes: 10_000 })));
 * ```
 */
export function renderedOutput(callId: string, rendered: RenderedResult): ResponsesFunctionCallOutput {
  const items = rendered.parts.map((part): ResponsesInputText | ResponsesInputImage => {
    const url = part.type === "image" ? imageDataUri(part.mimeType, part.data) : undefined;
    if (url !== undefined) return { type: "input_image", image_url: url, detail: "auto" };
    return { type: "input_text", text: part.type === "text" ? part.text : part.placeholder };
  });
  const output = items.some((item) => item.type === "input_image") ? items : renderedText(rendered);
  return { type: "function_call_output", call_id: callId, output };
}
