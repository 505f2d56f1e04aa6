// The function-call cases both adapters' `toolCalls` must answer alike: the
// same calls in, the same calls run and the same error answers out, whatever
// the wire shape. Each adapter's test runs the table (`describeToolCallCases`)
// with its own way to put the calls in a response and to read an answer's text.
import type { OutputOptions, PrepareOptions, RejectedCall, ToolCalls, Toolset } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { filesToolset } from "./files-toolset";

/** A function call as both APIs carry it (Chat `id`, Responses `call_id`). */
export interface FunctionCallSpec {
  readonly callId: string;
  readonly name: string;
  /** The arguments as sent: a JSON string, or whatever an OpenAI-compatible server sent. */
  readonly arguments: unknown;
}

/** One row: calls to {@link filesToolset}, and what `toolCalls` must make of them. */
export interface ToolCallCase {
  readonly label: string;
  readonly calls: readonly FunctionCallSpec[];
  /** How the tools were prepared: `strict: "auto"`, `strict: true`, or `strict: false` (nothing to undo). */
  readonly offered: "auto" | "strict" | "none";
  /** How answers are worded, given to `tools()`. */
  readonly options?: OutputOptions;
  /** The calls to run, in order, with their decoded arguments. */
  readonly run: readonly { readonly callId: string; readonly arguments: unknown }[];
  /**
   * The calls answered already: their index among the calls, the error code, and how the text the model reads starts.
   */
  readonly rejected: readonly RejectedCase[];
}

/** A call `toolCalls` answers with an error. */
export interface RejectedCase {
  readonly callId: string;
  readonly index: number;
  readonly code: string;
  readonly text: string;
}

const read: FunctionCallSpec = {
  callId: "call_1",
  name: "files__read_file",
  arguments: '{"path":"/a.txt","encoding":null}',
};
const list: FunctionCallSpec = { callId: "call_2", name: "files__list_dir", arguments: "" };
const search: FunctionCallSpec = { callId: "call_s", name: "files__search", arguments: '{"q":"x"}' };

/** The shared table. */
export const TOOL_CALL_CASES: readonly ToolCallCase[] = [
  {
    label: "runs the calls, without the nulls strict mode added",
    calls: [read, list],
    offered: "auto",
    run: [
      { callId: "call_1", arguments: { path: "/a.txt" } },
      { callId: "call_2", arguments: {} },
    ],
    rejected: [],
  },
  {
    label: "keeps the nulls of a tool sent non-strict",
    calls: [read],
    offered: "none",
    run: [{ callId: "call_1", arguments: { path: "/a.txt", encoding: null } }],
    rejected: [],
  },
  {
    label: "answers each call it cannot run, in the model's order",
    calls: [
      { callId: "call_a", name: "files__read_fil", arguments: "{}" },
      read,
      { callId: "call_b", name: "files__read_file", arguments: '{"path":' },
      { callId: "call_c", name: "files__read_file", arguments: "[1,2]" },
      { callId: "call_d", name: "files__read_file", arguments: '"text"' },
    ],
    offered: "auto",
    run: [{ callId: "call_1", arguments: { path: "/a.txt" } }],
    rejected: [
      {
        callId: "call_a",
        index: 0,
        code: "unknown-tool",
        text: 'Error: There is no tool named "files__read_fil". Available tools: ',
      },
      { callId: "call_b", index: 2, code: "arguments-not-json", text: "Error: " },
      { callId: "call_c", index: 3, code: "arguments-not-object", text: "Error: " },
      { callId: "call_d", index: 4, code: "arguments-not-object", text: "Error: " },
    ],
  },
  {
    label: "answers with the caller's errorPrefix",
    calls: [{ callId: "call_a", name: "files__nope", arguments: "{}" }, list],
    offered: "auto",
    options: { errorPrefix: "[tool call refused] " },
    run: [{ callId: "call_2", arguments: {} }],
    rejected: [
      {
        callId: "call_a",
        index: 0,
        code: "unknown-tool",
        text: '[tool call refused] There is no tool named "files__nope".',
      },
    ],
  },
  {
    label: "runs only the tools offered: one left out under strict: true is an unknown tool",
    calls: [search, list],
    offered: "strict",
    run: [{ callId: "call_2", arguments: {} }],
    rejected: [
      {
        callId: "call_s",
        index: 0,
        code: "unknown-tool",
        text: 'Error: There is no tool named "files__search". Available tools: files__list_dir, files__read_file.',
      },
    ],
  },
  {
    label: 'runs a tool sent non-strict under strict: "auto"',
    calls: [search],
    offered: "auto",
    run: [{ callId: "call_s", arguments: { q: "x" } }],
    rejected: [],
  },
  {
    label: "answers a repeated call id once and runs none of its calls",
    calls: [read, list, { callId: "call_1", name: "files__list_dir", arguments: "{}" }],
    offered: "auto",
    run: [{ callId: "call_2", arguments: {} }],
    rejected: [{ callId: "call_1", index: 0, code: "duplicate-call-id", text: "Error: " }],
  },
  {
    label: "rejects arguments an OpenAI-compatible server sent as an object: they must be a JSON string",
    calls: [{ callId: "call_1", name: "files__read_file", arguments: { path: "/b.txt" } }],
    offered: "auto",
    run: [],
    rejected: [
      {
        callId: "call_1",
        index: 0,
        code: "arguments-not-json",
        text: "Error: The arguments must be a JSON string, got an object.",
      },
    ],
  },
];

const STRICT: { readonly [offered in ToolCallCase["offered"]]: PrepareOptions["strict"] } = {
  auto: "auto",
  strict: true,
  none: false,
};

/** How one adapter is driven through {@link TOOL_CALL_CASES}. */
export interface ToolCallCasesDriver<TPrepared, TResponse, TOutput> {
  /** The adapter's `tools`. */
  tools(toolset: Toolset, options: PrepareOptions): TPrepared;
  /** The adapter's `toolCalls` (the table reads the calls to run and the rejected ones). */
  toolCalls(response: TResponse, prepared: TPrepared): Pick<ToolCalls<TOutput>, "calls" | "rejected">;
  /** The calls in the API's response shape. */
  response(calls: readonly FunctionCallSpec[]): TResponse;
  /** The call id an answer answers, and the text the model reads in it. */
  answer(output: TOutput): { readonly callId: string; readonly text: string };
}

/** Runs {@link TOOL_CALL_CASES} against one adapter, as a `describe` block. */
export function describeToolCallCases<TPrepared, TResponse, TOutput>(
  driver: ToolCallCasesDriver<TPrepared, TResponse, TOutput>,
): void {
  const rejection = ({ callId, index, error, output }: RejectedCall<TOutput>) => {
    const answer = driver.answer(output);
    // The text the model reads is a prefix and the error's own message; the table pins how it starts.
    expect(answer.callId).toBe(callId);
    expect(answer.text.endsWith(error.message)).toBe(true);
    return { callId, index, code: error.code, text: answer.text };
  };
  describe("the function-call cases both adapters share", () => {
    it.each(TOOL_CALL_CASES)("$label", ({ calls, offered, options, run, rejected }) => {
      const prepared = driver.tools(filesToolset, { strict: STRICT[offered], ...options });
      const found = driver.toolCalls(driver.response(calls), prepared);
      expect(found.calls.map(({ callId, arguments: args }) => ({ callId, arguments: args }))).toEqual(run);
      const answered = found.rejected.map(rejection);
      expect(answered).toHaveLength(rejected.length);
      answered.forEach((answer, i) => {
        const expected = rejected[i];
        expect({ ...answer, text: answer.text.slice(0, expected?.text.length) }).toEqual(expected);
      });
    });
  });
}
