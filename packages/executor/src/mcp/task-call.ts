// A call of a tool that must run as a task (2025-11-25 tasks, the form
// server-everything and SDK 1.x servers speak): create the task, poll it to
// its end within the call's time, fetch its result, and cancel it when the
// call is cancelled. Spec: https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks
import { ToolError } from "@x/toolset";
import { sleep } from "./abortable-sleep";
import { canAbort } from "./call-session";
import type { CallSession } from "./call-session";
import { sendRequest } from "./mcp-connection";
import type { McpProgress, McpToolClient, SdkRequestOptions } from "./mcp-connection";

/** How long one call may take, and who hears its progress. */
export interface TaskLimits {
  readonly timeoutMs: number | undefined;
  readonly resetTimeoutOnProgress: boolean;
  readonly onProgress: ((progress: McpProgress) => void) | undefined;
}

// Used when the server suggests no interval ("Requestors SHOULD respect the pollInterval", Getting Tasks).
const DEFAULT_POLL_INTERVAL_MS = 1000;
// A task cancelled because its call ended gets this long to acknowledge.
const CANCEL_TIMEOUT_MS = 5000;

/**
 * Whether `tool` must be called as a task on this server: it says
 * `execution.taskSupport: "required"` and the server offers task-augmented
 * `tools/call` ("Tool-Level Negotiation"). A tool whose tasks are optional
 * runs as a plain call.
 */
export function requiresTask(tool: unknown, capabilities: unknown): boolean {
  const execution = (tool as { execution?: { taskSupport?: unknown } } | undefined)?.execution;
  const tasks = (capabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } } | undefined)?.tasks;
  return execution?.taskSupport === "required" && tasks?.requests?.tools?.call !== undefined;
}

/**
 * Runs the call as a task and resolves with the tool's raw result. Task
 * status messages are progress reports. The whole task is bounded by
 * `timeoutMs` (with `resetTimeoutOnProgress`: the time between reports);
 * when it passes, or the session stops, the task is cancelled.
 */
export async function runTaskCall(
  client: McpToolClient,
  params: { readonly name: string; readonly arguments?: { readonly [key: string]: unknown } },
  session: CallSession,
  limits: TaskLimits,
): Promise<unknown> {
  const clock = deadline(limits.timeoutMs);
  const report = (progress: McpProgress): void => {
    if (session.signal.aborted) return;
    if (limits.resetTimeoutOnProgress) clock.restart();
    limits.onProgress?.(progress);
  };
  // Status changes are reported as progress, numbered in the order seen.
  let statusReports = 0;
  // Each request gets a signal of its own that follows the call's: the v1 SDK never removes the listener it adds to
  // a request's signal, so a long task's polls would pile listeners on the call's signal (for good on the signal
  // every call that cannot be stopped shares, which is why that one is not handed over).
  const leg = (): SdkRequestOptions => ({
    ...(canAbort(session.signal) ? { signal: AbortSignal.any([session.signal]) } : {}),
    ...clock.legTimeout(),
    ...(limits.onProgress !== undefined || limits.resetTimeoutOnProgress ? { onprogress: report } : {}),
  });

  const created = await sendRequest(client, { method: "tools/call", params: { ...params, task: {} } }, leg());
  const taskId = readTaskId(created);
  if (taskId === undefined) {
    throw new ToolError(
      "malformed-result",
      `The tool "${session.origin.tool}" did not answer its task call with a task.`,
    );
  }
  session.taskId = taskId;
  const cancel = (): void => {
    // The call is over for us; tell the server its task is too (best effort: it may have ended).
    sendRequest(client, { method: "tasks/cancel", params: { taskId } }, { timeout: CANCEL_TIMEOUT_MS }).then(
      () => undefined,
      () => undefined,
    );
  };
  session.signal.addEventListener("abort", cancel, { once: true });
  try {
    let seen = "";
    for (;;) {
      if (clock.expired()) throw timeoutError(session, limits);
      const task = await sendRequest(client, { method: "tasks/get", params: { taskId } }, leg());
      const { status, statusMessage, pollInterval } = task as {
        status?: unknown;
        statusMessage?: unknown;
        pollInterval?: unknown;
      };
      const message = typeof statusMessage === "string" ? statusMessage : String(status);
      if (`${String(status)}\n${message}` !== seen) {
        seen = `${String(status)}\n${message}`;
        report({ progress: ++statusReports, message });
      }
      switch (status) {
        case "completed":
        case "input_required":
          // input_required: the server sends its requests for input while this
          // request is open ("Input Required Status"), and answers it at the end.
          return await sendRequest(client, { method: "tasks/result", params: { taskId } }, leg());
        case "failed":
          throw new ToolError("tool-failed", `The tool "${session.origin.tool}" failed: ${message}`);
        case "cancelled":
          throw new ToolError(
            "tool-failed",
            `The tool "${session.origin.tool}" stopped: its server cancelled the task (${message}).`,
          );
        default:
          await sleep(
            Math.min(typeof pollInterval === "number" ? pollInterval : DEFAULT_POLL_INTERVAL_MS, clock.left()),
            session.signal,
          );
      }
    }
  } catch (error) {
    if (session.signal.aborted) throw error;
    cancel();
    // A request's own SDK timeout is the call's time running out.
    throw clock.expired() ? timeoutError(session, limits) : error;
  } finally {
    session.signal.removeEventListener("abort", cancel);
  }
}

function readTaskId(created: unknown): string | undefined {
  const taskId: unknown = (created as { task?: { taskId?: unknown } } | null)?.task?.taskId;
  return typeof taskId === "string" ? taskId : undefined;
}

function timeoutError(session: CallSession, limits: TaskLimits): ToolError {
  const what = limits.resetTimeoutOnProgress ? "finish or report progress" : "finish";
  return new ToolError(
    "timeout",
    `The tool "${session.origin.tool}" did not ${what} within ${limits.timeoutMs} ms and its task was cancelled. ` +
      "Its effects, if any, are unknown.",
  );
}

interface Deadline {
  restart(): void;
  expired(): boolean;
  /** Milliseconds left (Infinity without a limit). */
  left(): number;
  /** The SDK timeout of the next request: what is left of the call's time. */
  legTimeout(): { timeout?: number };
}

function deadline(timeoutMs: number | undefined): Deadline {
  let end = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
  const left = (): number => Math.max(0, end - Date.now());
  return {
    restart: () => {
      if (timeoutMs !== undefined) end = Date.now() + timeoutMs;
    },
    expired: () => left() === 0,
    left,
    legTimeout: () => (timeoutMs === undefined ? {} : { timeout: Math.max(1, left()) }),
  };
}
