// @x/toolset/adapter: for authors of a model API adapter (what @x/openai-chat,
// @x/openai-responses, @x/anthropic and @x/gemini are), not for their users.
//
// The provider-neutral stages an adapter is built from, each done once here:
// strict preparation of the tool definitions, resolving the model's calls
// (names, arguments, rejections), rendering a result or error (content,
// structured mode, size cap, error prefix), and reading a stream's events for
// `collectStream`. An adapter maps their output to its API's wire shapes and
// does nothing else; `Adapter` is the object it hands to @x/executor.
export type { Adapter, CallRef, ResponseEnd, ToolCallsOptions } from "../adapter-interface";
export { prepareToolDefinitions } from "../prepare-tool-definitions";
export type { PreparedDefinitions, PreparedTool } from "../prepare-tool-definitions";
export { decodeArguments } from "../decode-arguments";
export type { DecodedArguments } from "../decode-arguments";
export { resolveToolCalls } from "../resolve-tool-calls";
export type { RawToolCall, Rejection, ResolvedToolCalls, ResolveTarget } from "../resolve-tool-calls";
export { answerRejected } from "../answer-rejected";
export { renderResult } from "../render-result";
export type { RenderedPart, RenderedResult } from "../render-result";
export { renderedText } from "../rendered-text";
export { checkRenderOptions } from "../render-options";
export type { OutputSettings, RenderSettings } from "../render-options";
export { readStream } from "../read-stream";
export { describeValue, showValue } from "../describe-value";
export { queryTooLarge, searchTools } from "../search-tools";
export type { SearchableTool, SearchMatch } from "../search-tools";
