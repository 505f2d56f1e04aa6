// The large tool sets guide (docs/large-tool-sets.md): its examples are the fixtures below, word for word,
// and the tool search one runs for real: the official openai client over HTTP to a stand-in that searches
// for a tool first, calls it in its namespace once the search loaded it, then answers; a real MCP server.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askWithSearch } from "./__fixtures__/guide-tool-search";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";

const guide = readFileSync(new URL("../../../docs/large-tool-sets.md", import.meta.url), "utf8");
const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), "utf8");

interface Item {
  readonly type?: string;
  readonly call_id?: string;
  readonly output?: unknown;
  readonly tools?: { readonly type: string; readonly name: string; readonly tools?: { readonly name: string }[] }[];
}
interface ResponsesRequest {
  readonly input: Item[];
  readonly tools: { readonly type: string; readonly execution?: string }[];
}

const requests: ResponsesRequest[] = [];
const response = (output: object[]) => ({
  id: `resp_${requests.length}`,
  object: "response",
  created_at: 1,
  model: "gpt-5.4",
  status: "completed",
  output,
});
const outputOf = (request: ResponsesRequest): string =>
  String(request.input.find((item) => item.type === "function_call_output")?.output);
const http = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    const request = JSON.parse(body) as ResponsesRequest;
    requests.push(request);
    const answered = (type: string) => request.input.some((item) => item.type === type);
    const reply = !answered("tool_search_output")
      ? response([
          {
            type: "tool_search_call",
            id: "ts_1",
            call_id: "search_1",
            execution: "client",
            arguments: { query: "read a note" },
            status: "completed",
          },
        ])
      : !answered("function_call_output")
        ? response([
            {
              type: "function_call",
              id: "fc_1",
              call_id: "call_read",
              namespace: "notes",
              name: "read_note",
              arguments: '{"title":"todo"}',
              status: "completed",
            },
          ])
        : response([
            {
              type: "message",
              id: "msg_1",
              role: "assistant",
              status: "completed",
              content: [
                {
                  type: "output_text",
                  text: `The note says: ${outputOf(request)}`,
                  annotations: [],
                },
              ],
            },
          ]);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
  });
});

let notes: NotesServer;
beforeAll(async () => {
  notes = await startNotesServer();
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await notes.close();
  await new Promise((resolve) => http.close(resolve));
});

describe("the large tool sets guide", () => {
  it.each(["guide-tool-search.ts", "previous-response-example.ts"])("shows %s word for word", (name) => {
    expect(guide).toContain(`\`\`\`ts\n${fixture(name)}\`\`\``);
  });

  it("sends only tool_search, answers the search with the notes namespace, and runs the call it loaded", async () => {
    const { port } = http.address() as AddressInfo;
    const openai = new OpenAI({ apiKey: "test", baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 });
    const text = await askWithSearch("What is on my todo note?", openai, {
      toolset: notes.toolset,
      clients: { notes: notes.client },
    });
    expect(text).toBe("The note says: buy milk");
    expect(requests[0]?.tools).toEqual([expect.objectContaining({ type: "tool_search", execution: "client" })]);
    const found = requests[1]?.input.find((item) => item.type === "tool_search_output");
    expect(found?.call_id).toBe("search_1");
    expect(found?.tools?.map((tool) => [tool.type, tool.name])).toEqual([["namespace", "notes"]]);
    expect(found?.tools?.[0]?.tools?.map((tool) => tool.name)).toContain("read_note");
    expect(notes.ran).toEqual([["read_note", { title: "todo" }]]);
  });
});
