import type { RenderOptions, ToolOutcome } from "@x/toolset";
import { renderResult, renderedText } from "@x/toolset/adapter";
import type { RenderedPart, RenderedResult } from "@x/toolset/adapter";
import { fileInput } from "./file-input";
import { imageDataUri } from "./image-input";
import type {
  ResponsesFunctionCallOutput,
  ResponsesInputFile,
  ResponsesInputImage,
  ResponsesInputText,
} from "./responses-types";

/**
 * The `function_call_output` answering `callId`. Its `output` is a string, or,
 * when the result has a JPEG, PNG, GIF or WebP image or an embedded resource
 * blob the API takes as a file (PDF, Word, PowerPoint, Excel, text types; see
 * the README), a list of `input_text`, `input_image` (a `data:` URI,
 * `detail: "auto"`) and `input_file` items (`file_data` a `data:` URL,
 * `filename` from the resource URI). Other media become text placeholders
 * such as `[audio: audio/wav, 4 bytes]`.
 * An error result (`isError: true`) or a `ToolError` starts with the error prefix.
 *
 * @param callId - the `call_id` of the `function_call` item
 * @param outcome - the MCP result of running the call, or the `ToolError` that stopped it
 * @param options - `errorPrefix` (default `"Error: "`), `structured` (default `"auto"`), `maxOutputBytes` (default: no
 *   limit)
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
  const items = rendered.parts.map(outputItem);
  const output = items.some((item) => item.type !== "input_text") ? items : renderedText(rendered);
  return { type: "function_call_output", call_id: callId, output };
}

/** One rendered part as an output item: an image or a file the API reads as such, otherwise text. */
function outputItem(part: RenderedPart): ResponsesInputText | ResponsesInputImage | ResponsesInputFile {
  switch (part.type) {
    case "text":
      return { type: "input_text", text: part.text };
    case "image": {
      const url = imageDataUri(part.mimeType, part.data);
      return url === undefined
        ? { type: "input_text", text: part.placeholder }
        : { type: "input_image", image_url: url, detail: "auto" };
    }
    case "file":
      return fileInput(part.mimeType, part.data, part.uri) ?? { type: "input_text", text: part.placeholder };
    default: {
      const _exhaustive: never = part;
      return _exhaustive;
    }
  }
}
