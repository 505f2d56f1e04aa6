import type { RenderOptions, ToolOutcome } from "@x/toolset";
import { renderResult, renderedText } from "@x/toolset/adapter";
import type { CallRef, RenderedPart, RenderedResult } from "@x/toolset/adapter";
import type { CallItemType } from "./read-calls";
import { fileInput } from "./file-input";
import { imageDataUri } from "./image-input";
import type {
  ResponsesCallOutput,
  ResponsesFunctionCallOutput,
  ResponsesInputFile,
  ResponsesInputImage,
  ResponsesInputText,
} from "./responses-types";

/**
 * The item answering `call` with a tool's outcome: an MCP `CallToolResult`
 * (checked with `toCallToolResult`) or a `ToolError`, as a
 * `function_call_output` whose `output` is text, or a list of `input_text`,
 * `input_image` and `input_file` items when the result holds an image or a
 * file the API takes. An error's text starts with `errorPrefix` (default
 * `"Error: "`).
 *
 * @param call - the call answered (a `ToolCall`, or `{ callId, name }`)
 * @param outcome - the result or error
 * @param options - `errorPrefix`, `structured`, `maxOutputBytes`
 * @returns the item for the next request's `input`
 * @example
 * ```ts
 * const result = await client.callTool({ name: call.toolName, arguments: call.arguments });
 * input.push(toolOutput(call, toCallToolResult(result)));
 * ```
 */
export function toolOutput(call: CallRef, outcome: ToolOutcome, options?: RenderOptions): ResponsesFunctionCallOutput {
  return functionCallOutput(call.callId, renderResult(outcome, options));
}

/** A `function_call_output`: text, or a list of items when the result holds an image or a file the API takes. */
function functionCallOutput(callId: string, rendered: RenderedResult): ResponsesFunctionCallOutput {
  const items = rendered.parts.map(outputItem);
  const output = items.some((item) => item.type !== "input_text") ? items : renderedText(rendered);
  return { type: "function_call_output", call_id: callId, output };
}

/**
 * The item answering `call` with a rendered result, in the output type of
 * the call's item: a `function_call_output` (with images and files where the
 * API takes them), or, for a call this package never runs (a custom tool,
 * client-side shell, local shell, apply patch), that call's own output type
 * holding the text.
 */
export function renderedOutput(call: CallRef, rendered: RenderedResult): ResponsesCallOutput {
  const callId = call.callId;
  const itemType = (call.itemType ?? "function_call") as CallItemType;
  if (itemType === "function_call") return functionCallOutput(callId, rendered);
  const message = renderedText(rendered);
  switch (itemType) {
    case "custom_tool_call":
      return { type: "custom_tool_call_output", call_id: callId, output: message };
    case "shell_call":
      return {
        type: "shell_call_output",
        call_id: callId,
        output: [{ stdout: "", stderr: message, outcome: { type: "exit", exit_code: 1 } }],
      };
    case "local_shell_call":
      return { type: "local_shell_call_output", id: callId, output: message };
    case "apply_patch_call":
      return { type: "apply_patch_call_output", call_id: callId, status: "failed", output: message };
    default: {
      const _exhaustive: never = itemType;
      return _exhaustive;
    }
  }
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
