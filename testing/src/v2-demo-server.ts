// The MCP SDK v2 demo server (`@modelcontextprotocol/server` 2.4.0): one
// factory of `McpServer`s that serves both protocol eras (2026-07-28 and
// 2025), with tools for what clients of it must get right: a plain call, a
// long call that reports progress and sees its cancellation, a tool that asks
// the user (form mode) and one that sends them to a URL, and tools added
// while it runs. What the calls did is kept in one shared log.
import { acceptedContent, inputRequired, inputResponse, McpServer } from "@modelcontextprotocol/server";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { z } from "zod";

/** What the server's tools saw, shared by every instance the factory makes. */
export interface V2ServerLog {
  /** Each `tools/call` by tool name and arguments, in order (a retry after `input_required` is one more). */
  readonly calls: { readonly name: string; readonly arguments: unknown }[];
  /** The calls whose request was cancelled while they ran, with the reason the server was given. */
  readonly cancelled: { readonly name: string; readonly reason: string }[];
}

/** The factory, its log, and the names of the tools added while it runs. */
export interface V2DemoServer {
  /** Makes one `McpServer` (per request under `createMcpHandler`, per connection otherwise). */
  readonly create: () => McpServer;
  readonly log: V2ServerLog;
  /** Adds a tool named `name` (it answers `name: <text>`) to every instance made from now on. */
  addTool(name: string): void;
}

/** Options of {@link createV2DemoServer}. */
export interface V2DemoServerOptions {
  /** The server's name in its `serverInfo`. Default `"demo-v2"`. */
  readonly name?: string;
  /** The `ttlMs` its `tools/list` results carry (2026-07-28 cache hint). Default none (the SDK sends 0). */
  readonly toolsTtlMs?: number;
}

const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

const confirmation = z.object({ confirm: z.boolean() });

/**
 * The demo server's factory: `add`, `count` (progress, cancellation), `confirm`
 * (asks the user, form mode), `open_link` (URL mode) and the tools added with
 * `addTool`.
 *
 * @example
 * ```ts
 * const demo = createV2DemoServer();
 * const handler = createMcpHandler(demo.create);
 * ```
 */
export function createV2DemoServer(options: V2DemoServerOptions = {}): V2DemoServer {
  const log: V2ServerLog = { calls: [], cancelled: [] };
  const added: string[] = [];
  const create = (): McpServer => {
    const server = new McpServer(
      { name: options.name ?? "demo-v2", version: "1.0.0" },
      options.toolsTtlMs === undefined
        ? {}
        : { cacheHints: { "tools/list": { ttlMs: options.toolsTtlMs, cacheScope: "public" } } },
    );
    server.registerTool(
      "add",
      { description: "Adds two numbers.", inputSchema: z.object({ a: z.number(), b: z.number() }) },
      (args) => {
        log.calls.push({ name: "add", arguments: args });
        return text(String(args.a + args.b));
      },
    );
    server.registerTool(
      "count",
      {
        description: "Counts to `to`, a step every `stepMs`, reporting progress; stops when cancelled.",
        inputSchema: z.object({ to: z.number().int(), stepMs: z.number().int().optional() }),
      },
      async (args, ctx) => {
        log.calls.push({ name: "count", arguments: args });
        const { signal } = ctx.mcpReq;
        const progressToken = ctx.mcpReq._meta?.progressToken;
        for (let step = 1; step <= args.to; step++) {
          await sleep(args.stepMs ?? 50, signal);
          if (signal.aborted) {
            log.cancelled.push({ name: "count", reason: String(signal.reason) });
            return text(`stopped at ${step - 1}`);
          }
          if (progressToken !== undefined) {
            await ctx.mcpReq.notify({
              method: "notifications/progress",
              params: { progressToken, progress: step, total: args.to, message: `counted ${step}` },
            });
          }
        }
        return text(`counted to ${args.to}`);
      },
    );
    server.registerTool(
      "confirm",
      { description: "Does `action` once the user confirms it.", inputSchema: z.object({ action: z.string() }) },
      (args, ctx) => {
        log.calls.push({ name: "confirm", arguments: args });
        const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
        if (answer.kind === "elicit" && answer.action !== "accept")
          return text(`not done: the user chose ${answer.action}`);
        const content = acceptedContent(ctx.mcpReq.inputResponses, "confirm", confirmation);
        if (content === undefined) {
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({ message: `Do "${args.action}"?`, requestedSchema: confirmation }),
            },
          });
        }
        return text(content.confirm ? `done: ${args.action}` : `not done: ${args.action}`);
      },
    );
    server.registerTool(
      "open_link",
      { description: "Sends the user to a page, then goes on.", inputSchema: z.object({}) },
      (args, ctx) => {
        log.calls.push({ name: "open_link", arguments: args });
        const answer = inputResponse(ctx.mcpReq.inputResponses, "visit");
        if (answer.kind === "elicit") return text(`the user chose ${answer.action}`);
        return inputRequired({
          inputRequests: {
            visit: inputRequired.elicitUrl({ message: "Sign in to go on.", url: "https://example.com/sign-in" }),
          },
        });
      },
    );
    for (const name of added) {
      server.registerTool(
        name,
        { description: `Added tool ${name}.`, inputSchema: z.object({ text: z.string() }) },
        (args) => {
          log.calls.push({ name, arguments: args });
          return text(`${name}: ${args.text}`);
        },
      );
    }
    return server;
  };
  return { create, log, addTool: (name) => void added.push(name) };
}
