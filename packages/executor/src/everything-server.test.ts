// @modelcontextprotocol/server-everything, the reference MCP server published
// on npm, run as its own process over stdio.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import { buildToolset } from "@x/toolset";
import type { Toolset } from "@x/toolset";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everythingServer } from "./__fixtures__/everything-server";
import { chatCompletion, responsesResponse } from "./__fixtures__/model-responses";
import { executeToolCalls } from "./execute-tool-calls";

interface Everything {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  readonly toolset: Toolset;
}

async function startEverything(): Promise<Everything> {
  const transport = new StdioClientTransport(everythingServer);
  const client = new Client({ name: "executor-test", version: "1.0.0" });
  await client.connect(transport);
  const { toolset } = buildToolset({ everything: (await client.listTools()).tools });
  return { client, transport, toolset };
}

describe("server-everything over stdio", () => {
  let everything: Everything;
  beforeAll(async () => {
    everything = await startEverything();
  });
  afterAll(async () => {
    await everything.client.close();
  });

  it(
    "runs echo, get-sum, get-tiny-image and trigger-long-running-operation in one round, answered in " + "order",
    async () => {
      const { outputs, outcomes } = await executeToolCalls(
        chatCompletion([
          ["c1", "everything__echo", { message: "hello" }],
          ["c2", "everything__get-sum", { a: 2, b: 3 }],
          ["c3", "everything__get-tiny-image", {}],
          ["c4", "everything__trigger-long-running-operation", { duration: 0.2, steps: 2 }],
        ]),
        chat.tools(everything.toolset),
        { everything: everything.client },
        { timeoutMs: 10_000 },
      );
      expect(outputs).toEqual([
        { role: "tool", tool_call_id: "c1", content: "Echo: hello" },
        { role: "tool", tool_call_id: "c2", content: "The sum of 2 and 3 is 5." },
        {
          role: "tool",
          tool_call_id: "c3",
          content: expect.stringMatching(
            /^Here's the image you requested:\n\[image: image\/png, \d+ bytes\]\nThe image above is the MCP logo\.$/,
          ) as string,
        },
        {
          role: "tool",
          tool_call_id: "c4",
          content: "Long running operation completed. Duration: 0.2 seconds, Steps: 2.",
        },
      ]);
      expect(outcomes.map((o) => o.kind)).toEqual(["call", "call", "call", "call"]);
    },
  );

  it("passes the tiny image to Responses as an input_image", async () => {
    const { outputs } = await executeToolCalls(
      responsesResponse([["r1", "everything__get-tiny-image", {}]]),
      responses.tools(everything.toolset),
      { everything: everything.client },
    );
    expect(outputs).toMatchObject([
      {
        type: "function_call_output",
        call_id: "r1",
        output: [
          { type: "input_text", text: "Here's the image you requested:" },
          { type: "input_image", image_url: expect.stringMatching(/^data:image\/png;base64,iVBOR/) as string },
          { type: "input_text", text: "The image above is the MCP logo." },
        ],
      },
    ]);
  });

  it("invalid arguments: the server's isError answer, with the error prefix", async () => {
    const { outputs, outcomes } = await executeToolCalls(
      chatCompletion([["c1", "everything__get-sum", { a: "two", b: 3 }]]),
      chat.tools(everything.toolset),
      { everything: everything.client },
    );
    expect(outputs[0]?.content).toMatch(/^Error: .*Input validation error/s);
    expect(outcomes[0]?.outcome).toMatchObject({ isError: true });
  });
});

describe("server-everything killed in the middle of a call", () => {
  it("the call gets a connection-closed error output; the other calls of the round are answered", async () => {
    const { client, transport, toolset } = await startEverything();
    let echoed!: () => void;
    const echoDone = new Promise<void>((resolve) => (echoed = resolve));
    const round = executeToolCalls(
      chatCompletion([
        ["c1", "everything__trigger-long-running-operation", { duration: 30, steps: 3 }],
        ["c2", "everything__echo", { message: "before the crash" }],
        ["c3", "everything__trigger-long-running-operation", { duration: 30, steps: 3 }],
      ]),
      chat.tools(toolset),
      { everything: client },
      // Two at a time: c1 and c2 start together; c3 starts when c2 is answered, just before the kill
      // (it may reach the server before it dies, or find the pipe closed: either way it is answered).
      {
        concurrency: 2,
        hooks: { "tool-call-end": (event) => void (event.callId === "c2" && echoed()) },
      },
    );
    // The echo answered: the server has read the long call (sent before it) and is running it.
    await echoDone;
    process.kill(transport.pid as number, "SIGKILL");
    const { outputs, outcomes } = await round;
    expect(outputs).toEqual([
      {
        role: "tool",
        tool_call_id: "c1",
        content:
          'Error: The connection to the MCP server of the tool "everything__trigger-long-running-operation" closed ' +
          "before it answered. Its effects, if any, are unknown.",
      },
      { role: "tool", tool_call_id: "c2", content: "Echo: before the crash" },
      { role: "tool", tool_call_id: "c3", content: expect.stringMatching(/^Error: /) as string },
    ]);
    expect(outcomes.map((o) => (o.outcome instanceof Error ? o.outcome.code : "result"))).toEqual([
      "connection-closed",
      "result",
      expect.stringMatching(/^(connection-closed|tool-failed)$/),
    ]);
    await client.close();
  });
});
