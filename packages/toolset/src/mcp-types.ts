// Structural MCP types: what a `tools/list` and a `tools/call` carry.
// Compatible with @modelcontextprotocol/sdk's `Tool` and `CallToolResult`
// (a type test proves it) without depending on the SDK at run time.

/** A tool's input schema as MCP sends it: a JSON Schema object with `type: "object"`. */
export interface McpInputSchema {
  type: "object";
  properties?: { [name: string]: object } | undefined;
  required?: string[] | undefined;
  [keyword: string]: unknown;
}

/** One tool of a `tools/list` result. */
export interface McpTool {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema: McpInputSchema;
  [field: string]: unknown;
}

/** `{ type: "text" }` content. */
export interface McpTextContent {
  type: "text";
  text: string;
  [field: string]: unknown;
}

/** `{ type: "image" }` content: base64 `data` and its `mimeType`. */
export interface McpImageContent {
  type: "image";
  data: string;
  mimeType: string;
  [field: string]: unknown;
}

/** `{ type: "audio" }` content: base64 `data` and its `mimeType`. */
export interface McpAudioContent {
  type: "audio";
  data: string;
  mimeType: string;
  [field: string]: unknown;
}

/** `{ type: "resource_link" }` content: a pointer to a resource, not its contents. */
export interface McpResourceLink {
  type: "resource_link";
  uri: string;
  name: string;
  mimeType?: string | undefined;
  [field: string]: unknown;
}

/** The contents of an embedded resource: `text` or base64 `blob`. */
export type McpResourceContents =
  | { uri: string; mimeType?: string | undefined; text: string; [field: string]: unknown }
  | { uri: string; mimeType?: string | undefined; blob: string; [field: string]: unknown };

/** `{ type: "resource" }` content: an embedded resource. */
export interface McpEmbeddedResource {
  type: "resource";
  resource: McpResourceContents;
  [field: string]: unknown;
}

/** One block of a tool result's `content`. */
export type McpContentBlock =
  McpTextContent | McpImageContent | McpAudioContent | McpResourceLink | McpEmbeddedResource;

/** The result of a `tools/call`. */
export interface McpCallToolResult {
  content: McpContentBlock[];
  structuredContent?: { [key: string]: unknown } | undefined;
  isError?: boolean | undefined;
  [field: string]: unknown;
}
