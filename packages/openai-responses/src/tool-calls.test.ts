import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeToolCallCases, filesToolset as toolset } from "@x/testing";
import type { ResponsesItem } from "./responses-types";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const fn = (callId: string, name: string, args: string, extra: object = {}): ResponsesItem =>
  ({
    type: "function_call",
    id: `fc_${callId}`,
    call_id: callId,
    name,
    arguments: args,
    status: "completed",
    ...extra,
  }) as ResponsesItem;
const read = fn("call_1", "files__read_file", '{"path":"/a.txt","encoding":null}');
const list = fn("call_2", "files__list_dir", "");
const item = (fields: object): ResponsesItem => fields as ResponsesItem;

describe("toolCalls", () => {
  describeToolCallCases({
    tools,
    toolCalls,
    // The table also sends arguments as an object, as an OpenAI-compatible server may.
    response: (calls) => ({
      output: calls.map(({ callId, name, arguments: args }) => fn(callId, name, args as string)),
    }),
    answer: (output) => {
      // The table's calls are all function calls: each is answered by a function_call_output.
      if (output.type !== "function_call_output") throw new Error(`A function call answered by a ${output.type}.`);
      return {
        callId: output.call_id,
        text: typeof output.output === "string" ? output.output : JSON.stringify(output.output),
      };
    },
  });

  it.each<[string, { output: ResponsesItem[] } | ResponsesItem[]]>([
    ["a response", { output: [read, list] }],
    ["a list of output items", [read, list]],
  ])("reads %s", (_, response) => {
    expect(toolCalls(response, tools(toolset))).toEqual({
      calls: [
        {
          callId: "call_1",
          name: "files__read_file",
          server: "files",
          toolName: "read_file",
          arguments: { path: "/a.txt" },
          index: 0,
        },
        { callId: "call_2", name: "files__list_dir", server: "files", toolName: "list_dir", arguments: {}, index: 1 },
      ],
      rejected: [],
      searches: [],
    });
  });

  it("ignores messages, reasoning and hosted tools' items, and indexes calls and searches among themselves", () => {
    const output = [
      item({ type: "reasoning", id: "rs_1", summary: [] }),
      item({
        type: "message",
        id: "msg_1",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: "Hi", annotations: [] }],
      }),
      item({ type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search", query: "x" } }),
      item({ type: "file_search_call", id: "fs_1", queries: [], status: "completed" }),
      item({
        type: "code_interpreter_call",
        id: "ci_1",
        code: "1",
        container_id: "c",
        outputs: [],
        status: "completed",
      }),
      item({ type: "image_generation_call", id: "ig_1", result: null, status: "completed" }),
      item({ type: "mcp_call", id: "mcp_1", name: "x", arguments: "{}", server_label: "s" }),
      item({ type: "mcp_list_tools", id: "ml_1", server_label: "s", tools: [] }),
      item({ type: "mcp_approval_request", id: "ma_1", name: "x", arguments: "{}", server_label: "s" }),
      item({ type: "program", id: "p_1", call_id: "prog_1", code: "", fingerprint: "" }),
      item({
        type: "shell_call",
        id: "sh_1",
        call_id: "call_hosted_shell",
        action: { commands: ["ls"] },
        environment: { type: "container_reference", container_id: "c" },
        status: "completed",
      }),
      item({
        type: "computer_call",
        id: "cu_1",
        call_id: "call_computer",
        pending_safety_checks: [],
        status: "completed",
        action: { type: "screenshot" },
      }),
      item({
        type: "tool_search_call",
        id: "ts_1",
        call_id: "call_search",
        arguments: {},
        execution: "client",
        status: "completed",
      }),
      list,
    ];
    const found = toolCalls(output, tools(toolset));
    expect(found.calls).toEqual([
      { callId: "call_2", name: "files__list_dir", server: "files", toolName: "list_dir", arguments: {}, index: 1 },
    ]);
    expect(found.rejected).toEqual([]);
    // A client-executed search is answered even when nothing was deferred to one: no tool found.
    expect(found.searches.map(({ callId, index, found: names }) => [callId, index, names])).toEqual([
      ["call_search", 0, []],
    ]);
  });

  it("answers each call it cannot run in its own output type, in the model's order", () => {
    const output = [
      fn("call_a", "files__read_fil", "{}"),
      read,
      fn("call_b", "files__read_file", '{"path":'),
      fn("call_c", "files__read_file", '"text"'),
      item({ type: "custom_tool_call", call_id: "call_d", name: "run_python", input: "print(1)" }),
      item({
        type: "shell_call",
        id: "sh_1",
        call_id: "call_e",
        action: { commands: ["ls"] },
        environment: { type: "local" },
        status: "completed",
      }),
      item({
        type: "shell_call",
        id: "sh_2",
        call_id: "call_f",
        action: { commands: ["ls"] },
        environment: null,
        status: "completed",
      }),
      item({
        type: "local_shell_call",
        id: "ls_1",
        call_id: "call_g",
        action: { type: "exec", command: ["ls"], env: {} },
        status: "completed",
      }),
      item({
        type: "apply_patch_call",
        id: "ap_1",
        call_id: "call_h",
        operation: { type: "delete_file", path: "a" },
        status: "completed",
      }),
      fn("call_i", "list_dir", "{}", { namespace: "fils" }),
    ];
    const { calls, rejected } = toolCalls(output, tools(toolset));
    expect(calls.map((call) => [call.callId, call.index])).toEqual([["call_1", 1]]);
    expect(rejected.map(({ callId, name, index, error }) => [callId, name, index, error.code])).toEqual([
      ["call_a", "files__read_fil", 0, "unknown-tool"],
      ["call_b", "files__read_file", 2, "arguments-not-json"],
      ["call_c", "files__read_file", 3, "arguments-not-object"],
      ["call_d", "run_python", 4, "unsupported-call"],
      ["call_e", "shell", 5, "unsupported-call"],
      ["call_f", "shell", 6, "unsupported-call"],
      ["call_g", "local_shell", 7, "unsupported-call"],
      ["call_h", "apply_patch", 8, "unsupported-call"],
      ["call_i", "fils.list_dir", 9, "unknown-tool"],
    ]);
    expect(rejected.map((r) => r.output)).toMatchInlineSnapshot(`
      [
        {
          "call_id": "call_a",
          "output": "Error: There is no tool named "files__read_fil". Available tools: files__list_dir, files__read_file, files__search.",
          "type": "function_call_output",
        },
        {
          "call_id": "call_b",
          "output": "Error: The arguments are not valid JSON: they end before the JSON is complete (an unclosed string, object or array). Received: {"path":. Send the arguments as one complete JSON object.",
          "type": "function_call_output",
        },
        {
          "call_id": "call_c",
          "output": "Error: The arguments must be a JSON object, got a string. Send them as {"name": value, …}.",
          "type": "function_call_output",
        },
        {
          "call_id": "call_d",
          "output": "Error: "run_python" is not a function tool: this client runs function calls only.",
          "type": "custom_tool_call_output",
        },
        {
          "call_id": "call_e",
          "output": [
            {
              "outcome": {
                "exit_code": 1,
                "type": "exit",
              },
              "stderr": "Error: "shell" is not a function tool: this client runs function calls only.",
              "stdout": "",
            },
          ],
          "type": "shell_call_output",
        },
        {
          "call_id": "call_f",
          "output": [
            {
              "outcome": {
                "exit_code": 1,
                "type": "exit",
              },
              "stderr": "Error: "shell" is not a function tool: this client runs function calls only.",
              "stdout": "",
            },
          ],
          "type": "shell_call_output",
        },
        {
          "id": "call_g",
          "output": "Error: "local_shell" is not a function tool: this client runs function calls only.",
          "type": "local_shell_call_output",
        },
        {
          "call_id": "call_h",
          "output": "Error: "apply_patch" is not a function tool: this client runs function calls only.",
          "status": "failed",
          "type": "apply_patch_call_output",
        },
        {
          "call_id": "call_i",
          "output": "Error: There is no namespace "fils". Namespaces: files.",
          "type": "function_call_output",
        },
      ]
    `);
  });

  it("answers with the caller's output options: errorPrefix reaches every output type", () => {
    const output = [
      fn("call_a", "files__nope", "{}"),
      item({ type: "custom_tool_call", call_id: "call_d", name: "run_python", input: "print(1)" }),
      item({
        type: "shell_call",
        id: "sh_1",
        call_id: "call_e",
        action: { commands: ["ls"] },
        environment: { type: "local" },
        status: "completed",
      }),
      item({
        type: "local_shell_call",
        id: "ls_1",
        call_id: "call_g",
        action: { type: "exec", command: ["ls"], env: {} },
        status: "completed",
      }),
      item({
        type: "apply_patch_call",
        id: "ap_1",
        call_id: "call_h",
        operation: { type: "delete_file", path: "a" },
        status: "completed",
      }),
    ];
    const { rejected } = toolCalls(output, tools(toolset, { errorPrefix: "[refused] " }));
    const texts = rejected.map(({ output: answer }) =>
      answer.type === "shell_call_output" ? answer.output[0]?.stderr : answer.output,
    );
    expect(texts).toEqual(rejected.map((r) => `[refused] ${r.error.message}`));
  });

  it("answers a repeated call id once, in the output type of its first item, and runs none of its calls", () => {
    const output = [item({ type: "custom_tool_call", call_id: "call_1", name: "run_python", input: "" }), list, read];
    const { calls, rejected } = toolCalls(output, tools(toolset));
    expect(calls.map((call) => call.callId)).toEqual(["call_2"]);
    expect(
      rejected.map(({ callId, index, error, output: answer }) => [callId, index, error.code, answer.type]),
    ).toEqual([["call_1", 0, "duplicate-call-id", "custom_tool_call_output"]]);
  });

  it("does not answer a call the output answers already", () => {
    const output = [
      read,
      item({ type: "function_call_output", id: "fco_1", call_id: "call_1", output: "done", status: "completed" }),
      item({
        type: "local_shell_call",
        id: "ls_1",
        call_id: "call_g",
        action: { type: "exec", command: ["ls"], env: {} },
        status: "completed",
      }),
      item({ type: "local_shell_call_output", id: "call_g", output: "a.txt" }),
    ];
    expect(toolCalls(output, tools(toolset))).toEqual({ calls: [], rejected: [], searches: [] });
  });

  it("does not answer a call whose id the conversation answered earlier (answeredCallIds)", () => {
    const { calls, rejected } = toolCalls([read, list], tools(toolset), {
      answeredCallIds: new Set(["call_1"]),
    });
    expect(calls.map((call) => call.callId)).toEqual(["call_2"]);
    // Indexed among the calls read, as without the option.
    expect(calls.map((call) => call.index)).toEqual([0]);
    expect(rejected).toEqual([]);
  });

  it("leaves out calls without a string call_id: they cannot be answered", () => {
    expect(
      toolCalls([item({ type: "function_call", name: "files__list_dir", arguments: "{}" })], tools(toolset)),
    ).toEqual({
      calls: [],
      rejected: [],
      searches: [],
    });
  });

  it("never throws, whatever the response", () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom("function_call", "custom_tool_call", "shell_call", "local_shell_call", "apply_patch_call"),
        (value, type) => {
          toolCalls(value as unknown as ResponsesItem[], tools(toolset));
          toolCalls({ output: value } as unknown as ResponsesItem[], tools(toolset));
          toolCalls(
            [
              value,
              item({ type, call_id: "c", name: value, arguments: value, input: value, environment: value }),
            ] as ResponsesItem[],
            tools(toolset),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
