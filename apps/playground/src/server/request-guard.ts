// The checks every request passes before the playground does anything.
//
// A local server that can run MCP tools must not be usable by a web page the
// user happens to visit (MCP Inspector's CVE-2025-49596 was an unauthenticated
// local proxy that ran commands chosen by the caller). So:
// - Host must be 127.0.0.1 or localhost with our port: a DNS-rebinding page
//   (evil.example resolving to 127.0.0.1) sends its own name as Host.
// - A request that changes anything (any method but GET/HEAD) must carry an
//   Origin equal to our own origin, and a JSON body (a cross-site form cannot
//   send one without a preflight, which we refuse).
// - Every /api/ request carries the per-run token (a header, never a cookie,
//   so the browser never attaches it on another site's behalf).
import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** Why a request was refused: an HTTP status and a stable code. */
export interface Refusal {
  readonly status: 400 | 401 | 403 | 405 | 415;
  readonly code: "bad-host" | "bad-origin" | "missing-token" | "wrong-token" | "method-not-allowed" | "not-json";
  readonly message: string;
}

/** The request as far as the guard is concerned. */
export interface GuardedRequest {
  readonly method: string;
  readonly pathname: string;
  readonly headers: IncomingHttpHeaders;
}

/** The header that may carry the token instead of `Authorization: Bearer`. */
export const TOKEN_HEADER = "x-playground-token";

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function presentedToken(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? "";
  }
  const header = headers[TOKEN_HEADER];
  return Array.isArray(header) ? header[0] : header;
}

/**
 * The hosts the playground answers to on `port`.
 *
 * @example
 * ```ts
 * allowedHosts(5173); // ["127.0.0.1:5173", "localhost:5173"]
 * ```
 */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/**
 * `undefined` when the request may go on, else why it may not.
 *
 * @param request - method, path and headers
 * @param port - the port the server listens on
 * @param token - this run's token
 * @example
 * ```ts
 * const refusal = checkRequest({ method: "GET", pathname: "/api/state", headers: req.headers }, 5173, token);
 * ```
 */
export function checkRequest(request: GuardedRequest, port: number, token: string): Refusal | undefined {
  const host = request.headers.host?.toLowerCase();
  if (host === undefined || !allowedHosts(port).includes(host)) {
    return {
      status: 403,
      code: "bad-host",
      message:
        `Host ${JSON.stringify(request.headers.host ?? "")} is not allowed: ` +
        `open the playground at http://127.0.0.1:${port}/ or http://localhost:${port}/.`,
    };
  }
  const safe = request.method === "GET" || request.method === "HEAD";
  const api = request.pathname === "/api" || request.pathname.startsWith("/api/");
  if (!safe && !(api && request.method === "POST")) {
    return { status: 405, code: "method-not-allowed", message: `${request.method} is not allowed here.` };
  }
  if (!safe) {
    const origin = request.headers.origin;
    if (origin !== `http://${host}`) {
      return {
        status: 403,
        code: "bad-origin",
        message:
          `Origin ${JSON.stringify(origin ?? "(none)")} is not allowed: ` +
          `only the playground's own page (http://${host}) may change anything.`,
      };
    }
    const contentType = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    if (contentType !== "application/json") {
      return { status: 415, code: "not-json", message: "Send the request body as application/json." };
    }
  }
  if (api) {
    const given = presentedToken(request.headers);
    if (given === undefined || given === "") {
      return {
        status: 401,
        code: "missing-token",
        message:
          "This API needs the token printed with the playground's URL " +
          `(Authorization: Bearer <token>, or ${TOKEN_HEADER}).`,
      };
    }
    if (!sameSecret(given, token)) {
      return {
        status: 401,
        code: "wrong-token",
        message: "Wrong token: use the URL the playground printed when it started (the token changes at every start).",
      };
    }
  }
  return undefined;
}
