import fc from "fast-check";
import { buildToolset } from "@x/toolset";
import { describe, expect, it } from "vitest";
import type { GeminiPart, GeminiResponse } from "./gemini-types";
import { responseItems } from "./response-items";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const toolset = buildToolset([
  [
    "files",
    [
      {
        name: "read_file",
        description: "Reads a file.",
        inputSchema: {
          type: "object",
          properties: { path: { type: "string" }, encoding: { type: "string" } },
          required: ["path"],
        },
      },
      { name: "list_dir", inputSchema: { type: "object" } },
      {
        name: "set_env",
        inputSchema: {
          type: "object",
          properties: { env: { type: "object", additionalProperties: { type: "string" } } },
          required: ["env"],
        },
      },
    ],
  ],
  ["1password", [{ name: "get_item", inputSchema: { type: "object", properties: { id: { type: "string" } } } }]],
]).toolset;
const prepared = tools(toolset);
// The plan of a tool whose map is sent as key/value entries (what the target decides; fixed here).
const entries = {
  ...prepared,
  plans: {
    ...prepared.plans,
    files__set_env: { nullPaths: [], encodings: [{ kind: "entries" as const, path: ["env"] }] },
  },
};

const response = (parts: GeminiPart[], finishReason: string | null = "STOP"): GeminiResponse => ({
  candidates: [{ content: { role: "model", parts }, ...(finishReason === null ? {} : { finishReason }) }],
});
const call = (name: string, args?: unknown, id?: string): GeminiPart => ({
  functionCall: {
    name,
    ...(args === undefined ? {} : { args: args as { [key: string]: unknown } }),
    ...(id ? { id } : {}),
  },
});

describe("toolCalls", () => {
  it("restores encoded arguments with the tool's plan", () => {
    const found = toolCalls(response([call("files__set_env", { env: [{ key: "A", value: "1" }] }, "e")]), entries);
    expect(found.calls[0]?.arguments).toEqual({ env: { A: "1" } });
  });

  it("runs each functionCall part in order, with its own id and its arguments", () => {
    const found = toolCalls(
      response([
        { text: "Reading." },
        call("files__read_file", { path: "/a.txt" }, "fc_1"),
        call("files__list_dir", undefined, "fc_2"),
      ]),
      prepared,
    );
    expect(found.calls).toEqual([
      {
        callId: "fc_1",
        name: "files__read_file",
        server: "files",
        toolName: "read_file",
        arguments: { path: "/a.txt" },
        index: 0,
      },
      { callId: "fc_2", name: "files__list_dir", server: "files", toolName: "list_dir", arguments: {}, index: 1 },
    ]);
    expect(found.rejected).toEqual([]);
  });

  it("maps a renamed tool back to its server and tool", () => {
    const found = toolCalls(response([call("_1password__get_item", { id: "x" }, "fc_1")]), prepared);
    expect(found.calls[0]).toMatchObject({ name: "1password__get_item", server: "1password", toolName: "get_item" });
  });

  it("refuses a renamed tool called by its exposed name: the model was not told that name", () => {
    const found = toolCalls(response([call("1password__get_item", { id: "x" }, "fc_1")]), prepared);
    expect(found.calls).toEqual([]);
    expect(found.rejected[0]?.error.code).toBe("unknown-tool");
  });

  it("makes up the same ids for the same content, different ones for another, and answers them without an id", () => {
    const parts = [call("files__list_dir"), call("files__list_dir")];
    const first = toolCalls(response(parts), prepared).calls.map((found) => found.callId);
    expect(first[0]).toMatch(/^gemini-call-[0-9a-f]{8}-0$/);
    expect(first[1]).toMatch(/^gemini-call-[0-9a-f]{8}-1$/);
    expect(toolCalls(response(parts), prepared).calls.map((found) => found.callId)).toEqual(first);
    expect(toolCalls(responseItems(response(parts)), prepared).calls.map((found) => found.callId)).toEqual(first);
    const other = toolCalls(response([call("files__read_file", { path: "/b" })]), prepared).calls[0]?.callId;
    expect(other?.slice(0, -2)).not.toBe(first[0]?.slice(0, -2));
  });

  it("answers what it cannot run with an error, named as the model called it, in the model's order", () => {
    const found = toolCalls(
      response([
        call("files__read_fil", {}, "a"),
        call("files__read_file", { path: "/a" }, "b"),
        call("files__read_file", ["x"] as unknown, "c"),
        call("files__read_file", { path: 1 }, "d"),
        call(
          "files__set_env",
          {
            env: [
              { key: "A", value: "1" },
              { key: "A", value: "2" },
            ],
          },
          "e",
        ),
      ]),
      entries,
    );
    expect(found.calls.map((run) => run.callId)).toEqual(["b", "d"]);
    expect(
      found.rejected.map(({ callId, index, error, output }) => ({
        callId,
        index,
        code: error.code,
        output: output.functionResponse,
      })),
    ).toMatchInlineSnapshot(`
      [
        {
          "callId": "a",
          "code": "unknown-tool",
          "index": 0,
          "output": {
            "id": "a",
            "name": "files__read_fil",
            "response": {
              "error": "Error: There is no tool named "files__read_fil". Available tools: _1password__get_item, files__list_dir, files__read_file, files__set_env.",
            },
          },
        },
        {
          "callId": "c",
          "code": "arguments-not-object",
          "index": 2,
          "output": {
            "id": "c",
            "name": "files__read_file",
            "response": {
              "error": "Error: The arguments must be a JSON object, got an array. Send them as {"name": value, …}.",
            },
          },
        },
        {
          "callId": "e",
          "code": "arguments-not-restorable",
          "index": 4,
          "output": {
            "id": "e",
            "name": "files__set_env",
            "response": {
              "error": "Error: The arguments cannot be given to the tool: At #/env/1/key: the key "A" is given twice; send each key once.",
            },
          },
        },
      ]
    `);
  });

  it("rejects every call of a response cut short (no finishReason), without running any", () => {
    const found = toolCalls(response([call("files__list_dir", {}, "fc_1")], null), prepared);
    expect(found.calls).toEqual([]);
    expect(found.rejected.map((rejection) => rejection.error.code)).toEqual(["incomplete-call"]);
  });

  it("answers a repeated id once and runs none of its calls", () => {
    const found = toolCalls(response([call("files__list_dir", {}, "x"), call("files__list_dir", {}, "x")]), prepared);
    expect(found.calls).toEqual([]);
    expect(found.rejected.map((rejection) => rejection.error.code)).toEqual(["duplicate-call-id"]);
  });

  it("reads the calls of the contents responseItems gave, as of the response", () => {
    const parts = [{ text: "hm", thoughtSignature: "c2ln" }, call("files__read_file", { path: "/a" }, "fc_1")];
    expect(toolCalls(responseItems(response(parts)), prepared)).toEqual(toolCalls(response(parts), prepared));
  });

  it("words the answers with the errorPrefix the tools were prepared with", () => {
    const found = toolCalls(response([call("nope", {}, "a")]), tools(toolset, { errorPrefix: "[refused] " }));
    expect(found.rejected[0]?.output.functionResponse.response).toEqual({
      error:
        '[refused] There is no tool named "nope". Available tools: _1password__get_item, files__list_dir, ' +
        "files__read_file, files__set_env.",
    });
  });

  it("never throws, whatever the response holds", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (whole, args) => {
        toolCalls(whole as GeminiResponse, prepared);
        toolCalls(response([{ functionCall: { name: "files__read_file", args } } as GeminiPart]), prepared);
      }),
    );
  });
});
