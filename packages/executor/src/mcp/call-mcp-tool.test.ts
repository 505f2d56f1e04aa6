import { isToolError } from "@x/toolset";
import { CONNECT_URL, NAME_FORM, v1InMemory, v1OverHttp, v2InMemory, v2OverHttp } from "@x/testing";
import type { ToolConnection } from "@x/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callMcpTool } from "./call-mcp-tool";
import type { CallMcpToolOptions } from "./call-mcp-tool";
import type { ElicitationRecord } from "./elicitation-request";
import { mcpConnection } from "./mcp-connection";
import type { McpConnection, McpProgress, McpToolClient } from "./mcp-connection";

interface Pair {
  readonly name: string;
  readonly connect: () => Promise<ToolConnection<McpToolClient>>;
  readonly expected: McpConnection;
  /**
   * Whether the tool learns of a cancellation. The v2 server serves 2025-era
   * HTTP clients statelessly, one server instance per POST: the
   * `notifications/cancelled` POST reaches an instance that never saw the call.
   */
  readonly toolSeesCancel: boolean;
}

// Each real client against a real server: both SDK generations, in memory and
// over Streamable HTTP, at protocol 2025-11-25 and 2026-07-28.
const PAIRS: Pair[] = [
  {
    name: "v1 client, v1 server, in memory, 2025-11-25",
    connect: v1InMemory,
    expected: { sdk: "v1", era: "legacy" },
    toolSeesCancel: true,
  },
  {
    name: "v2 client, v2 server, in memory, 2025-11-25",
    connect: v2InMemory,
    expected: { sdk: "v2", era: "legacy" },
    toolSeesCancel: true,
  },
  {
    name: "v2 client, v2 server, Streamable HTTP stateless, 2026-07-28",
    connect: v2OverHttp,
    expected: { sdk: "v2", era: "modern" },
    toolSeesCancel: true,
  },
  {
    name: "v1 client, v2 server, Streamable HTTP stateless, 2025-11-25",
    connect: v1OverHttp,
    expected: { sdk: "v1", era: "legacy" },
    toolSeesCancel: false,
  },
];
// The stateless 2025-era HTTP serving cannot send the server's own requests, so it cannot ask for input.
const ELICITING_PAIRS = PAIRS.filter((pair) => pair.connect !== v1OverHttp);

function call(name: string, args: { [key: string]: unknown } = {}): Parameters<typeof callMcpTool>[1] {
  return { server: "tools", callId: `call_${name}`, name, arguments: args };
}

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content.map((block) => block.text).join("");
}

async function complete(
  client: McpToolClient,
  name: string,
  options: CallMcpToolOptions = {},
): Promise<{ result: unknown; notes: readonly string[] }> {
  const outcome = await callMcpTool(client, call(name), options);
  if (outcome.status !== "complete") throw new Error(`expected a complete call, got ${outcome.status}`);
  return outcome;
}

function connected(pair: Pair): { readonly current: ToolConnection<McpToolClient> } {
  const holder: { current: ToolConnection<McpToolClient> } = { current: undefined as never };
  beforeAll(async () => {
    holder.current = await pair.connect();
  });
  afterAll(async () => {
    await holder.current.close();
  });
  return holder;
}

describe.each(PAIRS)("$name", (pair) => {
  const held = connected(pair);
  const { expected } = pair;

  it("is told apart by what the client is", () => {
    expect(mcpConnection(held.current.client)).toEqual(expected);
  });

  it("runs a call and returns the raw result", async () => {
    const outcome = await callMcpTool(held.current.client, call("echo", { text: "hi" }));
    expect(outcome).toMatchObject({ status: "complete", notes: [] });
    expect(text(outcome.status === "complete" ? outcome.result : undefined)).toBe("hi");
  });

  it("passes progress on, and aborting cancels the request on the server", async () => {
    const controller = new AbortController();
    const reports: McpProgress[] = [];
    const calling = callMcpTool(held.current.client, call("slow"), {
      signal: controller.signal,
      onProgress: (progress) => {
        reports.push(progress);
        controller.abort(new Error("stopped by the test"));
      },
    });
    await expect(calling).rejects.toThrow("stopped by the test");
    expect(reports).toEqual([{ progress: 1, total: 2, message: "halfway" }]);
    const cancellations = (): unknown[] =>
      held.current.log.messages.filter((message) => message.method === "notifications/cancelled");
    // 2026-07-28 over Streamable HTTP: closing the response stream is the cancellation
    // (basic/patterns/cancellation, "Transport-Specific Cancellation"); earlier revisions send the notification.
    await vi.waitFor(() => expect(cancellations()).toHaveLength(expected.era === "modern" ? 0 : 1));
    if (pair.toolSeesCancel) await vi.waitFor(() => expect(held.current.log.cancelled).toContain("slow"));
    else expect(held.current.log.cancelled).toEqual([]);
  });
});

describe.each(ELICITING_PAIRS)("$name: requests for input", (pair) => {
  const held = connected(pair);
  const { expected } = pair;

  it("asks elicit for a form and sends the checked answer back", async () => {
    const records: ElicitationRecord[] = [];
    const { result, notes } = await complete(held.current.client, "ask-name", {
      elicit: () => ({ action: "accept", content: { name: "Ada", age: 36 } }),
      onElicitation: (record) => records.push(record),
    });
    expect(text(result)).toBe("Hello, Ada!");
    expect(notes).toEqual([]);
    expect(records).toEqual([
      {
        request: {
          server: "tools",
          tool: "ask-name",
          callId: "call_ask-name",
          mode: "form",
          message: "What is your name?",
          requestedSchema: NAME_FORM,
        },
        action: "accept",
        content: { name: "Ada", age: 36 },
      },
    ]);
  });

  it("sends a decline back", async () => {
    const { result, notes } = await complete(held.current.client, "ask-name", {
      elicit: () => ({ action: "decline" }),
    });
    expect(text(result)).toBe("no name (decline)");
    expect(notes).toEqual([]);
  });

  it("declines at once without elicit, and the call's notes say why", async () => {
    const records: ElicitationRecord[] = [];
    const { result, notes } = await complete(held.current.client, "ask-name", {
      onElicitation: (record) => records.push(record),
    });
    expect(text(result)).toBe("no name (decline)");
    expect(notes).toEqual([
      'The tool asked for input ("What is your name?") and was answered "decline": no one here can answer it.',
    ]);
    expect(records.map((record) => record.action)).toEqual(["decline"]);
  });

  it("fails the call, alone, when the answer does not fit the form", async () => {
    const before = held.current.log.messages.length;
    const calling = callMcpTool(held.current.client, call("ask-name"), {
      elicit: async () => Promise.resolve({ action: "accept", content: { name: "Ada", age: 3.5 } }),
    });
    await expect(calling).rejects.toSatisfy(
      (error) =>
        isToolError(error) &&
        error.code === "invalid-options" &&
        error.message ===
          'The tool "ask-name" asked for input and the call was stopped: the answer does not fit its form: ' +
            "content.age must be an integer; got 3.5.",
    );
    // No answer reaches the tool: on 2026-07-28 the call is not retried; before it, the call is cancelled.
    const after = held.current.log.messages.slice(before);
    expect(after.filter((message) => message.method === "tools/call")).toHaveLength(1);
    if (expected.era === "legacy") {
      await vi.waitFor(() =>
        expect(held.current.log.messages.slice(before).some((m) => m.method === "notifications/cancelled")).toBe(true),
      );
    }
    // The client still serves the next call.
    const { result } = await complete(held.current.client, "ask-name", {
      elicit: () => ({ action: "accept", content: { name: "Grace" } }),
    });
    expect(text(result)).toBe("Hello, Grace!");
  });

  it("fails the call when elicit throws", async () => {
    const calling = callMcpTool(held.current.client, call("ask-name"), {
      elicit: () => {
        throw new Error("no form today");
      },
    });
    await expect(calling).rejects.toThrow(
      'The tool "ask-name" asked for input and the call was stopped: elicit failed while answering it: no form today.',
    );
  });

  it("passes a URL request through", async () => {
    const asked: unknown[] = [];
    const { result } = await complete(held.current.client, "open-page", {
      elicit: (request) => {
        asked.push(request);
        return { action: "accept" };
      },
    });
    expect(text(result)).toBe("page: accept");
    expect(asked).toEqual([
      {
        server: "tools",
        tool: "open-page",
        callId: "call_open-page",
        mode: "url",
        message: "Connect your account.",
        url: CONNECT_URL,
      },
    ]);
  });

  it("cancels a call whose person has not answered yet", async () => {
    const controller = new AbortController();
    let formSignal: AbortSignal | undefined;
    const calling = callMcpTool(held.current.client, call("ask-name"), {
      signal: controller.signal,
      elicit: (_request, { signal }) => {
        formSignal = signal;
        controller.abort(new Error("the run was stopped"));
        return new Promise(() => undefined);
      },
    });
    await expect(calling).rejects.toThrow("the run was stopped");
    expect(formSignal?.aborted).toBe(true);
  });
});

describe("v1 client, v2 server, Streamable HTTP stateless, 2025-11-25: requests for input", () => {
  const held = connected(PAIRS[3]!);

  it("gets the server's refusal as the tool's result: stateless 2025-era serving cannot ask", async () => {
    const asked: unknown[] = [];
    const { result } = await complete(held.current.client, "ask-name", {
      elicit: (request) => {
        asked.push(request);
        return { action: "decline" };
      },
    });
    expect(result).toMatchObject({ isError: true });
    expect(text(result)).toContain("per-request legacy serving cannot receive server-to-client requests");
    expect(asked).toEqual([]);
  });
});
