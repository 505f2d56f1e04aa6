// Tools that ask the user (MCP elicitation), through executeToolCalls and
// runToolLoop: answered by `elicit`, declined without it, and, on protocol
// 2026-07-28, paused until a person answers and resumed from plain JSON.
import { adapter as chat } from "@x/openai-chat";
import type { ChatToolMessage } from "@x/openai-chat";
import { v2OverHttp } from "@x/testing";
import type { ToolConnection } from "@x/testing";
import { buildToolset, isToolError } from "@x/toolset";
import type { Toolset } from "@x/toolset";
import type { Client } from "@modelcontextprotocol/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatCompletion } from "./__fixtures__/model-responses";
import { executeToolCalls } from "./execute-tool-calls";
import type { ExecutorEvent } from "./hook-events";
import type { ToolLoopState } from "./loop-state";
import { resumeToolLoop } from "./resume-tool-loop";
import { runToolLoop } from "./run-tool-loop";

let connection: ToolConnection<Client>;
let toolset: Toolset;
beforeEach(async () => {
  connection = await v2OverHttp();
  toolset = buildToolset({ tools: (await connection.client.listTools()).tools }).toolset;
});
afterEach(async () => {
  await connection.close();
});

const askName = chatCompletion([["call_1", "tools__ask-name", {}]]);
const answer = (outputs: readonly ChatToolMessage[]): string | undefined => outputs[0]?.content;

describe("executeToolCalls with a tool that asks for input (v2 client, Streamable HTTP, 2026-07-28)", () => {
  it("gives the request to elicit and the tool its answer; the event carries the values only when asked", async () => {
    for (const includeValues of [false, true]) {
      const events: ExecutorEvent[] = [];
      const { outputs } = await executeToolCalls(
        askName,
        chat.tools(toolset),
        { tools: connection.client },
        {
          elicit: (request) => {
            expect(request).toMatchObject({ server: "tools", tool: "ask-name", callId: "call_1", mode: "form" });
            return { action: "accept", content: { name: "Ada" } };
          },
          hooks: { "tool-call-elicitation": (event) => void events.push(event) },
          includeValues,
        },
      );
      expect(answer(outputs)).toContain("Hello, Ada!");
      expect(events).toEqual([
        expect.objectContaining({
          type: "tool-call-elicitation",
          callId: "call_1",
          name: "tools__ask-name",
          mode: "form",
          message: "What is your name?",
          action: "accept",
          ...(includeValues ? { content: { name: "Ada" } } : {}),
        }),
      ]);
      if (!includeValues) expect(JSON.stringify(events)).not.toContain("Ada");
    }
  });

  it("declines at once without elicit, and the answer says why", async () => {
    const { outputs } = await executeToolCalls(askName, chat.tools(toolset), { tools: connection.client });
    expect(answer(outputs)).toContain("no name (decline)");
    expect(answer(outputs)).toContain('answered "decline"');
  });

  it("answers the call alone with an error when elicit answers what the form does not take", async () => {
    const { outcomes } = await executeToolCalls(
      askName,
      chat.tools(toolset),
      { tools: connection.client },
      {
        elicit: () => ({ action: "accept", content: { age: 3.5 } }),
      },
    );
    const outcome = outcomes[0]?.outcome;
    expect(isToolError(outcome) ? outcome.message : "").toMatch(/does not fit its form/);
  });
});

describe("runToolLoop pauses a call whose input waits for a person", () => {
  const model = (input: unknown[]) => (input.length === 1 ? askName : chatCompletion([], "Greeted."));

  async function pausedRun(): Promise<ToolLoopState> {
    const paused = await runToolLoop({
      model,
      adapter: chat,
      servers: { toolset, clients: { tools: connection.client } },
      input: "Greet me.",
      elicit: () => "pause",
    });
    expect(paused.stopReason).toBe("needs-input");
    const state = JSON.parse(JSON.stringify(paused.state)) as ToolLoopState;
    expect(state.pending).toEqual([]);
    expect(
      state.inputs.map(({ call, requests }) => [call.callId, requests.map((r) => [r.key, r.request.message])]),
    ).toEqual([["call_1", [["name", "What is your name?"]]]]);
    return state;
  }

  it("resumes from plain JSON with the person's answer, and the loop goes on", async () => {
    const state = await pausedRun();
    const done = await resumeToolLoop(
      state,
      { call_1: { input: { name: { action: "accept", content: { name: "Ada" } } } } },
      { model, adapter: chat, servers: { toolset, clients: { tools: connection.client } } },
    );
    expect(done.stopReason).toBe("completed");
    expect((done.input as { content?: unknown }[]).map((entry) => entry.content)).toEqual([
      "Greet me.",
      null,
      expect.stringContaining("Hello, Ada!"),
      "Greeted.",
    ]);
  });

  it("stays paused when no answer is given and there is no elicit", async () => {
    const state = await pausedRun();
    const again = await resumeToolLoop(
      state,
      {},
      {
        model,
        adapter: chat,
        servers: { toolset, clients: { tools: connection.client } },
      },
    );
    expect(again.stopReason).toBe("needs-input");
    expect(again.state?.id).not.toBe(state.id);
    expect(again.state?.inputs.map((input) => input.call.callId)).toEqual(["call_1"]);
  });

  it.each<[string, (state: ToolLoopState) => ToolLoopState]>([
    [
      "the paused call's arguments",
      (state) => ({
        ...state,
        inputs: state.inputs.map((input) => ({ ...input, paused: { ...input.paused, arguments: { admin: true } } })),
      }),
    ],
    [
      "the paused call's tool",
      (state) => ({
        ...state,
        inputs: state.inputs.map((input) => ({ ...input, paused: { ...input.paused, name: "echo" } })),
      }),
    ],
  ])("refuses a state whose %s was changed, and runs nothing", async (_what, tamper) => {
    const state = tamper(await pausedRun());
    const before = connection.log.messages.length;
    await expect(
      resumeToolLoop(
        state,
        { call_1: { input: { name: { action: "accept", content: { name: "Ada" } } } } },
        { model, adapter: chat, servers: { toolset, clients: { tools: connection.client } } },
      ),
    ).rejects.toThrow(/waiting for input is not the call the paused response issued/);
    expect(connection.log.messages.length).toBe(before);
  });

  it("refuses an approval answer for a call that waits for input", async () => {
    const state = await pausedRun();
    await expect(
      resumeToolLoop(
        state,
        { call_1: true },
        {
          model,
          adapter: chat,
          servers: { toolset, clients: { tools: connection.client } },
        },
      ),
    ).rejects.toThrow(/waits for input, not approval/);
  });
});
