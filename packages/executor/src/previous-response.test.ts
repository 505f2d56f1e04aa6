import { adapter as responses } from "@x/openai-responses";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startNotesApi } from "./__fixtures__/notes-api";
import type { NotesApi } from "./__fixtures__/notes-api";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";
import { askStored } from "./__fixtures__/previous-response-example";
import { annotationPolicy } from "./annotation-policy";
import { resumeToolLoop } from "./resume-tool-loop";
import { runToolLoop } from "./run-tool-loop";
import type { ToolLoopOptions } from "./run-tool-loop";
import type { ToolLoopState } from "./loop-state";

// Responses conversation state over real HTTP: the stand-in keeps each
// response's conversation and, given previous_response_id, applies the
// tool-call rules to the stored conversation and the new items together.
let api: NotesApi;
let notes: NotesServer;
let openai: OpenAI;
beforeEach(async () => {
  api = await startNotesApi();
  notes = await startNotesServer();
  openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
});
afterEach(async () => {
  await api.close();
  await notes.close();
});

type Item = OpenAI.Responses.ResponseInputItem;
const input: Item[] = [{ role: "user", content: "Tidy my notes." }];
const kinds = (items: readonly object[]): string[] =>
  items.map((item) =>
    "type" in item ? `${String(item.type)}${"call_id" in item ? ` ${String(item.call_id)}` : ""}` : "message",
  );

// Written apart from the call, with the adapter's type: the tools and items need no cast.
const options = (): Omit<ToolLoopOptions<typeof responses, OpenAI.Responses.Response, Item>, "adapter"> => ({
  model: (items, tools, { signal, previousResponseId }) =>
    openai.responses.create(
      { model: "gpt-test", input: items, tools, previous_response_id: previousResponseId },
      { signal },
    ),
  servers: { toolset: notes.toolset, clients: { notes: notes.client } },
  input,
  conversation: "previous-response",
});

describe('conversation: "previous-response"', () => {
  it("sends only the new items with previous_response_id, and returns the whole transcript", async () => {
    const result = await runToolLoop({ ...options(), adapter: responses });
    expect(result.stopReason).toBe("completed");
    expect(
      api.requests.map((request) => [request.body.previous_response_id, kinds(request.body.input as object[])]),
    ).toEqual([
      [null, ["message"]],
      [
        "resp_1",
        ["function_call_output call_read", "function_call_output call_delete", "function_call_output call_append"],
      ],
    ]);
    expect(kinds(result.input)).toEqual([
      "message",
      "reasoning",
      "function_call call_read",
      "function_call call_delete",
      "function_call call_append",
      "function_call_output call_read",
      "function_call_output call_delete",
      "function_call_output call_append",
      "message",
    ]);
  });

  it("continues after a pause from the stored state with only the answers", async () => {
    const paused = await runToolLoop({ ...options(), adapter: responses, approve: annotationPolicy() });
    expect(paused.state?.conversation).toEqual({ previousResponseId: "resp_1", seen: 5 });
    const state = JSON.parse(JSON.stringify(paused.state)) as ToolLoopState<Item>;
    const { input: _input, ...rest } = options();
    const done = await resumeToolLoop(
      state,
      { call_delete: false, call_append: true },
      { ...rest, adapter: responses },
    );
    expect(done.stopReason).toBe("completed");
    expect(api.requests[1]?.body.previous_response_id).toBe("resp_1");
    expect(kinds(api.requests[1]?.body.input as object[])).toEqual([
      "function_call_output call_read",
      "function_call_output call_delete",
      "function_call_output call_append",
    ]);
  });

  it("is refused by the stand-in, as by OpenAI, when a call of the previous response goes unanswered", async () => {
    const first = await openai.responses.create({ model: "gpt-test", input });
    const partial: Item[] = [{ type: "function_call_output", call_id: "call_read", output: "buy milk" }];
    await expect(
      openai.responses.create({ model: "gpt-test", input: partial, previous_response_id: first.id }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("call call_delete is not answered") as unknown,
    });
  });

  it("sends everything by default", async () => {
    const { conversation: _conversation, ...rest } = options();
    await runToolLoop({ ...rest, adapter: responses });
    expect(api.requests.map((request) => request.body.previous_response_id)).toEqual([null, null]);
    expect((api.requests[1]?.body.input as object[]).length).toBe(8);
  });

  it("is what the README's example does", async () => {
    expect(await askStored("Tidy my notes.", openai, notes.toolset, notes.client)).toBe(
      "Done: buy milk | Deleted todo. | Appended to ideas.",
    );
    expect(api.requests.map((request) => request.body.previous_response_id)).toEqual([null, "resp_1"]);
  });

  it("refuses another value", async () => {
    await expect(
      runToolLoop({ ...options(), adapter: responses, conversation: "server" as "previous-response" }),
    ).rejects.toThrow(/The option conversation must be/);
  });
});
