import { buildToolset, toCallToolResult } from "@x/toolset";
import type { BuiltToolset } from "@x/toolset";
// What an API adapter is built from (adapter authors only):
import { prepareToolDefinitions, renderResult, renderedText, resolveToolCalls } from "@x/toolset/adapter";
import type { PreparedDefinitions, RenderedResult, ResolvedToolCalls } from "@x/toolset/adapter";

// What two MCP servers' tools/list returned (`(await client.listTools()).tools`).
const notesTools = [
  {
    name: "search",
    description: "Searches the notes.\u200B",
    inputSchema: {
      type: "object",
      properties: { query: { type: "string" }, limit: { type: "integer" } },
      required: ["query"],
    },
  },
];
const webTools = [
  {
    name: "fetch.page",
    title: "Fetch a page",
    inputSchema: {
      type: "object",
      properties: { url: { type: "string" }, headers: { type: "object", additionalProperties: { type: "string" } } },
      required: ["url"],
    },
  },
];

// 1. One toolset: safe unique names, sanitised descriptions, a report of every change.
export const built: BuiltToolset = buildToolset({ notes: notesTools, web: webTools });
const { toolset } = built;
// toolset.entries.map((e) => e.name) → ["notes__search", "web__fetch_page"]
// built.report.renamed → [{ server: "web", toolName: "fetch.page", name: "web__fetch_page", reasons: ["invalid-characters"] }]
// built.report.sanitized → [{ server: "notes", toolName: "search", name: "notes__search",
//   changes: [{ path: ["description"], removed: 1, cut: false, bytes: 22 }] }] (the zero-width space)

// 2. Provider-neutral tool definitions, strict where the schema allows.
export const prepared: PreparedDefinitions = prepareToolDefinitions(toolset, { strict: "auto" });
// prepared.tools[0] → { name: "notes__search", description: "Searches the notes.", strict: true,
//   parameters: { type: "object", properties: { query: { type: "string" }, limit: { type: ["integer", "null"] } },
//                 required: ["limit", "query"], additionalProperties: false } }
// prepared.plans.notes__search → { nullPaths: [["limit"]], encodings: [] } (strip the null the model adds for limit)
// prepared.report.encoded → { web__fetch_page: [{ kind: "entries", path: ["headers"] }] }
//   (the headers map is sent as a list of { key, value } entries, which strict mode can express)

// 3. The model's calls (an adapter reads them from the response) resolve to server and tool,
//    with the arguments restored by each tool's plan: nulls stripped, entries back to an object.
export const resolved: ResolvedToolCalls = resolveToolCalls(
  [
    { callId: "call_1", name: "notes__search", arguments: '{"query":"cats","limit":null}', index: 0, kind: "function" },
    { callId: "call_2", name: "notes__delete", arguments: "{}", index: 1, kind: "function" },
    {
      callId: "call_3",
      name: "web__fetch_page",
      arguments: '{"url":"https://x.dev","headers":[{"key":"accept","value":"text/html"}]}',
      index: 2,
      kind: "function",
    },
  ],
  { toolset, plans: prepared.plans },
);
// resolved.calls → [{ callId: "call_1", name: "notes__search", server: "notes", toolName: "search", arguments: { query: "cats" }, index: 0 },
//   { callId: "call_3", …, arguments: { url: "https://x.dev", headers: { accept: "text/html" } }, index: 2 }]
// resolved.rejected[0].error.message → 'There is no tool named "notes__delete". Available tools: notes__search, web__fetch_page.'

// 4. Run each call on its server's MCP client, then render the result:
//    toCallToolResult(await client.callTool({ name: call.toolName, arguments: call.arguments }))
export const rendered: RenderedResult = renderResult(
  toCallToolResult({
    content: [
      { type: "text", text: "3 notes about cats" },
      { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
    ],
  }),
);
export const text: string = renderedText(rendered);
// text → "3 notes about cats\n[image: image/png, 8 bytes]"
