// @x/testing: test-only helpers shared by the tests of several @x packages.
// Private: never built or published; its files run as sources.
export { loadCorpus } from "./corpus";
export type { CorpusServer } from "./corpus";
export { filesToolset } from "./files-toolset";
export { invalidArgument, refuseGeminiRequest } from "./gemini-request";
export type { GeminiError, IssuedSignature } from "./gemini-request";
export { startGeminiServer } from "./gemini-server";
export type { GeminiExchange, GeminiRequest, GeminiServer, GeminiServerOptions, GeminiTurn } from "./gemini-server";
export { HOSTILE_DEPTH, HOSTILE_KINDS, hostile, hostileValue, withHostileValues } from "./hostile-values";
export type { HostileKind } from "./hostile-values";
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
export { createV2DemoServer } from "./v2-demo-server";
export type { V2DemoServer, V2DemoServerOptions, V2ServerLog } from "./v2-demo-server";
export { startV2HttpServer } from "./v2-http-server";
export type { V2HttpRequest, V2HttpServer } from "./v2-http-server";
export { connectV2InMemory, connectV2InProcess } from "./v2-in-process";
export type { V2InProcess, V2InProcessOptions } from "./v2-in-process";
export { v1InMemory, v1OverHttp, v2InMemory, v2OverHttp } from "./mcp-v2-connections";
export type { ConnectionOptions, ToolConnection } from "./mcp-v2-connections";
export { serveOverHttp } from "./mcp-http-server";
export type { FetchHandler, McpHttpServer, ReceivedRequest } from "./mcp-http-server";
export { CONNECT_URL, NAME_FORM, serverLog, v1ToolServer, v2ToolServer } from "./mcp-v2-tool-servers";
export type { ServerLog } from "./mcp-v2-tool-servers";
export {
  anthropicError,
  anthropicMessage,
  invalidMessagesRequest,
  messageEvents,
  startAnthropicServer,
} from "./anthropic-server";
export type { AnthropicExchange, AnthropicReply, AnthropicServer } from "./anthropic-server";
export { refuseMessagesRequest } from "./anthropic-request";
export { strictCost } from "./anthropic-strict-cost";
