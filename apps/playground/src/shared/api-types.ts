// The JSON the playground's API sends and receives: shared by the Node server
// and the page (type-only on the page side).

/** Any value JSON can carry. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Which OpenAI API a call or a conversation speaks. */
export type ApiName = "chat" | "responses";

/** The strict switch, as the page sends it. */
export type StrictSetting = "auto" | "true" | "false";

/**
 * Who decides whether a call runs (the executor's `approve`): `ask-every-call` asks the page about each call;
 * `ask-unless-read-only` is `annotationPolicy`: tools marked `readOnlyHint: true` run, the page is asked about the
 * rest; `read-only-only` runs the read-only ones and denies the rest; `run-everything` runs every call.
 */
export type ApprovalPolicy = "ask-every-call" | "ask-unless-read-only" | "read-only-only" | "run-everything";

/** What a policy does with a call to a tool, from its annotations: it runs, the page is asked, or it is denied. */
export type PolicyVerdict = "runs" | "asks" | "denied";

/** One MCP server, as the page shows it. */
export interface ServerState {
  readonly name: string;
  readonly transport: "stdio" | "http" | "invalid";
  readonly source: "built-in" | "config" | "flag";
  /** The command line (secret arguments shown as `[hidden]`) or the URL without user, password or query. */
  readonly target: string;
  /**
   * What `target` leaves out, by name only (`env GITHUB_TOKEN`, `header authorization`, `query api_key`): their values
   * never reach the page.
   */
  readonly hidden: readonly string[];
  /**
   * `failed`: it did not start; `crashed`: it was running, died, and is not being started again (its restarts were
   * used up, or it is not one that is restarted); `restarting`: it died, or Restart was pressed, and it is being
   * started again; `closed`: it went away. Whenever it is not `ready`, its tools are unavailable.
   */
  readonly status: "ready" | "failed" | "crashed" | "closed" | "restarting";
  readonly error?: string;
  /** Whether the page may restart it: only servers from the config file or the command line. */
  readonly restartable: boolean;
  readonly toolCount: number;
  readonly serverInfo?: { readonly name: string; readonly version: string };
}

/** `GET /api/state`. */
export interface StateResponse {
  readonly servers: readonly ServerState[];
  /** Whether a key is configured; the key itself never leaves the server. */
  readonly openai: {
    readonly configured: boolean;
    readonly baseUrl: string | null;
    /** The model the Conversation view starts with: the configured one, or the scripted model without a key. */
    readonly model: string;
    /** The name of the built-in scripted model (no key, no network), which any conversation may choose. */
    readonly scriptedModel: string;
    /** Tools of the built-in servers the Conversation view does not offer a model (exposed name, why). */
    readonly withheldTools: readonly { readonly name: string; readonly reason: string }[];
  };
  /** Every model API the Conversation view speaks, and whether a key for it is set. */
  readonly providers: readonly ModelProvider[];
}

/** A strict-mode problem: where in the input schema, which keyword, why. */
export interface StrictProblem {
  readonly path: readonly (string | number)[];
  readonly keyword: string;
  readonly message: string;
}

/** One tool of the toolset, as the Tools view shows it. */
export interface ToolView {
  /** The exposed name: what the model sees and calls. */
  readonly name: string;
  readonly server: string;
  /** The tool's own name on its server. */
  readonly toolName: string;
  readonly description: string | null;
  /** Why the exposed name is not the plain `server__tool` (empty when it is). */
  readonly renamed: readonly string[];
  /** The input schema as the server listed it. */
  readonly inputSchema: Json;
  /**
   * The tool definition in each API's request shape, or `null` when it is left out (`strict: true` and no strict form).
   */
  readonly chat: Json;
  readonly responses: Json;
  /** `true` strict, `false` sent without strict mode, `null` left out. */
  readonly strict: boolean | null;
  /** Instance paths strict mode made nullable; `null` segments mean "every array element". */
  readonly nullPaths: readonly (readonly (string | null)[])[];
  readonly fallback: StrictProblem | null;
  readonly excluded: StrictProblem | null;
  /** Arguments a model could send: from the strict schema, `null` for optional properties. */
  readonly example: Json;
  /**
   * Where the stack encodes the arguments so the schema can be strict (on by default): `entries` (an open
   * map sent as `{ key, value }` entries), `json-text` (a free-form value sent as JSON text), `rest`; the
   * arguments are restored before the server gets them.
   */
  readonly encoded: readonly Encoded[];
  /** Why the tool cannot run now (its server stopped), or `null`. */
  readonly unavailable: string | null;
  /** The bytes of its `tools` entry (JSON text, UTF-8) in each API's request, or `null` when it is not sent. */
  readonly bytes: { readonly chat: number | null; readonly responses: number | null };
  /** The tool's MCP annotations as its server lists them (untrusted hints), or `null` when it gave none. */
  readonly annotations: Json;
  /** What each approval policy does with a call to this tool, decided by the policy itself from the annotations. */
  readonly verdicts: { readonly [policy in ApprovalPolicy]: PolicyVerdict };
  /** The tool as each API receives it, side by side: Chat, Responses, Anthropic, Gemini. */
  readonly forms: readonly ProviderForm[];
}

/** The Responses request's `tools` in one form, and what it costs. */
export interface ResponsesForm {
  /**
   * `functions`: prefixed names (what the other views send); `namespaces`: one per MCP server;
   * `deferred-hosted`: namespaces, every tool deferred, OpenAI's tool search; `deferred-client`: the same,
   * searched by this stack (a client `tool_search`).
   */
  readonly name: "functions" | "namespaces" | "deferred-hosted" | "deferred-client";
  readonly tools: Json;
  /** Function tools sent up front and deferred; the bytes of `tools` as sent and with nothing deferred. */
  readonly loading: {
    readonly upFront: number;
    readonly deferred: number;
    readonly bytes: number;
    readonly bytesWithoutDeferral: number;
  };
}

/** One encoding of a tool's arguments: its kind and the instance path it applies to. */
export interface Encoded {
  readonly kind: string;
  readonly path: readonly (string | null)[];
}

/** `GET /api/tools?strict=…`. */
export interface ToolsResponse {
  readonly strict: StrictSetting;
  readonly tools: readonly ToolView[];
  /** The Responses `tools` parameter in each form a large tool set can take (namespaces, deferred loading). */
  readonly responsesForms: readonly ResponsesForm[];
  /** The bytes of the whole `tools` parameter (JSON text, UTF-8) of each API's request. */
  readonly totals: { readonly chat: number; readonly responses: number };
  /** Entries `buildToolset` left out, with why. */
  readonly dropped: readonly {
    readonly server: string;
    readonly toolName?: string;
    readonly reason: string;
    readonly message: string;
  }[];
  /** What each API's request carries for the whole toolset, up front, with and without deferral. */
  readonly costs: readonly RequestCost[];
}

/** `POST /api/call`: the user plays the model and calls one tool. */
export interface CallRequest {
  /** The exposed name, as the model would send it (it may be unknown: that is a rejected call). */
  readonly tool: string;
  /** The arguments as JSON text, as the model would send them (they may be broken). */
  readonly arguments: string;
  readonly strict: StrictSetting;
  /** The API whose adapter runs the call through `executeToolCalls`. */
  readonly api: ApiName;
  /** Chosen by the page: the pushed events of this call carry it, and `POST /api/call/cancel` names it. */
  readonly runId?: string;
  /** Who decides whether the call runs; absent: `run-everything`. A policy that may ask needs a `runId`. */
  readonly approval?: ApprovalPolicy;
}

/** `POST /api/approve`: the page's answer to a call waiting for approval (an `approval-request` event). */
export interface ApproveRequest {
  readonly runId: string;
  readonly callId: string;
  readonly allow: boolean;
  /** Why not: the model reads it in the denial. */
  readonly reason?: string;
}

/** A call waiting for the page's Approve or Deny: the call (arguments as the server would get them) and its tool. */
export interface ApprovalView {
  readonly callId: string;
  /** The exposed name the model called. */
  readonly name: string;
  readonly server: string;
  readonly toolName: string;
  readonly arguments: Json;
  /** The tool's MCP annotations (untrusted hints), or `null` when its server gave none. */
  readonly annotations: Json;
  readonly title: string | null;
  readonly description: string | null;
  /** The policy that asked. */
  readonly policy: ApprovalPolicy;
}

/** A piece of a streamed model answer: text, or a piece of a call's arguments. */
export type ModelDelta =
  | { readonly type: "text"; readonly delta: string }
  | { readonly type: "arguments"; readonly callId: string; readonly name: string; readonly delta: string };

/** `POST /api/call/cancel`: stops a call of the Run view (its MCP request is cancelled). */
export interface CancelRequest {
  readonly runId: string;
}

/** `POST /api/servers/restart`: restarts a configured server. */
export interface RestartRequest {
  readonly name: string;
}

/** What `POST /api/events` pushes, one `data:` line each. */
export type PushedEvent =
  /** The servers changed (one stopped, restarted, …): the whole state, as `GET /api/state` answers. */
  | { readonly type: "state"; readonly state: StateResponse }
  /** An executor event of a running call of the Run view, or of a conversation. */
  | { readonly type: "call-event"; readonly runId: string; readonly event: TimelineEvent }
  /** A call of the run waits for the page's answer (`POST /api/approve`). */
  | { readonly type: "approval-request"; readonly runId: string; readonly request: ApprovalView }
  /** A piece of the model's answer in turn `turn` of a conversation, as it streams in. */
  | { readonly type: "model-delta"; readonly runId: string; readonly turn: number; readonly delta: ModelDelta }
  /** A tool of the run asks the user for input (`POST /api/elicit` answers). */
  | { readonly type: "elicitation-request"; readonly runId: string; readonly request: ElicitationView }
  /** A server sent a notification (a log message, a resource or list change) or a call of a run reported progress. */
  | { readonly type: "server-notification"; readonly notification: ServerNotificationView };

/** One executor hook event, with times relative to the start of the run. */
export interface TimelineEvent {
  readonly type: string;
  /** Milliseconds since the run started. */
  readonly at: number;
  readonly durationMs?: number;
  readonly summary: string;
  readonly event: Json;
}

/** `POST /api/call`'s answer: every step of one call. */
export interface CallResponse {
  readonly callId: string;
  readonly api: ApiName;
  /** The call as the model sends it, in each API's shape. */
  readonly modelCall: { readonly chat: Json; readonly responses: Json };
  /** Whether the call was run, or rejected before reaching a server (and why). */
  readonly rejected: { readonly code: string; readonly message: string } | null;
  /** The `tools/call` request the MCP server received (after null stripping), or `null` when nothing was sent. */
  readonly sent: { readonly server: string; readonly params: Json } | null;
  /** What the MCP server answered (as received), or the transport error. */
  readonly result: Json;
  readonly transportError: string | null;
  /** The item answering the call, in each API's shape. */
  readonly outputs: { readonly chat: Json; readonly responses: Json };
  readonly events: readonly TimelineEvent[];
  /** The encodings the call's arguments were restored from (empty when the tool has none). */
  readonly encoded?: readonly Encoded[];
  /** The call was not run: the policy or the page denied it; `message` is what the model reads. */
  readonly denied?: { readonly reason: string | null; readonly message: string } | null;
  /** For a `tool_search` call: what was searched and found (exposed names, best first), or why nothing was. */
  readonly search?: {
    readonly query: string | null;
    readonly found: readonly string[];
    readonly reason: string | null;
  } | null;
}

/** `POST /api/chat`: one user message in a conversation with the model. */
export interface ChatRequest {
  readonly api: ConversationApi;
  readonly strict: StrictSetting;
  readonly model: string;
  readonly message: string;
  /** The transcript returned by the previous answer (the same API), or `[]` to start. */
  readonly transcript: readonly Json[];
  /** Chosen by the page: the run's pushed events carry it, and `POST /api/call/cancel` stops it. */
  readonly runId?: string;
  /** Who decides whether each call runs; absent: `run-everything`. A policy that may ask needs a `runId`. */
  readonly approval?: ApprovalPolicy;
}

/** One model call of a conversation and the calls it made. */
export interface ChatTurn {
  readonly turn: number;
  /** What the model wrote (text), if anything. */
  readonly text: string | null;
  /**
   * The calls, in the model's order: the arguments the server received (JSON), or why the call was rejected; what the
   * model read back.
   */
  readonly calls: readonly {
    readonly callId: string;
    readonly name: string;
    readonly arguments: string;
    readonly returned: string;
  }[];
  /** The items answering those calls, in the API's shape. */
  readonly outputs: readonly Json[];
  /**
   * Anthropic and Gemini: what the next request repeats of the model's answer, as the adapter replays it (Gemini's
   * thought signatures kept), each text cut at 2 000 bytes; empty for the OpenAI APIs (the transcript holds it).
   */
  readonly replayed: readonly Json[];
}

/** `POST /api/chat`'s answer. */
export interface ChatResponse {
  readonly transcript: readonly Json[];
  readonly turns: readonly ChatTurn[];
  readonly finalText: string | null;
  /** UTF-8 bytes cut from texts over the cap (100 000 bytes per text), in the turns and the transcript; 0 when none. */
  readonly cutBytes: number;
  /** Why the run ended, as a sentence: "Done: …" when the model answered, else "Stopped: …". */
  readonly stopReason: string;
  readonly events: readonly TimelineEvent[];
  /** The model request failed (bad key, unknown model, server down, …): what it said. */
  readonly modelError: { readonly status: number | null; readonly message: string } | null;
}

/** Every API error body. */
export interface ApiErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

/**
 * A tool's request for input (MCP elicitation) waiting for the page: a form built from `requestedSchema`, or a URL to
 * open (`mode: "url"`). `POST /api/elicit` answers it.
 */
export interface ElicitationView {
  /** Names this request in the answer (a call may ask more than once). */
  readonly elicitationId: string;
  readonly callId: string;
  readonly server: string;
  /** The tool's own name on its server. */
  readonly toolName: string;
  /** Why the tool asks, in the server's words. */
  readonly message: string;
  readonly mode: "form" | "url";
  /** The form's schema (a flat object of strings, numbers, booleans and enums); `null` in URL mode. */
  readonly requestedSchema: Json;
  /** The page to open, in URL mode; `null` for a form. */
  readonly url: string | null;
}

/** `POST /api/elicit`: the page's answer to an `elicitation-request`, in MCP's own result shape. */
export interface ElicitAnswerRequest {
  readonly runId: string;
  readonly elicitationId: string;
  readonly action: "accept" | "decline" | "cancel";
  /** The form's values, with `accept` of a form. */
  readonly content?: { readonly [name: string]: Json };
}

/** One thing a server sent besides results, as the notifications pane lists it. */
export interface ServerNotificationView {
  readonly server: string;
  /** Milliseconds since the Unix epoch. */
  readonly at: number;
  /** `log` (`notifications/message`), `resource` or `list` (a resource or a list changed), `progress` (a call's). */
  readonly kind: "log" | "resource" | "list" | "progress" | "other";
  /** The MCP method (`notifications/message`, …). */
  readonly method: string;
  /** The log level of a log message (`info`, `warning`, …), or `null`. */
  readonly level: string | null;
  /** One line saying what it is. */
  readonly summary: string;
  readonly params: Json;
}

/** `GET /api/notifications`: the latest notifications of every server, oldest first. */
export interface NotificationsResponse {
  readonly notifications: readonly ServerNotificationView[];
}

/** Which model API a conversation speaks: the two OpenAI APIs, Anthropic's Messages API or the Gemini API. */
export type ConversationApi = ApiName | "anthropic" | "gemini";

/** One model API of the Conversation view: its key's variable, whether it is set, the model it starts with. */
export interface ModelProvider {
  readonly api: ConversationApi;
  /** `Chat Completions`, `Responses`, `Anthropic Messages`, `Gemini`. */
  readonly label: string;
  /** The environment variable that holds its key (the key itself never leaves the server). */
  readonly keyVariable: string;
  readonly configured: boolean;
  /** The model a conversation starts with: the configured one, or the scripted model without a key. */
  readonly model: string;
  /** The base URL without user, password or query, or `null` for the provider's own. */
  readonly baseUrl: string | null;
}

/** One difference between an API's form of a tool's input schema and the schema its server lists. */
export interface SchemaChange {
  /** Where, in the schema as the server lists it: keywords, property names, indexes. */
  readonly path: readonly (string | number)[];
  /** The keyword at `path` that changed, or `null` for the schema at `path` as a whole. */
  readonly keyword: string | null;
  /**
   * `added`, `dropped`, `changed` (a keyword's value), `nullable` (optional, so strict mode lets it be null),
   * `described` (a constraint written into the description), `encoded` (sent in another form the stack undoes),
   * `rewritten` (a `$ref` spelled out, recursion cut, an enum as text), `relaxed` (a `oneOf` as `anyOf`, …).
   */
  readonly kind: "added" | "dropped" | "changed" | "nullable" | "described" | "encoded" | "rewritten" | "relaxed";
  readonly words: string;
}

/** Tokens: counted by a real tokenizer of the API's models (`exact`), or an estimate; `how` says which. */
export interface TokenCount {
  readonly tokens: number;
  readonly exact: boolean;
  readonly how: string;
}

/** One tool as one API receives it. */
export interface ProviderForm {
  readonly api: ConversationApi;
  /**
   * `strict`; `fallback` (sent without strict mode: `problem` says why); `plain` (sent as it is: the strict setting
   * is false, or the API has no strict mode); `left-out` (not sent: `problem` says why).
   */
  readonly status: "strict" | "fallback" | "plain" | "left-out";
  /** The name the API gets (Gemini renames what its rule refuses), or `null` when it is left out. */
  readonly name: string | null;
  /** The tool's entry in the request's `tools`, as the adapter emits it, or `null` when it is left out. */
  readonly definition: Json;
  /** Why it is a fallback or left out: the schema path and keyword (`budget` for Anthropic's strict budget). */
  readonly problem: StrictProblem | null;
  /** What the API's form of the input schema changed, at its place in the original. */
  readonly changes: readonly SchemaChange[];
  /** The bytes and tokens of its entry (JSON text), or `null` when it is left out. */
  readonly bytes: number | null;
  readonly tokens: TokenCount | null;
}

/** What one API's request carries for the whole toolset: without deferral, and with every tool deferred. */
export interface RequestCost {
  readonly api: ConversationApi;
  /** Tools sent (the others are left out). */
  readonly sent: number;
  /** The whole `tools` parameter, every definition up front. */
  readonly bytes: number;
  readonly tokens: TokenCount;
  /**
   * With every tool deferred to a tool search: what the model reads up front, what the request carries, and how
   * the API does it. `null`: the API has no deferred loading (Chat Completions).
   */
  readonly deferred: {
    readonly upFrontBytes: number;
    readonly upFrontTokens: TokenCount;
    readonly requestBytes: number;
    readonly how: string;
  } | null;
  /** Anthropic: what the strict tools spend of the request's budget, and the budget. */
  readonly strictBudget: {
    readonly spent: {
      readonly strictTools: number;
      readonly optionalParameters: number;
      readonly unionParameters: number;
    };
    readonly budget: {
      readonly strictTools: number;
      readonly optionalParameters: number;
      readonly unionParameters: number;
    };
  } | null;
}
