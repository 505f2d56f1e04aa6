// @x/toolset/adapter: for authors of an API adapter (what @x/openai-chat and
// @x/openai-responses are), not for their users.
//
// The provider-neutral stages an adapter is built from, each done once here:
// strict preparation of the tool definitions, resolving the model's calls
// (names, arguments, rejections), and rendering a result or error (content,
// structured mode, size cap, error prefix), and reading a stream's events for
// `collectStream`. An adapter maps their output to
// its API's wire shapes and does nothing else; `Adapter` is the object it
// hands to @x/executor.
export type { Adapter, ToolCallsOptions } from "../adapter-interface";
export { prepareToolDefinitions } from "../prepare-tool-definitions";
export type { PreparedTool } from "../prepare-tool-definitions";
export { decodeArguments } from "../decode-arguments";
export type { DecodedArguments } from "../decode-arguments";
export { resolveToolCalls } from "../resolve-tool-calls";
export type { RawToolCall, Rejection, ResolvedToolCalls } from "../resolve-tool-calls";
export { renderResult } from "../render-result";
export type { RenderedPart, RenderedResult } from "../render-result";
export { renderedText } from "../rendered-text";
export { checkRenderOptions } from "../render-options";
export { readStream } from "../read-stream";
export type { RenderOptionNames, RenderSettings } from "../render-options";
