// @x/testing: test-only helpers shared by the tests of several @x packages.
// Private: never built or published; its files run as sources.
export { loadCorpus } from "./corpus";
export type { CorpusServer } from "./corpus";
export { filesNullPaths, filesStrictNullPaths, filesToolset } from "./files-toolset";
export { IMAGES, OUTCOMES, PDF } from "./mcp-results";
export type { OutcomeCase } from "./mcp-results";
export { startDemoServer } from "./mcp-server";
export type { DemoServer } from "./mcp-server";
export { NON_JSON_SHAPES, nonJsonValue } from "./non-json-values";
export { invalidRequest, startOpenAiServer } from "./openai-server";
export type { Exchange, Json, OpenAiServer, Reply } from "./openai-server";
export { refuseResponsesRequest } from "./responses-request";
export { DEMO_CALLS, callSummary, startRoundTrip } from "./round-trip";
export type { RoundTrip } from "./round-trip";
export { TOOL_CALL_CASES, describeToolCallCases } from "./tool-call-cases";
export type { FunctionCallSpec, RejectedCase, ToolCallCase, ToolCallCasesDriver } from "./tool-call-cases";
export {
  anthropicError,
  anthropicMessage,
  invalidMessagesRequest,
  messageEvents,
  startAnthropicServer,
} from "./anthropic-server";
export type { AnthropicExchange, AnthropicReply, AnthropicServer } from "./anthropic-server";
export { refuseMessagesRequest } from "./anthropic-request";
export { strictCost, strictRefusal } from "./anthropic-strict-check";
