import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { Attributes, Context, Span, Tracer } from "@opentelemetry/api";
import type { ExecutorHooks, ToolCallDeniedEvent, ToolCallRejectedEvent } from "../hook-events";

/** Options of {@link otelHooks}. */
export interface OtelHooksOptions {
  /** The tracer to start spans with. Default: `trace.getTracer("@x/executor")` from the global provider. */
  readonly tracer?: Tracer | undefined;
  /**
   * Record `gen_ai.tool.call.arguments` and `gen_ai.tool.call.result` (JSON)
   * when the events carry them, that is when the executor runs with
   * `includeValues: true`. Default `false`: these opt-in attributes may hold
   * sensitive data.
   */
  readonly recordValues?: boolean | undefined;
}

// `gen_ai.provider.name` of each adapter's API, as the GenAI semantic conventions name the providers.
const PROVIDERS: { readonly [api: string]: string } = {
  chat: "openai",
  responses: "openai",
  anthropic: "anthropic",
  gemini: "gcp.gemini",
};

function spanName(toolName: string): string {
  return toolName === "" ? "execute_tool" : `execute_tool ${toolName}`;
}

function baseAttributes(name: string, callId: string): Attributes {
  return {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": name,
    "gen_ai.tool.call.id": callId,
    "gen_ai.tool.type": "function",
  };
}

function failed(span: Span, errorType: string, message: string, end: number): void {
  span.setAttribute("error.type", errorType);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  span.end(end);
}

/**
 * Hooks that trace tool execution with OpenTelemetry, following the GenAI
 * semantic conventions: one span per tool call, named
 * `execute_tool {gen_ai.tool.name}`, of kind `INTERNAL`, with
 * `gen_ai.operation.name: "execute_tool"`, `gen_ai.tool.name` (the exposed
 * name the model called), `gen_ai.tool.call.id`, `gen_ai.tool.type:
 * "function"` and `gen_ai.tool.description` when the tool has one.
 *
 * `runToolLoop`'s turns are spans too: one GenAI `chat` span per model turn
 * (named `chat {gen_ai.response.model}` once the response names its model,
 * with `gen_ai.provider.name` from the adapter's API and the turn's token
 * usage as `gen_ai.usage.input_tokens` / `gen_ai.usage.output_tokens`), from
 * the model call until the turn's calls are answered, with the turn's
 * `execute_tool` spans inside it: a trace shows the run, not only its calls.
 *
 * A failed call ends with status `ERROR` and `error.type`: the
 * `ToolError` code (`timeout`, `aborted`, `connection-closed`,
 * `tool-failed`, `malformed-result`, `no-client`), or `tool_error` for a
 * result the tool itself marked `isError: true` (as the MCP conventions say).
 * A call rejected without running (`unknown-tool`, `arguments-not-json`, …)
 * gets a zero-length span with its code as `error.type`, and so does a call
 * `approve` did not allow (`error.type: "denied"`). Model deltas
 * (`model-delta`) are not traced: they carry the model's text and arguments.
 * Turn spans start from the active context, so a run nests under the
 * caller's current span.
 *
 * @param options - the tracer, and whether to record argument and result values
 * @returns hooks for `executeToolCalls` or `runToolLoop`; combine them with others with `combineHooks`
 *
 * @example
 * ```ts
 * import { trace } from "@opentelemetry/api";
 * import { combineHooks } from "@x/executor";
 * import { otelHooks } from "@x/executor/otel";
 *
 * const hooks = combineHooks(otelHooks({ tracer: trace.getTracer("my-agent") }), {
 *   "tool-call-error": (event) => void process.stderr.write(`${event.name}: ${event.error.code}\n`),
 * });
 * ```
 */
export function otelHooks(options: OtelHooksOptions = {}): ExecutorHooks {
  const tracer = options.tracer ?? trace.getTracer("@x/executor");
  const recordValues = options.recordValues === true;
  // executionId + callId identifies a call even when two conversations reuse call ids.
  const open = new Map<string, Span>();
  const key = (event: { readonly executionId: string; readonly callId: string }): string =>
    `${event.executionId}\u0000${event.callId}`;
  const take = (event: { readonly executionId: string; readonly callId: string }): Span | undefined => {
    const span = open.get(key(event));
    open.delete(key(event));
    return span;
  };

  // The chat span of each running turn, by the executionId its calls carry: their spans go inside it.
  const turns = new Map<string, Span>();
  const parent = (executionId: string): Context => {
    const turn = turns.get(executionId);
    return turn === undefined ? context.active() : trace.setSpan(context.active(), turn);
  };

  // A call answered without running: a zero-length span with the reason as its error.
  const notRun = (event: ToolCallRejectedEvent | ToolCallDeniedEvent): void => {
    const span = tracer.startSpan(
      spanName(event.name),
      { kind: SpanKind.INTERNAL, startTime: event.timestamp, attributes: baseAttributes(event.name, event.callId) },
      parent(event.executionId),
    );
    failed(span, event.error.code, event.error.message, event.timestamp);
  };

  return {
    "tool-call-start": (event) => {
      const attributes = baseAttributes(event.name, event.callId);
      if (event.description !== undefined) attributes["gen_ai.tool.description"] = event.description;
      if (recordValues && event.arguments !== undefined) {
        attributes["gen_ai.tool.call.arguments"] = JSON.stringify(event.arguments);
      }
      const span = tracer.startSpan(
        spanName(event.name),
        { kind: SpanKind.INTERNAL, startTime: event.timestamp, attributes },
        parent(event.executionId),
      );
      open.set(key(event), span);
    },
    "tool-call-end": (event) => {
      const span = take(event);
      if (span === undefined) return;
      if (recordValues && event.result !== undefined)
        span.setAttribute("gen_ai.tool.call.result", JSON.stringify(event.result));
      if (event.isError)
        failed(span, "tool_error", "The tool returned an error result (isError: true).", event.timestamp);
      else span.end(event.timestamp);
    },
    "tool-call-error": (event) => {
      const span = take(event);
      if (span !== undefined) failed(span, event.error.code, event.error.message, event.timestamp);
    },
    "turn-start": (event) => {
      const span = tracer.startSpan("chat", {
        kind: SpanKind.CLIENT,
        startTime: event.timestamp,
        attributes: { "gen_ai.operation.name": "chat" },
      });
      turns.set(event.executionId, span);
    },
    "turn-end": (event) => {
      const span = turns.get(event.executionId);
      if (span === undefined) return;
      turns.delete(event.executionId);
      span.setAttribute("gen_ai.provider.name", PROVIDERS[event.api] ?? event.api);
      if (event.model !== undefined) {
        span.setAttribute("gen_ai.response.model", event.model);
        span.updateName(`chat ${event.model}`);
      }
      if (event.usage !== undefined) {
        span.setAttribute("gen_ai.usage.input_tokens", event.usage.inputTokens);
        span.setAttribute("gen_ai.usage.output_tokens", event.usage.outputTokens);
      }
      if (event.error === undefined) span.end(event.timestamp);
      else {
        const error = event.error;
        failed(
          span,
          error instanceof Error ? error.name : "model_error",
          error instanceof Error ? error.message : "The model call failed.",
          event.timestamp,
        );
      }
    },
    "tool-call-rejected": (event: ToolCallRejectedEvent) => notRun(event),
    "tool-call-denied": (event: ToolCallDeniedEvent) => notRun(event),
  };
}
