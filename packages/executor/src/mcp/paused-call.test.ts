// "pause": a call that waits for a person. On protocol 2026-07-28 the server
// keeps nothing (its state travels in `requestState`), so the paused call is
// plain JSON, resumed later, on another connection; before 2026-07-28 the
// server holds its request open and cannot wait.
import { isToolError } from "@x/toolset";
import { v1InMemory, v2OverHttp } from "@x/testing";
import { describe, expect, it } from "vitest";
import { callMcpTool, resumeMcpToolCall } from "./call-mcp-tool";
import type { McpCall, PausedMcpCall } from "./call-mcp-tool";
import type { ElicitationRecord } from "./elicitation-request";

const ASK: McpCall = { server: "tools", callId: "call_1", name: "ask-name", arguments: {} };

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content.map((block) => block.text).join("");
}

async function pausedCall(): Promise<PausedMcpCall> {
  const connection = await v2OverHttp();
  try {
    const outcome = await callMcpTool(connection.client, ASK, { elicit: () => "pause" });
    if (outcome.status !== "paused") throw new Error("expected a paused call");
    return outcome.paused;
  } finally {
    await connection.close();
  }
}

describe("a call paused for a person (v2 client, Streamable HTTP, 2026-07-28)", () => {
  it("is plain JSON: the call, the server's state and the request waiting", async () => {
    const paused = await pausedCall();
    expect(JSON.parse(JSON.stringify(paused))).toEqual(paused);
    expect(paused).toEqual({
      ...ASK,
      requestState: "asked-name",
      answers: {},
      pending: [
        {
          key: "name",
          request: expect.objectContaining({ mode: "form", message: "What is your name?", callId: "call_1" }) as object,
        },
      ],
    });
  });

  it("resumes later, on another connection, with the answer", async () => {
    const stored = JSON.parse(JSON.stringify(await pausedCall())) as PausedMcpCall;
    const connection = await v2OverHttp();
    try {
      const records: ElicitationRecord[] = [];
      const outcome = await resumeMcpToolCall(
        connection.client,
        stored,
        { name: { action: "accept", content: { name: "Ada" } } },
        { onElicitation: (record) => records.push(record) },
      );
      expect(outcome).toMatchObject({ status: "complete", notes: [] });
      expect(text(outcome.status === "complete" ? outcome.result : undefined)).toBe("Hello, Ada!");
      expect(records.map(({ action, content }) => ({ action, content }))).toEqual([
        { action: "accept", content: { name: "Ada" } },
      ]);
      // The retry carried the answer and the exact state, and nothing ran before it.
      expect(connection.log.messages.filter((message) => message.method === "tools/call")).toEqual([
        expect.objectContaining({
          params: expect.objectContaining({
            inputResponses: { name: { action: "accept", content: { name: "Ada" } } },
            requestState: "asked-name",
          }) as object,
        }),
      ]);
    } finally {
      await connection.close();
    }
  });

  it("asks elicit for a request the answers leave open, and may pause again", async () => {
    const stored = await pausedCall();
    const connection = await v2OverHttp();
    try {
      const again = await resumeMcpToolCall(connection.client, stored, {}, { elicit: () => "pause" });
      expect(again).toMatchObject({ status: "paused", paused: stored });
      const done = await resumeMcpToolCall(connection.client, stored, {}, { elicit: () => ({ action: "decline" }) });
      expect(text(done.status === "complete" ? done.result : undefined)).toBe("no name (decline)");
    } finally {
      await connection.close();
    }
  });

  it("refuses an answer that does not fit, before any request", async () => {
    const stored = await pausedCall();
    const connection = await v2OverHttp();
    try {
      const resuming = resumeMcpToolCall(connection.client, stored, {
        name: { action: "accept", content: { name: "" } },
      });
      await expect(resuming).rejects.toSatisfy(
        (error) =>
          isToolError(error) &&
          error.code === "invalid-options" &&
          error.message.endsWith(
            "the answer does not fit its form: content.name must be at least 1 characters long; got 0.",
          ),
      );
      const unknown = resumeMcpToolCall(connection.client, stored, { email: { action: "decline" } });
      await expect(unknown).rejects.toThrow('an answer was given for "email", which no request waits for');
      expect(connection.log.messages.filter((message) => message.method === "tools/call")).toEqual([]);
    } finally {
      await connection.close();
    }
  });

  it("refuses a stored state that is not one", async () => {
    const connection = await v2OverHttp();
    try {
      const broken = {
        ...ASK,
        answers: {},
        pending: [{ key: "name", request: { mode: "form" } }],
      } as unknown as PausedMcpCall;
      await expect(resumeMcpToolCall(connection.client, broken, {})).rejects.toThrow(
        "The paused call cannot resume: one of its waiting requests cannot be read. " +
          "Pass the state callMcpTool returned.",
      );
    } finally {
      await connection.close();
    }
  });
});

describe("pause before protocol 2026-07-28 (v1 client, v1 server, in memory)", () => {
  it("cannot hold the server's open request: the request is answered cancel, and the notes say why", async () => {
    const connection = await v1InMemory();
    try {
      const records: ElicitationRecord[] = [];
      const outcome = await callMcpTool(connection.client, ASK, {
        elicit: () => "pause",
        onElicitation: (record) => records.push(record),
      });
      expect(outcome).toEqual({
        status: "complete",
        result: expect.objectContaining({ structuredContent: { greeting: "no name (cancel)" } }) as object,
        notes: [
          'The tool asked for input ("What is your name?") and was answered "cancel": its server (a protocol ' +
            "before 2026-07-28) cannot wait for an answer later.",
        ],
      });
      expect(records.map((record) => record.action)).toEqual(["pause"]);
    } finally {
      await connection.close();
    }
  });

  it("refuses to resume a paused call on such a connection", async () => {
    const stored = await pausedCall();
    const connection = await v1InMemory();
    try {
      await expect(resumeMcpToolCall(connection.client, stored, {})).rejects.toThrow(
        "its client's connection speaks a protocol before 2026-07-28",
      );
    } finally {
      await connection.close();
    }
  });
});
