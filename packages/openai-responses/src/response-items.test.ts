import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filesToolset as toolset } from "@x/testing";
import type { ResponsesCallOutput, ResponsesItem } from "./responses-types";
import { responseItems } from "./response-items";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const item = (fields: object): ResponsesItem => fields as ResponsesItem;
const reasoning = item({ type: "reasoning", id: "rs_1", summary: [], encrypted_content: "opaque" });
const message = item({
  type: "message",
  id: "msg_1",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text: "Hi", annotations: [] }],
});
const call = item({
  type: "function_call",
  id: "fc_1",
  call_id: "call_1",
  name: "files__list_dir",
  arguments: "{}",
  status: "completed",
});
const search = item({
  type: "web_search_call",
  id: "ws_1",
  status: "completed",
  action: { type: "search", query: "x" },
});

describe("responseItems", () => {
  it.each([
    ["a response", { output: [reasoning, message, search, call] }],
    ["a list of output items", [reasoning, message, search, call]],
  ])("repeats every output item of %s, reasoning included, in order", (_, response) => {
    const items = responseItems(response);
    expect(items).toEqual([reasoning, message, search, call]);
    expect(items).not.toBe(response);
  });

  it("gives nothing for a response without output", () => {
    expect(responseItems({ output: [] })).toEqual([]);
    expect(responseItems({} as { output: ResponsesItem[] })).toEqual([]);
  });

  it.each<[string, unknown]>([
    ["null", null],
    ["a number", 7],
    ["a string", "function_call"],
    ["an array", [call]],
  ])("leaves out an output item that is not an object (%s), and does not throw", (_, bad) => {
    const output = [reasoning, bad, call] as ResponsesItem[];
    expect(responseItems({ output })).toEqual([reasoning, call]);
    expect(responseItems(output)).toEqual([reasoning, call]);
  });

  it.each([
    [
      "function_call",
      { type: "function_call", id: "fc_9", name: "files__list_dir", arguments: "{}", status: "completed" },
    ],
    ["custom_tool_call", { type: "custom_tool_call", name: "run_python", input: "" }],
    [
      "client shell_call",
      {
        type: "shell_call",
        id: "sh_9",
        action: { commands: ["ls"] },
        environment: { type: "local" },
        status: "completed",
      },
    ],
    [
      "local_shell_call",
      { type: "local_shell_call", id: "ls_9", action: { type: "exec", command: ["ls"], env: {} }, status: "completed" },
    ],
    [
      "apply_patch_call",
      { type: "apply_patch_call", id: "ap_9", operation: { type: "delete_file", path: "a" }, status: "completed" },
    ],
    [
      "computer_call",
      {
        type: "computer_call",
        id: "cu_9",
        pending_safety_checks: [],
        status: "completed",
        action: { type: "screenshot" },
      },
    ],
  ])(
    "leaves out a %s whose call_id is not a string: nobody can answer it, and the next request would be refused",
    (_, fields) => {
      for (const callId of [undefined, 42, null, { id: "call_9" }]) {
        const broken = item(callId === undefined ? fields : { ...fields, call_id: callId });
        expect(responseItems([reasoning, broken, call])).toEqual([reasoning, call]);
        expect(toolCalls([reasoning, broken, call], tools(toolset)).rejected).toEqual([]);
      }
    },
  );

  it("keeps items that are no calls, and calls OpenAI answers, whatever their call_id", () => {
    const hosted = item({
      type: "shell_call",
      id: "sh_1",
      call_id: 5,
      action: { commands: ["ls"] },
      environment: { type: "container_reference", container_id: "c" },
    });
    // A tool search OpenAI ran itself has a null call_id (openai's ResponseToolSearchCall).
    const toolSearch = item({
      type: "tool_search_call",
      id: "ts_1",
      call_id: null,
      arguments: {},
      execution: "server",
      status: "completed",
    });
    expect(responseItems([message, search, hosted, toolSearch])).toEqual([message, search, hosted, toolSearch]);
  });

  it("narrows the two kinds of output item the input refuses", () => {
    const failed = item({
      type: "computer_call_output",
      id: "cco_1",
      call_id: "call_2",
      output: { type: "computer_screenshot", image_url: "data:," },
      status: "failed",
    });
    const completed = item({
      type: "computer_call_output",
      id: "cco_2",
      call_id: "call_3",
      output: { type: "computer_screenshot", image_url: "data:," },
      status: "completed",
    });
    const developerTools = item({ type: "additional_tools", id: "at_1", role: "developer", tools: [] });
    const assistantTools = item({ type: "additional_tools", id: "at_2", role: "assistant", tools: [] });
    expect(responseItems([failed, completed, developerTools, assistantTools])).toEqual([
      {
        type: "computer_call_output",
        id: "cco_1",
        call_id: "call_2",
        output: { type: "computer_screenshot", image_url: "data:," },
      },
      completed,
      developerTools,
    ]);
    expect(failed).toHaveProperty("status", "failed");
  });
});

// What the client must answer (the oracle, written apart from read-calls.ts): a
// call of these types with a string call_id; a shell_call unless OpenAI runs it.
const ANSWERED_BY_CLIENT = new Set([
  "function_call",
  "custom_tool_call",
  "local_shell_call",
  "apply_patch_call",
  "shell_call",
]);
const isObject = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const clientCallId = (value: unknown): string | undefined => {
  if (!isObject(value) || typeof value.type !== "string" || !ANSWERED_BY_CLIENT.has(value.type)) return undefined;
  if (value.type === "shell_call" && isObject(value.environment) && value.environment.type === "container_reference")
    return undefined;
  return typeof value.call_id === "string" ? value.call_id : undefined;
};
const CALL_TYPES = new Set([...ANSWERED_BY_CLIENT, "computer_call"]);
const ANSWER_TYPES = [
  "function_call_output",
  "custom_tool_call_output",
  "shell_call_output",
  "apply_patch_call_output",
  "computer_call_output",
];
const answerId = (value: unknown): string | undefined => {
  if (!isObject(value)) return undefined;
  if (value.type === "local_shell_call_output") return typeof value.id === "string" ? value.id : undefined;
  return typeof value.type === "string" && ANSWER_TYPES.includes(value.type) && typeof value.call_id === "string"
    ? value.call_id
    : undefined;
};
const outputId = (output: ResponsesCallOutput): string => ("call_id" in output ? output.call_id : output.id);

const callId = fc.oneof(
  fc.constantFrom("call_a", "call_b", "call_c"),
  fc.constantFrom(undefined, 7, null, {}, ["call_a"]),
);
const callItem = fc.record(
  {
    type: fc.constantFrom(
      "function_call",
      "custom_tool_call",
      "shell_call",
      "local_shell_call",
      "apply_patch_call",
      "computer_call",
      "tool_search_call",
      "web_search_call",
    ),
    call_id: callId,
    name: fc.constantFrom("files__list_dir", "files__read_file", "files__search", "nope", ""),
    arguments: fc.oneof(fc.constantFrom("{}", '{"path":"a"}', "[", ""), fc.anything()),
    input: fc.anything(),
    namespace: fc.constantFrom(undefined, "files", 3),
    environment: fc.constantFrom(
      undefined,
      null,
      { type: "local" },
      { type: "container_reference", container_id: "c" },
    ),
  },
  { requiredKeys: ["type"] },
);
const answerItem = fc.record({
  type: fc.constantFrom(...ANSWER_TYPES, "local_shell_call_output"),
  call_id: callId,
  id: callId,
  output: fc.constant("done"),
});
const outputItems = fc
  .array(fc.oneof(callItem, answerItem, fc.anything(), fc.constant(null)), { maxLength: 8 })
  // A server answers a call at most once in its own output: keep the first answer of each id.
  .map((items) =>
    items.filter(
      (value, i) =>
        answerId(value) === undefined || items.findIndex((other) => answerId(other) === answerId(value)) === i,
    ),
  );

describe("responseItems and toolCalls together: properties", () => {
  it("never throw, whatever the response", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const response of [value, { output: value }, [value], { output: [value] }]) {
          responseItems(response as ResponsesItem[]);
          toolCalls(response as ResponsesItem[], tools(toolset));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("every call item repeated is answered exactly once, and every answer is for a call repeated", () => {
    fc.assert(
      fc.property(outputItems, fc.boolean(), (items, wrapped) => {
        const response = (wrapped ? { output: items } : items) as ResponsesItem[];
        const replayed: unknown[] = responseItems(response);
        const { calls, rejected } = toolCalls(response, tools(toolset));
        const answers = [
          ...calls.map((c) => c.callId),
          ...rejected.map((r) => outputId(r.output)),
          ...replayed.map(answerId),
        ].filter((id): id is string => id !== undefined);
        const repeatedCalls = new Set(replayed.map(clientCallId).filter((id) => id !== undefined));
        for (const id of repeatedCalls)
          expect(
            answers.filter((answer) => answer === id),
            id,
          ).toHaveLength(1);
        for (const r of rejected) expect(repeatedCalls.has(outputId(r.output))).toBe(true);
        for (const c of calls) expect(repeatedCalls.has(c.callId)).toBe(true);
        // No call item nobody can answer is repeated.
        for (const value of replayed) {
          if (isObject(value) && typeof value.type === "string" && CALL_TYPES.has(value.type)) {
            const hosted =
              value.type === "shell_call" &&
              isObject(value.environment) &&
              value.environment.type === "container_reference";
            if (!hosted) expect(typeof value.call_id).toBe("string");
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
