import type OpenAI from "openai";
import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import { buildToolset, isToolError } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useFaultServer } from "./__fixtures__/fault-server";
import { chatCompletion, responsesResponse } from "./__fixtures__/model-responses";
import type { CallSpec } from "./__fixtures__/model-responses";
import { chatViolations, responsesViolations } from "./__fixtures__/transcript-rules";
import type { ExecutorEvent } from "./hook-events";
import { runToolLoop } from "./run-tool-loop";

const env = useFaultServer();

/** Three turns: parallel calls (one to an unknown tool), then two more calls, then an answer. */
const script: readonly (readonly CallSpec[])[] = [
  [
    ["call_1", "faults__echo", { text: "alpha" }],
    ["call_2", "faults__add", { a: 1, b: 2 }],
    ["call_3", "faults__missing", {}],
  ],
  [
    ["call_4", "faults__add", { a: 40, b: null }],
    ["call_5", "faults__throws", {}],
  ],
  [],
];

/** A scripted model: returns the script's next response and remembers what it was sent. */
function scripted<TResponse>(respond: (calls: readonly CallSpec[], turn: number) => TResponse) {
  const inputs: unknown[][] = [];
  const tools: unknown[][] = [];
  const model = (input: unknown[], offered: unknown[]): TResponse => {
    inputs.push(input);
    tools.push(offered);
    return respond(script[inputs.length - 1] ?? [], inputs.length);
  };
  return { model, inputs, tools };
}

describe("runToolLoop drives a scripted model through several turns", () => {
  it("Chat Completions: the transcript is exactly what the next request needs", async () => {
    const { model, inputs, tools } = scripted((calls) =>
      chatCompletion(calls, calls.length === 0 ? "All done: 3 and 40." : null),
    );
    const input: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Do the sums." }];
    const result = await runToolLoop({
      model,
      adapter: chat,
      servers: { toolset: env.toolset, clients: { faults: env.faults.client } },
      input,
    });

    expect(result.stopReason).toBe("completed");
    expect(result.turns).toBe(3);
    expect(result.response).toEqual(chatCompletion([], "All done: 3 and 40."));
    expect(input).toEqual([{ role: "user", content: "Do the sums." }]);
    const assistant = (turn: number) => chat.responseItems(chatCompletion(script[turn] ?? []));
    expect(result.input).toEqual([
      { role: "user", content: "Do the sums." },
      ...assistant(0),
      { role: "tool", tool_call_id: "call_1", content: "alpha" },
      { role: "tool", tool_call_id: "call_2", content: "3" },
      { role: "tool", tool_call_id: "call_3", content: expect.stringMatching(/^Error: .*faults__missing/) as string },
      ...assistant(1),
      { role: "tool", tool_call_id: "call_4", content: "40" },
      { role: "tool", tool_call_id: "call_5", content: "Error: the disk is on fire" },
      { role: "assistant", content: "All done: 3 and 40." },
    ]);
    expect(result.input[1]).toMatchObject({
      role: "assistant",
      tool_calls: [{ id: "call_1" }, { id: "call_2" }, { id: "call_3" }],
    });
    expect(chatViolations(result.input)).toEqual([]);
    // Each turn the model saw the whole transcript so far, and the same tools.
    expect(inputs).toEqual([result.input.slice(0, 1), result.input.slice(0, 5), result.input.slice(0, 8)]);
    for (const offered of tools) expect(offered).toEqual(chat.tools(env.toolset).tools);
  });

  it("Responses: reasoning and call items are repeated, every call_id answered once", async () => {
    const { model, inputs } = scripted((calls) =>
      responsesResponse(calls, calls.length === 0 ? "All done." : undefined),
    );
    const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "Do the sums." }];
    const result = await runToolLoop({
      model,
      adapter: responses,
      servers: { toolset: env.toolset, clients: { faults: env.faults.client } },
      input,
    });

    expect(result).toMatchObject({ stopReason: "completed", turns: 3 });
    const items = (turn: number) =>
      responses.responseItems(responsesResponse(script[turn] ?? [], turn === 2 ? "All done." : undefined));
    const output = (call_id: string, text: string | RegExp) => ({
      type: "function_call_output",
      call_id,
      output: typeof text === "string" ? text : (expect.stringMatching(text) as string),
    });
    expect(result.input).toEqual([
      { role: "user", content: "Do the sums." },
      ...items(0),
      output("call_1", "alpha"),
      output("call_2", "3"),
      output("call_3", /^Error: .*faults__missing/),
      ...items(1),
      output("call_4", "40"),
      output("call_5", "Error: the disk is on fire"),
      ...items(2),
    ]);
    expect(result.input.filter((item) => "type" in item && item.type === "reasoning")).toHaveLength(3);
    expect(responsesViolations(result.input)).toEqual([]);
    expect(inputs.map((i) => i.length)).toEqual([1, 8, 13]);
  });

  it("stops at maxTurns with the last calls answered, so the transcript can be sent again", async () => {
    const model = (input: unknown[]) => chatCompletion([[`call_${input.length}`, "faults__echo", { text: "again" }]]);
    const result = await runToolLoop({
      model,
      adapter: chat,
      servers: { toolset: env.toolset, clients: { faults: env.faults.client } },
      input: [{ role: "user", content: "Loop forever." }],
      maxTurns: 2,
    });
    expect(result).toMatchObject({ stopReason: "max-turns", turns: 2 });
    expect(result.input.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool"]);
    expect(chatViolations(result.input)).toEqual([]);
  });

  it("an abort during the calls cancels them, answers them, and stops before the next model call", async () => {
    const controller = new AbortController();
    let echoed!: () => void;
    const echoDone = new Promise<void>((resolve) => (echoed = resolve));
    let calls = 0;
    const model = () => {
      calls++;
      return chatCompletion([
        ["call_1", "faults__slow", { ms: 60_000 }],
        ["call_2", "faults__echo", { text: "quick" }],
      ]);
    };
    const run = runToolLoop({
      model,
      adapter: chat,
      servers: { toolset: env.toolset, clients: { faults: env.faults.client } },
      input: [{ role: "user", content: "Wait." }],
      signal: controller.signal,
      hooks: { "tool-call-end": (event) => void (event.callId === "call_2" && echoed()) },
    });
    await Promise.all([env.faults.whenStarted("slow"), echoDone]);
    controller.abort();
    const result = await run;
    expect(calls).toBe(1);
    expect(result).toMatchObject({ stopReason: "aborted", turns: 1 });
    expect(result.input.slice(2)).toEqual([
      {
        role: "tool",
        tool_call_id: "call_1",
        content:
          'Error: The call to the tool "faults__slow" was cancelled before it finished, because the run was stopped. ' +
          "Its effects, if any, are unknown.",
      },
      { role: "tool", tool_call_id: "call_2", content: "quick" },
    ]);
    expect(chatViolations(result.input)).toEqual([]);
  });

  it("a signal aborted before the first turn: no model call", async () => {
    let calls = 0;
    const result = await runToolLoop({
      model: () => {
        calls++;
        return chatCompletion([]);
      },
      adapter: chat,
      servers: { toolset: env.toolset, clients: {} },
      input: [{ role: "user", content: "Hi." }],
      signal: AbortSignal.abort(),
    });
    expect(calls).toBe(0);
    expect(result).toEqual({
      response: undefined,
      input: [{ role: "user", content: "Hi." }],
      turns: 0,
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
      stopReason: "aborted",
    });
  });

  it("a model function that throws: turn-end carries the error, then the loop rejects with it", async () => {
    const events: ExecutorEvent[] = [];
    const failure = new Error("429 Too Many Requests");
    const run = runToolLoop({
      model: (input) => {
        if (input.length > 1) throw failure;
        return chatCompletion([["call_1", "faults__echo", { text: "one" }]]);
      },
      adapter: chat,
      servers: { toolset: env.toolset, clients: { faults: env.faults.client } },
      input: [{ role: "user", content: "Hi." }],
      hooks: { "turn-start": (e) => void events.push(e), "turn-end": (e) => void events.push(e) },
    });
    await expect(run).rejects.toBe(failure);
    expect(events).toMatchObject([
      { type: "turn-start", turn: 1, inputLength: 1 },
      { type: "turn-end", turn: 1, callCount: 1, rejectedCount: 0 },
      { type: "turn-start", turn: 2, inputLength: 3 },
      { type: "turn-end", turn: 2, callCount: 0, rejectedCount: 0, error: failure },
    ]);
    expect(events[1]).not.toHaveProperty("error");
  });

  it("a model function that throws because the signal aborted it: stopReason aborted, no rejection", async () => {
    const controller = new AbortController();
    const result = await runToolLoop({
      model: async (_input, _tools, { signal }) => {
        controller.abort();
        await Promise.resolve();
        signal?.throwIfAborted();
        return chatCompletion([]);
      },
      adapter: chat,
      servers: { toolset: env.toolset, clients: {} },
      input: [{ role: "user", content: "Hi." }],
      signal: controller.signal,
    });
    expect(result).toMatchObject({ response: undefined, turns: 0, stopReason: "aborted" });
  });

  it.each([
    ["Chat Completions", "chat"],
    ["Responses", "responses"],
  ] as const)(
    "%s, strict: true: a tool left out is never run, even when the model calls it by name",
    async (_api, api) => {
      // A tool with no strict form (an open map of tags, with encodings off): left out under strict: true.
      const ran: unknown[] = [];
      env.faults.server.registerTool(
        "danger",
        { description: "Deletes everything.", inputSchema: { tags: z.record(z.string(), z.string()) } },
        (args) => {
          ran.push(args);
          return { content: [{ type: "text", text: "deleted everything" }] };
        },
      );
      const { toolset } = buildToolset({ faults: (await env.faults.client.listTools()).tools });
      expect(toolset.resolve("faults__danger")).toBeDefined();

      const calls: readonly CallSpec[] = [
        ["call_1", "faults__danger", { tags: { all: "yes" } }],
        ["call_2", "faults__echo", { text: "safe" }],
      ];
      const offered: unknown[][] = [];
      const turn = (input: unknown[], tools: unknown[]): readonly CallSpec[] => {
        offered.push(tools);
        return input.length === 1 ? calls : [];
      };
      const events: ExecutorEvent[] = [];
      const common = {
        servers: { toolset, clients: { faults: env.faults.client } },
        tools: { strict: true, strictOptions: { encode: false } },
        hooks: { "tool-call-rejected": (e: ExecutorEvent) => void events.push(e) },
      } as const;
      const chatInput: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Go." }];
      const responsesInput: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "Go." }];
      const result =
        api === "chat"
          ? await runToolLoop({
              ...common,
              model: (input, tools) => chatCompletion(turn(input, tools), "Done."),
              adapter: chat,
              input: chatInput,
            })
          : await runToolLoop({
              ...common,
              model: (input, tools) => responsesResponse(turn(input, tools), "Done."),
              adapter: responses,
              input: responsesInput,
            });

      expect(result).toMatchObject({ stopReason: "completed", turns: 2 });
      expect(ran).toEqual([]);
      expect(env.faults.started).toEqual(["echo"]);
      const names = (tools: unknown[]): unknown[] =>
        tools.map(
          (tool) =>
            (tool as { name?: string; function?: { name: string } }).function?.name ?? (tool as { name?: string }).name,
        );
      expect(names(offered[0] ?? [])).not.toContain("faults__danger");
      expect(events).toMatchObject([
        { type: "tool-call-rejected", callId: "call_1", name: "faults__danger", error: { code: "unknown-tool" } },
      ]);
      const message = (events[0] as { error: Error }).error.message;
      expect(message).toMatch(/^There is no tool named "faults__danger"\. Available tools: faults__add, /);
      expect(message).not.toContain("faults__danger,");
    },
  );

  it.each([
    ["Chat Completions", "chat"],
    ["Responses", "responses"],
  ] as const)(
    "%s: an encoded argument is restored before the tool runs; one that cannot be is answered, never run",
    async (_api, api) => {
      // An open map of labels: strict (encodings are on by default), sent as key/value entries.
      const ran: unknown[] = [];
      env.faults.server.registerTool(
        "label",
        { description: "Labels.", inputSchema: { labels: z.record(z.string(), z.string()) } },
        (args) => {
          ran.push(args);
          return { content: [{ type: "text", text: "labelled" }] };
        },
      );
      const { toolset } = buildToolset({ faults: (await env.faults.client.listTools()).tools });
      const calls: readonly CallSpec[] = [
        ["call_1", "faults__label", { labels: [{ key: "team", value: "a" }] }],
        [
          "call_2",
          "faults__label",
          {
            labels: [
              { key: "team", value: "a" },
              { key: "team", value: "b" },
            ],
          },
        ],
      ];
      const turn = (input: unknown[]): readonly CallSpec[] => (input.length === 1 ? calls : []);
      const events: ExecutorEvent[] = [];
      const common = {
        servers: { toolset, clients: { faults: env.faults.client } },
        hooks: { "tool-call-rejected": (e: ExecutorEvent) => void events.push(e) },
      } as const;
      const chatInput: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Go." }];
      const responsesInput: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "Go." }];
      const result =
        api === "chat"
          ? await runToolLoop({
              ...common,
              model: (input) => chatCompletion(turn(input), "Done."),
              adapter: chat,
              input: chatInput,
            })
          : await runToolLoop({
              ...common,
              model: (input) => responsesResponse(turn(input), "Done."),
              adapter: responses,
              input: responsesInput,
            });
      expect(result).toMatchObject({ stopReason: "completed", turns: 2 });
      expect(ran).toEqual([{ labels: { team: "a" } }]);
      expect(events).toMatchObject([
        { type: "tool-call-rejected", callId: "call_2", error: { code: "arguments-not-restorable" } },
      ]);
      expect(JSON.stringify(result.input)).toContain('the key \\"team\\" is given twice; send each key once');
    },
  );

  it(
    "Responses: a malformed output (a null item, a call without a string call_id) neither throws nor leaves a call " +
      "unanswered",
    async () => {
      const turns: OpenAI.Responses.Response[] = [
        {
          ...responsesResponse([["call_1", "faults__echo", { text: "kept" }]]),
          output: [
            null,
            {
              type: "function_call",
              id: "fc_x",
              call_id: 7,
              name: "faults__echo",
              arguments: '{"text":"lost"}',
              status: "completed",
            },
            ...responsesResponse([["call_1", "faults__echo", { text: "kept" }]]).output,
          ] as unknown as OpenAI.Responses.ResponseOutputItem[],
        },
        responsesResponse([], "Done."),
      ];
      const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "Echo." }];
      const result = await runToolLoop({
        model: (items) => turns[items.length === 1 ? 0 : 1]!,
        adapter: responses,
        servers: { toolset: env.toolset, clients: { faults: env.faults.client } },
        input,
      });
      expect(result).toMatchObject({ stopReason: "completed", turns: 2 });
      expect(result.input).not.toContainEqual(null);
      expect(result.input.filter((item) => "type" in item && item.type === "function_call")).toHaveLength(1);
      expect(responsesViolations(result.input)).toEqual([]);
      expect(env.faults.started).toEqual(["echo"]);
    },
  );

  /** The loop over the Responses API with these responses in turn, on the faults server. */
  const runResponses = (
    turns: OpenAI.Responses.Response[],
    input: OpenAI.Responses.ResponseInputItem[],
    adapter: typeof responses = responses,
  ) => {
    let turn = 0;
    return runToolLoop({
      model: () => turns[turn++]!,
      adapter,
      servers: { toolset: env.toolset, clients: { faults: env.faults.client } },
      input,
    });
  };

  it("Responses: a call_id reused in a later turn is answered already: not run, not answered twice", async () => {
    const result = await runResponses(
      [
        responsesResponse([["call_1", "faults__echo", { text: "first" }]]),
        responsesResponse([
          ["call_1", "faults__echo", { text: "again" }],
          ["call_2", "faults__echo", { text: "new" }],
        ]),
        responsesResponse([], "Done."),
      ],
      [{ role: "user", content: "Echo." }],
    );
    expect(result).toMatchObject({ stopReason: "completed", turns: 3 });
    expect(responsesViolations(result.input)).toEqual([]);
    const outputs = result.input.filter((item) => "type" in item && item.type === "function_call_output");
    expect(outputs).toEqual([
      { type: "function_call_output", call_id: "call_1", output: "first" },
      { type: "function_call_output", call_id: "call_2", output: "new" },
    ]);
    expect(env.faults.started).toEqual(["echo", "echo"]);
  });

  it("Responses: each turn's calls are read from its response alone, with the call ids answered so far", async () => {
    const turns = [
      responsesResponse([["call_1", "faults__echo", { text: "first" }]]),
      responsesResponse([["call_2", "faults__echo", { text: "second" }]]),
      responsesResponse([], "Done."),
    ];
    const read: [unknown, string[]][] = [];
    const watched: typeof responses = {
      ...responses,
      readCalls: (response, prepared, options) => {
        read.push([response, [...(options?.answeredCallIds ?? [])]]);
        return responses.readCalls(response, prepared, options);
      },
    };
    const result = await runResponses(turns, [{ role: "user", content: "Echo." }], watched);
    expect(result).toMatchObject({ stopReason: "completed", turns: 3 });
    // Not the transcript: the work per turn does not grow with the conversation.
    expect(read).toEqual([
      [turns[0], []],
      [turns[1], ["call_1"]],
      [turns[2], ["call_1", "call_2"]],
    ]);
  });

  it("Responses: a call_id answered in the input (an earlier conversation) is answered already too", async () => {
    const result = await runResponses(
      [responsesResponse([["call_1", "faults__echo", { text: "again" }]]), responsesResponse([], "Done.")],
      [
        { role: "user", content: "Echo." },
        { type: "function_call", call_id: "call_1", name: "faults__echo", arguments: '{"text":"first"}' },
        { type: "function_call_output", call_id: "call_1", output: "first" },
        { role: "user", content: "Again." },
      ],
    );
    // Nothing to answer: the turn's only call is answered in the input, so the loop is done after one turn.
    expect(result).toMatchObject({ stopReason: "completed", turns: 1 });
    expect(responsesViolations(result.input)).toEqual([]);
    expect(env.faults.started).toEqual([]);
  });

  it("refuses wrong output options before calling the model or running a call", async () => {
    let calls = 0;
    const run = runToolLoop({
      model: () => {
        calls++;
        return chatCompletion([["call_1", "faults__echo", { text: "x" }]]);
      },
      adapter: chat,
      servers: { toolset: env.toolset, clients: { faults: env.faults.client } },
      input: [],
      tools: { structured: "bogus" as "auto" },
    });
    await expect(run).rejects.toThrow(/The option structured must be/);
    await expect(run).rejects.toSatisfy(
      (error) => isToolError(error) && error.code === "invalid-options" && error.fault === "caller",
    );
    expect(calls).toBe(0);
    expect(env.faults.started).toEqual([]);
  });

  it("refuses a wrong maxTurns before calling the model", async () => {
    await expect(
      runToolLoop({
        model: () => chatCompletion([]),
        adapter: chat,
        servers: { toolset: env.toolset, clients: {} },
        input: [],
        maxTurns: 0,
      }),
    ).rejects.toThrow(
      expect.objectContaining({
        code: "invalid-options",
        message: expect.stringMatching(/maxTurns must be a positive integer/) as string,
      }),
    );
  });
});
