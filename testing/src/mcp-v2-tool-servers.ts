// The same small tool set on a server of each MCP SDK generation, recording
// what the server saw: the messages it received and the calls it saw
// cancelled. The v2 tools ask for input the 2026-07-28 way (an
// `input_required` result), which the v2 server turns into its own
// `elicitation/create` request on older connections; the v1 tools send that
// request themselves.
//
// Tools: echo { text }; slow (reports progress 1 of 2, then waits until it is
// cancelled); ask-name (a form: name, optional age; has an output schema);
// open-page (a URL to open).
import { McpServer as V1McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { acceptedContent, inputRequired, inputResponse, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

/** What a test server saw. */
export interface ServerLog {
  /** Every JSON-RPC message it received (requests, notifications), in order. */
  readonly messages: { readonly method?: string; readonly params?: { readonly [key: string]: unknown } }[];
  /** The tools whose run was cancelled (their handler's signal aborted), in order. */
  readonly cancelled: string[];
}

/** An empty log. */
export function serverLog(): ServerLog {
  return { messages: [], cancelled: [] };
}

/** The form ask-name shows. */
export const NAME_FORM: {
  type: "object";
  properties: { name: { type: "string"; title: string; minLength: number }; age: { type: "integer"; minimum: number } };
  required: string[];
} = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name", minLength: 1 },
    age: { type: "integer", minimum: 0 },
  },
  required: ["name"],
};

/** The page open-page asks to open. */
export const CONNECT_URL = "https://example.com/connect";

// Long enough for any test; a test that forgets to cancel still ends.
const SLOW_LIMIT_MS = 30_000;

function text(value: string): { content: { type: "text"; text: string }[] } {
  return { content: [{ type: "text", text: value }] };
}

function untilAborted(signal: AbortSignal, log: ServerLog, tool: string): Promise<void> {
  return new Promise((resolve) => {
    const cancelled = (): void => {
      clearTimeout(timer);
      log.cancelled.push(tool);
      resolve();
    };
    const timer = setTimeout(resolve, SLOW_LIMIT_MS);
    if (signal.aborted) cancelled();
    else signal.addEventListener("abort", cancelled, { once: true });
  });
}

/** The tool set on a v2 `McpServer` (`@modelcontextprotocol/server` 2.x), for either protocol era. */
export function v2ToolServer(log: ServerLog): McpServer {
  const server = new McpServer({ name: "v2-tools", version: "1.0.0" });
  server.registerTool("echo", { inputSchema: z.object({ text: z.string() }) }, ({ text: said }) => text(said));
  server.registerTool("slow", { inputSchema: z.object({}) }, async (_args, ctx) => {
    const progressToken = ctx.mcpReq._meta?.progressToken;
    if (progressToken !== undefined) {
      await ctx.mcpReq.notify({
        method: "notifications/progress",
        params: { progressToken, progress: 1, total: 2, message: "halfway" },
      });
    }
    await untilAborted(ctx.mcpReq.signal, log, "slow");
    return text("finished");
  });
  server.registerTool(
    "ask-name",
    { inputSchema: z.object({}), outputSchema: z.object({ greeting: z.string() }) },
    (_args, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, "name");
      if (answer.kind !== "elicit") {
        return inputRequired({
          inputRequests: {
            name: inputRequired.elicit({ message: "What is your name?", requestedSchema: NAME_FORM }),
          },
          requestState: "asked-name",
        });
      }
      const content = acceptedContent(ctx.mcpReq.inputResponses, "name");
      const greeting = content === undefined ? `no name (${answer.action})` : `Hello, ${String(content.name)}!`;
      return { ...text(greeting), structuredContent: { greeting } };
    },
  );
  server.registerTool("open-page", { inputSchema: z.object({}) }, (_args, ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, "page");
    if (answer.kind !== "elicit") {
      return inputRequired({
        inputRequests: { page: inputRequired.elicitUrl({ message: "Connect your account.", url: CONNECT_URL }) },
      });
    }
    return text(`page: ${answer.action}`);
  });
  return server;
}

/** The tool set on a v1 `McpServer` (`@modelcontextprotocol/sdk` 1.x): protocol 2025-11-25. */
export function v1ToolServer(log: ServerLog): V1McpServer {
  const server = new V1McpServer({ name: "v1-tools", version: "1.0.0" });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, ({ text: said }) => text(said));
  server.registerTool("slow", {}, async (extra) => {
    const progressToken = extra._meta?.progressToken;
    if (progressToken !== undefined) {
      await extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken, progress: 1, total: 2, message: "halfway" },
      });
    }
    await untilAborted(extra.signal, log, "slow");
    return text("finished");
  });
  server.registerTool("ask-name", { outputSchema: { greeting: z.string() } }, async (extra) => {
    const answer = await extra.sendRequest(
      { method: "elicitation/create", params: { message: "What is your name?", requestedSchema: NAME_FORM } },
      ElicitResultSchema,
    );
    const greeting =
      answer.action === "accept" && answer.content !== undefined
        ? `Hello, ${String(answer.content.name)}!`
        : `no name (${answer.action})`;
    return { ...text(greeting), structuredContent: { greeting } };
  });
  server.registerTool("open-page", {}, async (extra) => {
    const answer = await extra.sendRequest(
      {
        method: "elicitation/create",
        params: { mode: "url", message: "Connect your account.", url: CONNECT_URL, elicitationId: "connect-1" },
      },
      ElicitResultSchema,
    );
    return text(`page: ${answer.action}`);
  });
  return server;
}
