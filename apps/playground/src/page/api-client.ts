// Calls the playground's API with this run's token (kept in sessionStorage,
// sent as a header: never a cookie, never in a URL after the first load).
import type { ApiErrorBody } from "../shared/api-types";

const STORAGE_KEY = "x-playground-token";

/** An API request that did not succeed: the server's code and message. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Takes the token from the address bar (then removes it from there, so it
 * does not linger in history or screenshots) or from this tab's storage.
 *
 * @example
 * ```ts
 * const token = takeToken();
 * ```
 */
export function takeToken(): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get("token");
  if (fromUrl !== null && fromUrl !== "") {
    sessionStorage.setItem(STORAGE_KEY, fromUrl);
    url.searchParams.delete("token");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}

async function request<T>(token: string, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new ApiError(
      0,
      "unreachable",
      `The playground server did not answer (${String(error)}). Is it still running?`,
    );
  }
  const json = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (json as Partial<ApiErrorBody> | null)?.error;
    throw new ApiError(response.status, error?.code ?? "http-error", error?.message ?? `HTTP ${response.status}`);
  }
  return json as T;
}

/** The API, bound to a token. */
export interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

/**
 * An {@link Api} that sends `token` with every request.
 *
 * @example
 * ```ts
 * const state = await createApi(token).get<StateResponse>("/api/state");
 * ```
 */
export function createApi(token: string): Api {
  return {
    get: (path) => request(token, "GET", path),
    post: (path, body) => request(token, "POST", path, body),
  };
}
