// The playground's Node server: starts the configured MCP servers, then serves
// the built page and a small JSON API on 127.0.0.1, behind the request guard.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { displayUrl, HIDDEN, hideCredentials } from "@x/servers";
import type {
  ApiErrorBody,
  ApproveRequest,
  ModelDelta,
  NotificationsResponse,
  ServerNotificationView,
  StateResponse,
} from "../shared/api-types";
import { runConversation, parseChatRequest } from "./conversation";
import { createEventHub } from "./event-hub";
import type { EventHub } from "./event-hub";
import type { LiveRun } from "./live-run";
import { consoleLogger } from "./logger";
import type { Logger } from "./logger";
import { parseCallRequest, runManualCall } from "./manual-call";
import { keyVariable, providerSecrets, providerStates, settingsFor } from "./model-providers";
import type { ModelSettings, ProviderSettings } from "./model-providers";
import { runManualSearch, TOOL_SEARCH } from "./manual-search";
import { BodyError, readJsonBody } from "./read-json-body";
import { createPendingApprovals } from "./pending-approvals";
import type { PendingApprovals } from "./pending-approvals";
import { createPendingElicitations, parseElicitAnswer } from "./pending-elicitations";
import type { PendingElicitations } from "./pending-elicitations";
import { createRunningCalls } from "./running-calls";
import type { RunningCalls } from "./running-calls";
import { parseRequestTarget } from "./request-target";
import { checkRequest } from "./request-guard";
import { createRedactor } from "./redactor";
import type { Redactor } from "./redactor";
import { safeHandler } from "./safe-handler";
import { SCRIPTED_MODEL } from "../shared/scripted-model";
import { describeServer, urlReplacements } from "./server-display";
import { statusLine } from "./server-log";
import { createNotificationLog, notificationView, progressView } from "./server-notifications";
import type { NotificationLog } from "./server-notifications";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";
import { loadStaticFiles } from "./static-files";
import { toJson } from "./to-json";
import { connectionState, connectPool } from "./toolbox";
import type { ServerPool, Toolbox } from "./toolbox";
import { parseStrictSetting, toolsView } from "./tools-view";
import { modelToolboxes, withheldReason } from "./withheld-tools";

/** Options of {@link startPlayground}. */
export interface PlaygroundOptions {
  /** The MCP servers to start (from the command line and the config file). */
  readonly servers: readonly (ServerSpec | InvalidServerSpec)[];
  /** 0 or absent: a free port. */
  readonly port?: number;
  readonly logger?: Logger;
  /** The OpenAI settings; without `apiKey` the conversation runs on the scripted model only. */
  readonly openai?: ProviderSettings;
  /** Anthropic's settings (`ANTHROPIC_…`); without `apiKey`, Anthropic Messages runs on the scripted model only. */
  readonly anthropic?: ProviderSettings;
  /** Gemini's settings (`GEMINI_…`); without `apiKey`, Gemini runs on the scripted model only. */
  readonly gemini?: ProviderSettings;
  /** The built page; default `dist/page` of this app. */
  readonly pageDir?: string;
  /** The per-run token; default 24 random bytes. Only tests set it. */
  readonly token?: string;
}

/** A running playground. */
export interface Playground {
  /** The URL to open, token included. */
  readonly url: string;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  /** The MCP servers (connected by @x/servers) and the specs they came from. */
  readonly pool: ServerPool;
  /** Stops the HTTP server and every MCP server. */
  close(): Promise<void>;
}

/** The folder `vite build` writes the page to. */
export const DEFAULT_PAGE_DIR: string = fileURLToPath(new URL("../../dist/page", import.meta.url));

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "x-frame-options": "DENY",
} as const;

const PAGE_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'";

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  sendJson(response, status, { error: { code, message } } satisfies ApiErrorBody);
}

function stateOf(context: RouteContext): StateResponse {
  const { pool, models, redactor } = context;
  const { openai } = models;
  const configured = openai?.apiKey !== undefined && openai.apiKey !== "";
  return {
    servers: pool.specs.map((spec) => {
      const { target, hidden } = describeServer(spec);
      // The target goes through the redactor too: an argument may hold a URL with a password inside other text.
      // Only a server of the configuration can be restarted (never one a request names), and never a spec that could
      // not be read.
      const restartable = spec.transport !== "invalid";
      const base = {
        name: spec.name,
        transport: spec.transport,
        source: spec.source,
        target: redactor.message(target),
        hidden,
        restartable,
      };
      const { error, ...connection } = connectionState(spec, pool);
      return { ...base, ...connection, ...(error === undefined ? {} : { error: redactor.message(error) }) };
    }),
    openai: {
      configured,
      baseUrl: openai?.baseURL === undefined ? null : displayUrl(openai.baseURL),
      // Without a key the conversation starts on the scripted model.
      model: configured ? (openai?.model ?? "gpt-4.1-mini") : SCRIPTED_MODEL,
      scriptedModel: SCRIPTED_MODEL,
      withheldTools: context.withheldTools,
    },
    providers: providerStates(models),
  };
}

/** Every secret of the configuration: the servers' (see server-display.ts) and the model keys and base URLs'. */
function redactorFor(servers: PlaygroundOptions["servers"], models: ModelSettings): Redactor {
  const { keys, urls } = providerSecrets(models);
  return createRedactor([
    ...servers.flatMap((spec) => describeServer(spec).replacements),
    ...keys.map((key) => [key, HIDDEN] as const),
    ...urls.flatMap((url) => urlReplacements(url)),
  ]);
}

// eslint-disable-next-line max-params -- the request, its answer, its URL, and what every route reads.
async function route(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  toolbox: Toolbox,
  context: RouteContext,
): Promise<void> {
  const { pathname } = url;
  // Every answer goes through the redactor: no configured secret reaches the page, whoever echoes it.
  const answer = (body: unknown): void => sendJson(response, 200, context.redactor.json(toJson(body)));
  if (request.method === "GET" || request.method === "HEAD") {
    if (pathname === "/api/state") return answer(stateOf(context));
    if (pathname === "/api/notifications") {
      const body: NotificationsResponse = { notifications: context.notifications.list() };
      return answer(body);
    }
    if (pathname === "/api/tools") {
      const strict = parseStrictSetting(url.searchParams.get("strict") ?? "auto");
      if (strict === undefined)
        return sendError(response, 400, "bad-strict", 'strict must be "auto", "true" or "false".');
      return answer(toolsView(toolbox, strict, unavailableServers(context)));
    }
    if (pathname.startsWith("/api/")) return sendError(response, 404, "not-found", `No API at ${pathname}.`);
    const file = context.files.get(pathname === "/" ? "/index.html" : pathname);
    if (file === undefined) {
      if (pathname === "/" || pathname === "/index.html") {
        response.writeHead(503, { ...SECURITY_HEADERS, "content-type": "text/plain; charset=utf-8" });
        response.end(
          "The playground page is not built: run `pnpm --filter @x/playground build` (or start it with `pnpm " +
            "playground`, which builds it).\n",
        );
        return;
      }
      return sendError(response, 404, "not-found", `No file at ${pathname}.`);
    }
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      "content-type": file.contentType,
      "content-length": file.body.length,
      ...(file.contentType.startsWith("text/html") ? { "content-security-policy": PAGE_CSP } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : file.body);
    return;
  }
  // The guard lets only POST to /api/ through to here.
  const body = await readJsonBody(request);
  if (pathname === "/api/events")
    return context.hub.open(response, { type: "state", state: stateOf(context) }, SECURITY_HEADERS);
  if (pathname === "/api/servers/restart") {
    const name = typeof body === "object" && body !== null ? (body as { name?: unknown }).name : undefined;
    const spec = context.pool.specs.find((candidate) => candidate.name === name);
    if (spec === undefined || spec.transport === "invalid") {
      return sendError(
        response,
        404,
        "no-such-server",
        "Send { name } of a server the playground was started with: only those can be restarted.",
      );
    }
    // The new state reaches the page through the event stream as it changes; the answer is the state once it settled.
    await context.pool.servers.restart(spec.name);
    return answer(stateOf(context));
  }
  if (pathname === "/api/call/cancel") {
    const runId = typeof body === "object" && body !== null ? (body as { runId?: unknown }).runId : undefined;
    if (typeof runId !== "string")
      return sendError(response, 400, "bad-request", "Send { runId }: the id the call was started with.");
    if (!context.running.cancel(runId))
      return sendError(response, 404, "not-running", "No call with this runId is running (it may have just finished).");
    return answer({ cancelled: runId });
  }
  if (pathname === "/api/approve") {
    const parsed = parseApproveRequest(body);
    if (typeof parsed === "string") return sendError(response, 400, "bad-request", parsed);
    if (!context.approvals.answer(parsed.runId, parsed.callId, parsed))
      return sendError(
        response,
        404,
        "not-waiting",
        "No call with this runId and callId waits for approval (it may have been answered, or the run stopped).",
      );
    return answer({ answered: parsed.callId, allow: parsed.allow });
  }
  if (pathname === "/api/elicit") {
    const parsed = parseElicitAnswer(body);
    if (typeof parsed === "string") return sendError(response, 400, "bad-request", parsed);
    if (!context.elicitations.answer(parsed))
      return sendError(
        response,
        404,
        "not-waiting",
        "No request for input with this runId and elicitationId waits (it may have been answered, or the call ended).",
      );
    return answer({ answered: parsed.elicitationId, action: parsed.action });
  }
  if (pathname === "/api/call") {
    const parsed = parseCallRequest(body);
    if (typeof parsed === "string") return sendError(response, 400, "bad-request", parsed);
    const run = parsed.tool === TOOL_SEARCH ? runManualSearch : runManualCall;
    const call = await followed(context, { runId: parsed.runId, response }, (live) => run(toolbox, parsed, live));
    if (call === undefined)
      return sendError(response, 409, "run-id-taken", "A run with this runId is running already.");
    // What the executor says about a failed call may quote a server's URL or stderr; what the tool returned may hold
    // credential-shaped text.
    return answer({
      ...call,
      result: context.redactor.outputs(call.result),
      outputs: context.redactor.outputs(toJson(call.outputs)),
      transportError:
        call.transportError === null ? null : hideCredentials(context.redactor.message(call.transportError)),
      events: call.events.map((event) => context.redactor.messages(toJson(event))),
    });
  }
  if (pathname === "/api/chat") {
    const parsed = parseChatRequest(body);
    if (typeof parsed === "string") return sendError(response, 400, "bad-request", parsed);
    const { apiKey } = settingsFor(context.models, parsed.api);
    // Without a key, the scripted model (built in, no network) is the only one there is.
    if (parsed.model !== SCRIPTED_MODEL && (apiKey === undefined || apiKey === "")) {
      return sendError(
        response,
        409,
        "no-api-key",
        `No ${keyVariable(parsed.api)} is set: only the scripted model ("${SCRIPTED_MODEL}") answers without one. ` +
          "Start the playground with a key to talk to a real model.",
      );
    }
    // A real model gets the toolbox without the tools it must not be offered unasked (withheld-tools.ts).
    const offered = context.modelToolboxes[parsed.approval ?? "run-everything"];
    const conversation = await followed(context, { runId: parsed.runId, response }, (live) =>
      runConversation(offered, context.models, parsed, live),
    );
    if (conversation === undefined)
      return sendError(response, 409, "run-id-taken", "A run with this runId is running already.");
    return answer({
      ...conversation,
      // What the tools returned, as the turns show it and as the transcript carries it back.
      turns: context.redactor.outputs(toJson(conversation.turns)),
      transcript: context.redactor.outputs(toJson(conversation.transcript)),
      finalText: conversation.finalText === null ? null : hideCredentials(conversation.finalText),
      events: conversation.events.map((event) => context.redactor.messages(toJson(event))),
      modelError:
        conversation.modelError === null
          ? null
          : { ...conversation.modelError, message: context.redactor.message(conversation.modelError.message) },
    });
  }
  return sendError(response, 404, "not-found", `No API at ${pathname}.`);
}

/** The body of `POST /api/approve`, checked, or what is wrong with it. */
function parseApproveRequest(body: unknown): ApproveRequest | string {
  const usage = "Send { runId, callId, allow, reason? }: the ids of the call that waits, and the answer.";
  if (typeof body !== "object" || body === null) return usage;
  const { runId, callId, allow, reason } = body as { [key: string]: unknown };
  if (typeof runId !== "string" || typeof callId !== "string" || typeof allow !== "boolean") return usage;
  if (reason !== undefined && typeof reason !== "string") return "reason must be text, or left out.";
  return { runId, callId, allow, ...(reason === undefined ? {} : { reason }) };
}

/**
 * Runs `run` followed by the page when it gave a `runId`: its events are
 * pushed as they happen, `POST /api/call/cancel` stops it, and the calls its
 * approval policy puts to the page wait for `POST /api/approve`. A page that
 * goes away before the answer (a reload, a closed tab) can neither take the
 * answer nor approve a call: the run is stopped then, so nothing waits for
 * it. `undefined` when a run with that id is going already.
 */
async function followed<T>(
  context: RouteContext,
  request: { readonly runId: string | undefined; readonly response: ServerResponse },
  run: (live: LiveRun) => Promise<T>,
): Promise<T | undefined> {
  const { runId, response } = request;
  if (runId === undefined) return run({});
  const started = context.running.start(runId);
  if (started === undefined) return undefined;
  const { signal } = started;
  const pageGone = (): void => void context.running.cancel(runId);
  response.once("close", pageGone);
  // One redacted stream per turn's text and per call's arguments: a secret split across pieces never shows in parts.
  const streams = new Map<string, (piece: string) => string>();
  const redacted = (turn: number, delta: ModelDelta): ModelDelta => {
    const key = `${turn} ${delta.type === "text" ? "" : delta.callId}`;
    let next = streams.get(key);
    if (next === undefined) streams.set(key, (next = context.redactor.pieces()));
    return { ...delta, delta: next(delta.delta) };
  };
  try {
    return await run({
      signal,
      onEvent: (event) => {
        context.hub.publish({ type: "call-event", runId, event });
        // A call's progress is also something its server sent: the notifications pane lists it.
        const progress = progressView(event);
        if (progress !== undefined) context.publishNotification(progress);
      },
      onModelDelta: (turn, delta) =>
        context.hub.publish({ type: "model-delta", runId, turn, delta: redacted(turn, delta) }),
      askPage: (policy) =>
        context.approvals.asker(runId, policy, signal, (view) =>
          context.hub.publish({ type: "approval-request", runId, request: view }),
        ),
      elicit: context.elicitations.asker(runId, signal, (view) =>
        context.hub.publish({ type: "elicitation-request", runId, request: view }),
      ),
    });
  } finally {
    response.off("close", pageGone);
    started.done();
  }
}

/** Why the tools of each server that is not ready cannot run now (it is restarting), by server name. */
function unavailableServers(context: RouteContext): Map<string, string> {
  return new Map(
    context.pool.specs.flatMap((spec) => {
      const state = connectionState(spec, context.pool);
      if (state.status === "ready") return [];
      return [
        [
          spec.name,
          `server "${spec.name}" is not running` +
            (state.error === undefined ? "" : ` (${context.redactor.message(state.error)})`),
        ] as const,
      ];
    }),
  );
}

interface RouteContext {
  readonly pool: ServerPool;
  readonly hub: EventHub;
  readonly running: RunningCalls;
  /** Calls of followed runs waiting for the page's Approve or Deny. */
  readonly approvals: PendingApprovals;
  /** Requests for input of followed runs' tools, waiting for the page's answer. */
  readonly elicitations: PendingElicitations;
  /** What the servers sent besides results (the notifications pane). */
  readonly notifications: NotificationLog;
  /** Keeps a notification and pushes it to every open page. */
  publishNotification(view: ServerNotificationView): void;
  /** The toolbox a real model is offered under each approval policy (withheld-tools.ts). */
  readonly modelToolboxes: ReturnType<typeof modelToolboxes>;
  readonly withheldTools: StateResponse["openai"]["withheldTools"];
  readonly models: ModelSettings;
  readonly redactor: Redactor;
  readonly files: ReturnType<typeof loadStaticFiles>;
}

/**
 * Starts the MCP servers, then the HTTP server on 127.0.0.1. Resolves when
 * both are up; a server that fails to start is reported, not fatal.
 *
 * @example
 * ```ts
 * const playground = await startPlayground({ servers: [demoServerSpec()], port: 0 });
 * console.log(playground.url);
 * await playground.close();
 * ```
 */
export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const logger = options.logger ?? consoleLogger;
  const token = options.token ?? randomBytes(24).toString("base64url");
  const models: ModelSettings = {
    ...(options.openai === undefined ? {} : { openai: options.openai }),
    ...(options.anthropic === undefined ? {} : { anthropic: options.anthropic }),
    ...(options.gemini === undefined ? {} : { gemini: options.gemini }),
  };
  const redactor = redactorFor(options.servers, models);
  // Told once the context exists: a server's status changed, so every open page gets the new state.
  let publishState = (): void => {};
  const notifications = createNotificationLog();
  let publishNotification = (view: ServerNotificationView): void => void notifications.add(view);
  // The terminal hears each server's start as it ends, then each crash, restart and giving up.
  const started = new Set<string>();
  const pool = await connectPool(options.servers, {
    onChange: () => publishState(),
    onStatus: (event) => {
      const first = !started.has(event.server) && event.previous === "connecting";
      if (first) started.add(event.server);
      const spec = options.servers.find((candidate) => candidate.name === event.server);
      const line = statusLine(event, { first, restartsItself: spec?.transport === "stdio" });
      if (line !== undefined) logger[line.level](redactor.message(line.text));
    },
    onNotification: (event) => publishNotification(notificationView(event)),
  });
  // A config entry that could not be read never reached @x/servers: it is said here.
  for (const spec of pool.specs) {
    if (spec.transport === "invalid")
      logger.error(`MCP server "${spec.name}" failed to start: ${redactor.message(spec.error)}`);
  }
  const toolbox = pool.toolbox;
  const specByName = new Map(pool.specs.map((spec) => [spec.name, spec]));
  const withheld = (server: string, tool: string): string | undefined => {
    const spec = specByName.get(server);
    return spec === undefined ? undefined : withheldReason(spec, tool);
  };
  const withheldTools = toolbox.toolset.entries.flatMap((entry) => {
    const reason = withheld(entry.server, entry.toolName);
    return reason === undefined ? [] : [{ name: entry.name, reason }];
  });
  const context: RouteContext = {
    pool,
    // Pushed events get what every answer gets: the secrets and the URLs' credentials taken out.
    hub: createEventHub((event) => redactor.json(redactor.messages(toJson(event)))),
    running: createRunningCalls(),
    approvals: createPendingApprovals(),
    elicitations: createPendingElicitations(),
    notifications,
    publishNotification: (view) => publishNotification(view),
    modelToolboxes: modelToolboxes(toolbox, withheld),
    withheldTools,
    models,
    redactor,
    files: loadStaticFiles(options.pageDir ?? DEFAULT_PAGE_DIR),
  };
  publishState = () => context.hub.publish({ type: "state", state: stateOf(context) });
  publishNotification = (view) =>
    context.hub.publish({ type: "server-notification", notification: notifications.add(view) });
  if (!context.files.has("/index.html"))
    logger.error(`The page is not built (no index.html in ${options.pageDir ?? DEFAULT_PAGE_DIR}): run vite build.`);

  let port = 0;
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = parseRequestTarget(request.url);
    if (url === undefined) {
      request.resume();
      return sendError(response, 400, "bad-target", 'The request target must be a path starting with one "/".');
    }
    const refusal = checkRequest(
      { method: request.method ?? "GET", pathname: url.pathname, headers: request.headers },
      port,
      token,
    );
    if (refusal !== undefined) {
      request.resume();
      return sendError(response, refusal.status, refusal.code, refusal.message);
    }
    await route(request, response, url, toolbox, context);
  };
  // Whatever fails in a request fails that request only: the playground keeps serving.
  const onFailure = (error: unknown, request: IncomingMessage, response: ServerResponse): void => {
    if (error instanceof BodyError && !response.headersSent) {
      return sendError(response, error.status, "bad-body", error.message);
    }
    const what = `${request.method} ${parseRequestTarget(request.url)?.pathname ?? "(bad target)"}`;
    const message = error instanceof Error ? error.message : String(error);
    logger.error(redactor.message(`${what} failed: ${error instanceof Error ? (error.stack ?? message) : message}`));
    if (!response.headersSent) sendError(response, 500, "internal", redactor.message(message));
    else response.end();
  };
  const server: Server = createServer(safeHandler(handle, onFailure));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    pool,
    close: async () => {
      context.running.cancelAll();
      context.hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.close();
    },
  };
}
