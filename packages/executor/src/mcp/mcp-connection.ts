// What an MCP client is (which SDK generation, which protocol era) and how to
// send it a request in that generation's own call shape. The SDK stays a dev
// dependency: clients are recognised by what they have, never by a flag.

/**
 * A client the executor can run tools on: a connected `Client` of either MCP
 * SDK generation works as is (`@modelcontextprotocol/sdk` 1.x, whose
 * `callTool(params, resultSchema?, options?)` takes the options third, or
 * `@modelcontextprotocol/client` 2.x, whose `callTool(params, options?)`
 * takes them second). Which one it is is read from the client itself (see
 * {@link mcpConnection}); an object of your own is called in v1's shape.
 *
 * @example
 * ```ts
 * import { Client } from "@modelcontextprotocol/client";
 * const capabilities = { elicitation: { form: {}, url: {} } }; // so that tools may ask the user
 * const client = new Client({ name: "agent", version: "1.0.0" }, { capabilities });
 * await client.connect(transport);
 * const outcome = await callMcpTool(client, { server: "files", callId: "call_1", name: "read" });
 * ```
 */
export interface McpToolClient {
  // One parameter: a client whose callTool takes more (optional) parameters is
  // assignable, so both SDK generations' classes fit without a cast.
  callTool(params: { name: string; arguments?: { [key: string]: unknown } }): PromiseLike<unknown>;
}

/** One progress report of a running call: MCP `notifications/progress`, or a task's status message. */
export interface McpProgress {
  readonly progress: number;
  readonly total?: number | undefined;
  readonly message?: string | undefined;
}

/**
 * Which SDK generation a client comes from and which protocol era its
 * connection speaks: `"modern"` is protocol 2026-07-28 and later (stateless,
 * input requests carried in results), `"legacy"` every revision before it.
 */
export interface McpConnection {
  readonly sdk: "v1" | "v2";
  readonly era: "legacy" | "modern";
}

/**
 * Reads what `client` is. A v2 `Client` has `getProtocolEra()` (absent from
 * every 1.x release); it answers the era its connection negotiated. Anything
 * else is called like a v1 `Client`, whose connections are all of the legacy
 * era.
 *
 * @param client - a connected client
 * @returns its SDK generation and protocol era
 * @example
 * ```ts
 * if (mcpConnection(client).era === "legacy") {
 *   // the server asks for input with requests of its own, which name no call
 * }
 * ```
 */
export function mcpConnection(client: McpToolClient): McpConnection {
  const v2 = client as Partial<V2Client>;
  if (typeof v2.getProtocolEra !== "function") return { sdk: "v1", era: "legacy" };
  return { sdk: "v2", era: v2.getProtocolEra() === "modern" ? "modern" : "legacy" };
}

/** The request options both generations read (v1 and v2 `RequestOptions`), plus v2's own. */
export interface SdkRequestOptions {
  signal?: AbortSignal;
  timeout?: number;
  onprogress?: (progress: McpProgress) => void;
  resetTimeoutOnProgress?: boolean;
  /** v2, protocol 2026-07-28: return an `input_required` result instead of answering it with the handler. */
  allowInputRequired?: boolean;
  /** v2: the tool definition `callTool` reads its output schema and header mirroring from. */
  toolDefinition?: object;
}

/** The request/handler surface shared by both generations' `Client` (used only where a client has it). */
interface SdkClient {
  request(
    request: { method: string; params?: object },
    resultSchema: unknown,
    options?: SdkRequestOptions,
  ): Promise<unknown>;
  setRequestHandler(schemaOrMethod: unknown, handler: (request: unknown, extra: unknown) => unknown): void;
  assertCanSetRequestHandler(method: string): void;
  getServerCapabilities(): unknown;
}

interface V1Client extends SdkClient {
  callTool(params: object, resultSchema: undefined, options?: SdkRequestOptions): PromiseLike<unknown>;
}

interface V2Client extends SdkClient {
  callTool(params: object, options?: SdkRequestOptions): PromiseLike<unknown>;
  getProtocolEra(): string | undefined;
}

/** Sends `tools/call` in the client's own call shape. */
export function sendCallTool(
  client: McpToolClient,
  connection: McpConnection,
  params: object,
  options: SdkRequestOptions,
): PromiseLike<unknown> {
  return connection.sdk === "v2"
    ? (client as unknown as V2Client).callTool(params, options)
    : (client as unknown as V1Client).callTool(params, undefined, options);
}

/**
 * A result schema that lets any value through, in the two forms the SDKs
 * take: v2 reads a Standard Schema (`~standard.validate`), v1 a Zod-3-shaped
 * object (`safeParse`). Results sent through {@link sendRequest} are checked
 * here instead, by the code that reads them.
 */
const ANY_RESULT = {
  safeParse: (data: unknown) => ({ success: true, data }),
  "~standard": { version: 1, vendor: "@x/executor", validate: (value: unknown) => ({ value }) },
} as const;

/** Whether the client can send a request other than `tools/call` (an SDK `Client` of either generation). */
export function canSendRequests(client: McpToolClient): boolean {
  return typeof (client as Partial<SdkClient>).request === "function";
}

/**
 * Sends any request through the client's `request(request, schema, options)`,
 * a form both generations have (v2 era-checks spec methods; a task method
 * travels on a legacy connection).
 */
export function sendRequest(
  client: McpToolClient,
  request: { method: string; params?: object },
  options: SdkRequestOptions,
): Promise<unknown> {
  return (client as unknown as SdkClient).request(request, ANY_RESULT, options);
}

/** The server's capabilities, when the client knows them. */
export function serverCapabilities(client: McpToolClient): unknown {
  const sdk = client as Partial<SdkClient>;
  return typeof sdk.getServerCapabilities === "function" ? sdk.getServerCapabilities() : undefined;
}

/**
 * v1's `setRequestHandler` takes a Zod schema and reads only its `method`
 * literal (`shape.method`, whose literal value it finds under `value`) and
 * `safeParse`; this stand-in is that much, so the SDK stays a dev dependency.
 * The v1 `Client` validates an `elicitation/create` request itself before the
 * handler sees it.
 */
const V1_ELICIT_REQUEST = {
  shape: { method: { value: "elicitation/create" } },
  safeParse: (data: unknown) => ({ success: true, data }),
} as const;

/**
 * Installs `handler` as the client's `elicitation/create` handler, when the
 * client declared the elicitation capability and has no handler of its own.
 *
 * @returns whether it was installed
 */
export function installElicitationHandler(
  client: McpToolClient,
  connection: McpConnection,
  handler: (request: unknown, extra: unknown) => Promise<object>,
): boolean {
  const sdk = client as Partial<SdkClient>;
  if (typeof sdk.setRequestHandler !== "function" || typeof sdk.assertCanSetRequestHandler !== "function") {
    return false;
  }
  try {
    // Throws when a handler is registered already: the client's owner answers then.
    sdk.assertCanSetRequestHandler("elicitation/create");
    // Throws when the client did not declare the elicitation capability: no server may ask it then.
    sdk.setRequestHandler(connection.sdk === "v2" ? "elicitation/create" : V1_ELICIT_REQUEST, handler);
    return true;
  } catch {
    return false;
  }
}
