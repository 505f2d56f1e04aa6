// Requests for input on connections before protocol 2026-07-28: the server
// sends its own `elicitation/create` request while the call is open, and the
// client answers it with the one handler it has. Nothing in that request
// names the call it belongs to (the 2025 protocol has no such field, and
// neither SDK hands the handler one), except the task id a task's requests
// carry (`_meta["io.modelcontextprotocol/related-task"]`, 2025-11-25
// tasks: "Associating Task-Related Messages"). So one handler per client
// routes each request to the call it can only be: the call running as that
// task, or the one call in flight on the client.
import { askElicit, elicitationRecord, unansweredNote } from "./ask-elicit";
import type { CallSession } from "./call-session";
import { readElicitationRequest } from "./elicitation-request";
import type { ElicitResult } from "./elicitation-request";
import { installElicitationHandler } from "./mcp-connection";
import type { McpConnection, McpToolClient } from "./mcp-connection";

const RELATED_TASK = "io.modelcontextprotocol/related-task";

// The calls in flight per client; `null` for a client whose handler is not ours.
const routers = new WeakMap<object, Set<CallSession> | null>();

/**
 * Registers `session` as in flight on `client` until the returned function is
 * called. The first call on a client installs its handler (see
 * {@link installElicitationHandler}); a client with a handler of its own, or
 * without the elicitation capability, keeps answering as it did.
 */
export function trackLegacyCall(client: McpToolClient, connection: McpConnection, session: CallSession): () => void {
  let calls = routers.get(client);
  if (calls === undefined) {
    const created = new Set<CallSession>();
    calls = installElicitationHandler(client, connection, (request) => answer(created, request)) ? created : null;
    routers.set(client, calls);
  }
  if (calls === null) return () => undefined;
  const tracked = calls;
  tracked.add(session);
  return () => tracked.delete(session);
}

async function answer(calls: ReadonlySet<CallSession>, request: unknown): Promise<ElicitResult> {
  const params = (request as { params?: unknown } | null)?.params;
  const candidates = callsOf(calls, params);
  const [session] = candidates;
  if (session === undefined || candidates.length > 1) {
    const message: unknown = (params as { message?: unknown } | null)?.message;
    const why =
      candidates.length > 1
        ? `${candidates.length} calls were running on its server's connection, and a connection of a protocol ` +
          "before 2026-07-28 does not say which call asks, so no one was asked"
        : "it came while no call was running";
    const asked = typeof message === "string" ? ` ("${message}")` : "";
    // Every candidate may be the one asked; the same note once per call, however many asked.
    const note = `The tool asked for input${asked} and was answered "decline": ${why}.`;
    for (const call of candidates) if (!call.notes.includes(note)) call.notes.push(note);
    return { action: "decline" };
  }
  const read = readElicitationRequest(params, session.origin);
  if ("problem" in read) {
    session.notes.push(`The tool asked for input that cannot be shown (${read.problem}) and was answered "decline".`);
    return { action: "decline" };
  }
  const decision = await askElicit(session.elicit, read.request, session.signal);
  session.report(elicitationRecord(read.request, decision));
  switch (decision.kind) {
    case "answer":
      if (decision.note !== undefined) session.notes.push(decision.note);
      return decision.result;
    case "pause":
      // The server holds this request open: it cannot wait for a paused run.
      session.notes.push(
        unansweredNote(
          read.request,
          "cancel",
          "its server (a protocol before 2026-07-28) cannot wait for an answer later",
        ),
      );
      return { action: "cancel" };
    case "invalid":
      session.fail(decision.error);
      return { action: "cancel" };
    case "aborted":
      return { action: "cancel" };
    default: {
      const _exhaustive: never = decision;
      return _exhaustive;
    }
  }
}

/** The calls a request may belong to: the call running as its task, else every call in flight. */
function callsOf(calls: ReadonlySet<CallSession>, params: unknown): CallSession[] {
  const meta = (params as { _meta?: { [RELATED_TASK]?: { taskId?: unknown } } } | null)?._meta;
  const taskId = meta?.[RELATED_TASK]?.taskId;
  if (typeof taskId === "string") return [...calls].filter((call) => call.taskId === taskId);
  return [...calls];
}
