// Why a server could not be used, in words a user can act on. The texts are
// written before scrubbing; the caller takes the secrets out.
import { STATUS_CODES } from "node:http";
import type { ChildProcessTransport } from "./child-process-transport";
import { displayUrl } from "./secrets";

/** How many lines of a child's stderr a reason quotes. */
const STDERR_LINES = 10;

/** The step that timed out, or the failure, as thrown while connecting. */
export class ConnectTimeout extends Error {
  override readonly name = "ConnectTimeout";
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
  }
}

/**
 * The SDK's own request timeout (its `SdkError` code `REQUEST_TIMEOUT`; JSON-RPC code -32001 from a server or an
 * SDK v1 client), read as ours.
 */
export function asConnectTimeout(error: unknown, ms: number): unknown {
  const code = errorCode(error);
  return code === -32001 || code === "REQUEST_TIMEOUT" ? new ConnectTimeout(ms) : error;
}

function errorCode(error: unknown): unknown {
  return typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
}

/** `error` and the errors it was caused by, outermost first (fetch says only "fetch failed"; why is in its causes). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let cause = error; cause !== undefined && chain.length < 5 && !chain.includes(cause);) {
    chain.push(cause);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return chain;
}

/** The message of `error`, with the innermost cause that says more (a system error code such as ECONNREFUSED). */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const causes = causeChain(error).slice(1);
  const coded = causes.find((cause) => typeof errorCode(cause) === "string");
  const innermost = causes.at(-1);
  const causeText =
    coded !== undefined
      ? String(errorCode(coded))
      : innermost instanceof Error && innermost.message !== ""
        ? innermost.message
        : "";
  return causeText !== "" && !message.includes(causeText) ? `${message} (${causeText})` : message;
}

/** The last lines of a stderr text, indented, or "" when it is empty. */
export function stderrLines(stderr: string): string {
  const lines = stderr
    .trimEnd()
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  if (lines.length === 0) return "";
  return lines
    .slice(-STDERR_LINES)
    .map((line) => `  ${line}`)
    .join("\n");
}

/** Why a stdio server failed to start or stopped. */
export function describeStdioFailure(error: unknown, command: string, transport: ChildProcessTransport): string {
  const spawnError = transport.spawnError;
  if (spawnError?.code === "ENOENT")
    return `command not found: ${JSON.stringify(command)} (is it installed, and on this process's PATH?)`;
  if (spawnError?.code === "EACCES")
    return `${JSON.stringify(command)} is not executable (EACCES): check its permissions`;
  if (spawnError !== undefined) return `could not start ${JSON.stringify(command)}: ${messageOf(spawnError)}`;
  if (error instanceof ConnectTimeout)
    return `timed out after ${error.ms} ms: the server did not finish starting and listing its tools`;
  const stderr = stderrLines(transport.stderrTail());
  const tail = stderr === "" ? " (it wrote nothing to stderr)" : `; the last lines of its stderr:\n${stderr}`;
  const exit = transport.exit;
  if (exit !== undefined) {
    const how = exit.signal === null ? `exited with code ${exit.code ?? "?"}` : `was killed by ${exit.signal}`;
    return `${how}${tail}`;
  }
  return `${messageOf(error)}${tail}`;
}

/** Why `tools/list` failed on a server that is running (its process, when it has one, is still alive). */
export function describeListFailure(error: unknown, stderr: string): string {
  if (error instanceof ConnectTimeout) return `timed out after ${error.ms} ms listing its tools`;
  const lines = stderrLines(stderr);
  const tail = lines === "" ? "" : `; the last lines of its stderr:\n${lines}`;
  return `listing its tools failed: ${messageOf(error)}${tail}`;
}

/** The HTTP status a transport error carries (the SDK's `SdkHttpError.status`), when it is one. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = typeof error === "object" && error !== null && "status" in error ? error.status : errorCode(error);
  return typeof status === "number" && status >= 100 && status <= 599 ? status : undefined;
}

const STATUS_HINTS: { readonly [status: number]: string } = {
  401: 'check its credentials ("headers", or the URL\'s user and password)',
  403: "the credentials are not allowed to use this server",
  404: "is the path right? MCP servers often answer at /mcp (Streamable HTTP) or /sse (HTTP+SSE)",
};

/** Why an HTTP server could not be reached or used. */
export function describeHttpFailure(error: unknown, url: string): string {
  const where = displayUrl(url);
  if (error instanceof ConnectTimeout)
    return `timed out after ${error.ms} ms: ${where} did not finish connecting and listing its tools`;
  const status =
    httpStatusOf(error) ?? (error instanceof Error && error.name === "UnauthorizedError" ? 401 : undefined);
  if (status !== undefined) {
    const hint = STATUS_HINTS[status];
    return (
      `HTTP ${status} ${STATUS_CODES[status] ?? ""} from ${where}`.replace("  ", " ") +
      (hint === undefined ? "" : ` (${hint})`)
    );
  }
  const message = messageOf(error);
  if (message.includes("ECONNREFUSED"))
    return `could not connect to ${where}: connection refused (is the server running?)`;
  if (message.includes("ENOTFOUND")) return `could not connect to ${where}: the host name does not resolve`;
  if (message.includes("bad port"))
    return `could not connect to ${where}: fetch refuses that port (it is on the list browsers block); use another`;
  return `could not use ${where}: ${message}`;
}

/** Why a given client or in-process server could not be used. */
export function describeOtherFailure(error: unknown): string {
  if (error instanceof ConnectTimeout) return `timed out after ${error.ms} ms listing its tools`;
  return messageOf(error);
}
