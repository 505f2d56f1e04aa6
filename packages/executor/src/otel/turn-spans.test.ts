// The whole run in a trace: `otelHooks` gives runToolLoop one GenAI `chat`
// span per model turn, with the token usage that turn's response reported,
// and that turn's `execute_tool` spans (run or denied) inside it. Real parts:
// the official openai client over HTTP to a stand-in that reports usage, a
// real MCP server, the OpenTelemetry SDK's in-memory exporter.
import { SpanKind } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import type { OpenAiServer } from "@x/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openaiAt, runNotes } from "../__fixtures__/notes-loop";
import type { Api } from "../__fixtures__/notes-loop";
import { startNotesServer } from "../__fixtures__/notes-server";
import type { NotesServer } from "../__fixtures__/notes-server";
import { startNotesTurnsApi, TURN_USAGE } from "../__fixtures__/notes-turns-api";
import { otelHooks } from "./otel-hooks";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer("executor-test");

let api: OpenAiServer;
let notes: NotesServer;
beforeEach(async () => {
  exporter.reset();
  [api, notes] = await Promise.all([startNotesTurnsApi(), startNotesServer()]);
});
afterEach(async () => {
  await Promise.all([api.close(), notes.close()]);
});

const nanos = ([seconds, fraction]: readonly [number, number]): bigint =>
  BigInt(seconds) * 1_000_000_000n + BigInt(fraction);
const byStart = (a: ReadableSpan, b: ReadableSpan): number =>
  nanos(a.startTime) < nanos(b.startTime) ? -1 : nanos(a.startTime) > nanos(b.startTime) ? 1 : 0;

// Which model turn (1-based) issued each call of the stand-in's script.
const TURN_OF_CALL: { readonly [callId: string]: number } = {
  call_first: 1,
  call_read: 2,
  call_delete: 2,
  call_append: 2,
  call_last: 3,
};

describe.each<Api>(["chat", "responses"])("%s: otelHooks on runToolLoop", (which) => {
  it("emits a chat span per turn, with its usage, around that turn's execute_tool spans", async () => {
    const result = await runNotes(which, openaiAt(api.baseURL), notes, {
      hooks: otelHooks({ tracer }),
      approve: (request) => request.toolName !== "delete_note",
    });
    expect(result).toMatchObject({ stopReason: "completed", turns: 4 });

    const spans = exporter.getFinishedSpans();
    const turns = spans.filter((span) => span.attributes["gen_ai.operation.name"] === "chat").sort(byStart);
    expect(turns).toHaveLength(4);
    for (const span of turns) {
      expect(span).toMatchObject({
        name: "chat gpt-test",
        kind: SpanKind.CLIENT,
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.provider.name": "openai",
          "gen_ai.response.model": "gpt-test",
          // Each turn's own response, not the run's running total.
          "gen_ai.usage.input_tokens": TURN_USAGE.inputTokens,
          "gen_ai.usage.output_tokens": TURN_USAGE.outputTokens,
        },
      });
    }

    const tools = spans.filter((span) => span.attributes["gen_ai.operation.name"] === "execute_tool");
    expect(tools.map((span) => span.attributes["gen_ai.tool.call.id"]).sort()).toEqual(
      Object.keys(TURN_OF_CALL).sort(),
    );
    for (const span of tools) {
      const turn = turns[TURN_OF_CALL[String(span.attributes["gen_ai.tool.call.id"])]! - 1]!;
      expect(span.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
      expect(span.spanContext().traceId).toBe(turn.spanContext().traceId);
      expect(nanos(span.startTime) >= nanos(turn.startTime)).toBe(true);
      expect(nanos(span.endTime) <= nanos(turn.endTime)).toBe(true);
    }
    const denied = tools.find((span) => span.attributes["gen_ai.tool.call.id"] === "call_delete");
    expect(denied?.attributes["error.type"]).toBe("denied");
    // The last turn answered in text: its chat span holds no tool span.
    expect(tools.filter((span) => span.parentSpanContext?.spanId === turns[3]!.spanContext().spanId)).toEqual([]);
  });
});
