// Which call a request for input belongs to, before protocol 2026-07-28: the
// server's own `elicitation/create` names no call, so the one handler of a
// shared client can attribute it only when one call is in flight.
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { v1InMemory, v2InMemory, v2OverHttp } from "@x/testing";
import { describe, expect, it } from "vitest";
import { callMcpTool } from "./call-mcp-tool";
import type { McpCallOutcome } from "./call-mcp-tool";
import type { ElicitationRequest } from "./elicitation-request";

function greeting(outcome: McpCallOutcome): unknown {
  return outcome.status === "complete"
    ? (outcome.result as { structuredContent?: unknown }).structuredContent
    : undefined;
}

describe("one client, two calls asking for input at once", () => {
  it("before 2026-07-28: declines both at once, saying why, without asking anyone", async () => {
    const connection = await v2InMemory();
    try {
      const asked: ElicitationRequest[] = [];
      const elicit = (request: ElicitationRequest) => {
        asked.push(request);
        return { action: "accept" as const, content: { name: "Ada" } };
      };
      const outcomes = await Promise.all(
        ["call_1", "call_2"].map((callId) =>
          callMcpTool(connection.client, { server: "tools", callId, name: "ask-name" }, { elicit }),
        ),
      );
      expect(asked).toEqual([]);
      for (const outcome of outcomes) {
        expect(greeting(outcome)).toEqual({ greeting: "no name (decline)" });
        expect(outcome.notes).toEqual([
          'The tool asked for input ("What is your name?") and was answered "decline": 2 calls were running on its ' +
            "server's connection, and a connection of a protocol before 2026-07-28 does not say which call asks, " +
            "so no one was asked.",
        ]);
      }
    } finally {
      await connection.close();
    }
  });

  it("on 2026-07-28: asks each call's own elicit, each answer to its own call", async () => {
    const connection = await v2OverHttp();
    try {
      const outcomes = await Promise.all(
        ["Ada", "Grace"].map((name, index) =>
          callMcpTool(
            connection.client,
            { server: "tools", callId: `call_${index}`, name: "ask-name" },
            { elicit: (request) => ({ action: "accept", content: { name: `${name} (${request.callId})` } }) },
          ),
        ),
      );
      expect(outcomes.map(greeting)).toEqual([
        { greeting: "Hello, Ada (call_0)!" },
        { greeting: "Hello, Grace (call_1)!" },
      ]);
    } finally {
      await connection.close();
    }
  });
});

describe("a client with an elicitation handler of its own", () => {
  it("keeps it: its owner answers, and elicit is not asked", async () => {
    const connection = await v1InMemory();
    try {
      connection.client.setRequestHandler(ElicitRequestSchema, () => ({
        action: "accept",
        content: { name: "Owner" },
      }));
      const asked: unknown[] = [];
      const outcome = await callMcpTool(
        connection.client,
        { server: "tools", callId: "call_1", name: "ask-name" },
        { elicit: (request) => (asked.push(request), { action: "decline" }) },
      );
      expect(greeting(outcome)).toEqual({ greeting: "Hello, Owner!" });
      expect(asked).toEqual([]);
    } finally {
      await connection.close();
    }
  });
});

describe("a client without the elicitation capability", () => {
  it("is never asked: the server learns it cannot ask", async () => {
    const connection = await v1InMemory({ elicitation: false });
    try {
      const outcome = await callMcpTool(
        connection.client,
        { server: "tools", callId: "call_1", name: "ask-name" },
        { elicit: () => ({ action: "accept", content: { name: "Ada" } }) },
      );
      expect(outcome).toMatchObject({ status: "complete", result: { isError: true } });
    } finally {
      await connection.close();
    }
  });
});
