// @x/gemini: for anyone calling the Gemini API with MCP tools.
//
// The request's `tools` (function declarations Gemini takes, every tool
// lowered or reported), the model's calls read back, the `functionResponse`
// parts that answer them, and `adapter`, which bundles these for
// @x/executor. Wire shapes only: the shared stages live in @x/toolset.
export { tools } from "./tools";
export type { GeminiTools, GeminiToolsOptions, GeminiToolsReport } from "./tools";
export type { SchemaForm } from "./lower-schema";
export { toolCalls } from "./tool-calls";
export type { GeminiToolCalls } from "./tool-calls";
export { renderedOutput, toolOutput } from "./tool-output";
export type { GeminiOutputOptions, ResponseMedia } from "./tool-output";
export { responseItems } from "./response-items";
export { turnItems, userMessage } from "./turn-items";
export { responseEnd } from "./response-end";
export { collectStream } from "./collect-stream";
export type { GeminiCollectedCandidate, GeminiCollectedResponse } from "./collect-stream";
export { allowedTools } from "./allowed-tools";
export type { GeminiCallingMode, GeminiToolConfig } from "./allowed-tools";
export { loadedTools } from "./tool-search";
export type { GeminiSearchIndex } from "./tool-search";
export { geminiName, GEMINI_NAME_PATTERN } from "./gemini-name";
export { adapter } from "./adapter";
export type { GeminiAdapter } from "./adapter";
export type {
  GeminiAnswer,
  GeminiBlob,
  GeminiCandidate,
  GeminiContent,
  GeminiFunctionCall,
  GeminiFunctionDeclaration,
  GeminiFunctionResponse,
  GeminiFunctionResponseBlob,
  GeminiFunctionResponseMedia,
  GeminiOpenApiSchema,
  GeminiPart,
  GeminiResponse,
  GeminiTool,
  GeminiToolSearchOutput,
  GeminiUsage,
} from "./gemini-types";
