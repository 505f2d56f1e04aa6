import { SpanKind, SpanStatusCode, context, trace } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { adapter as chat } from "@x/openai-chat";
import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { useFaultServer } from "../__fixtures__/fault-server";
import { chatCompletion } from "../__fixtures__/model-responses";
import { AsyncLocalContextManager } from "../__fixtures__/async-context-manager";
import { combineHooks } from "../combine-hooks";
import { executeToolCalls } from "../execute-tool-calls";
import { otelHooks } from "./otel-hooks";

const env = useFaultServer();
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer("executor-test");

beforeEach(() => {
  exporter.reset();
});

const byCallId = (spans: readonly ReadableSpan[]): { readonly [callId: string]: ReadableSpan } =>
  Object.fromEntries(spans.map((span) => [String(span.attributes["gen_ai.tool.call.id"]), span]));

const hrToMs = ([seconds, nanos]: readonly [number, number]) => seconds * 1000 + nanos / 1e6;

describe("otelHooks", () => {
  it("emits one execute_tool span per call, per the GenAI semantic conventions", async () => {
    await executeToolCalls(
      chatCompletion([
        ["ok", "faults__echo", { text: "hi" }],
        ["tool-error", "faults__throws", {}],
        ["late", "faults__slow", { ms: 60_000 }],
        ["unknown", "faults__nope", {}],
      ]),
      chat.tools(env.toolset),
      { faults: env.faults.client },
      { timeoutMs: 30, hooks: otelHooks({ tracer }) },
    );
    const spans = byCallId(exporter.getFinishedSpans());
    expect(Object.keys(spans).sort()).toEqual(["late", "ok", "tool-error", "unknown"]);

    expect(spans["ok"]).toMatchObject({
      name: "execute_tool faults__echo",
      kind: SpanKind.INTERNAL,
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "faults__echo",
        "gen_ai.tool.call.id": "ok",
        "gen_ai.tool.type": "function",
        "gen_ai.tool.description": "Echoes its text.",
      },
      status: { code: SpanStatusCode.UNSET },
    });
    expect(spans["ok"]?.attributes).not.toHaveProperty("error.type");
    expect(spans["ok"]?.attributes).not.toHaveProperty("gen_ai.tool.call.arguments");

    expect(spans["tool-error"]).toMatchObject({
      name: "execute_tool faults__throws",
      attributes: { "error.type": "tool_error" },
      status: { code: SpanStatusCode.ERROR },
    });
    expect(spans["late"]).toMatchObject({
      attributes: { "error.type": "timeout" },
      status: { code: SpanStatusCode.ERROR, message: expect.stringContaining("did not answer within 30 ms") as string },
    });
    expect(hrToMs(spans["late"]!.endTime) - hrToMs(spans["late"]!.startTime)).toBeGreaterThanOrEqual(25);
    expect(spans["unknown"]).toMatchObject({
      name: "execute_tool faults__nope",
      attributes: { "gen_ai.operation.name": "execute_tool", "error.type": "unknown-tool" },
      status: { code: SpanStatusCode.ERROR },
    });
  });

  it("gives a call approve did not allow a zero-length span with error.type denied", async () => {
    await executeToolCalls(
      chatCompletion([
        ["ok", "faults__echo", { text: "hi" }],
        ["no", "faults__echo", { text: "secret" }],
      ]),
      chat.tools(env.toolset),
      { faults: env.faults.client },
      {
        hooks: otelHooks({ tracer }),
        approve: (request) => (request.callId === "ok" ? true : { allow: false, reason: "not today" }),
      },
    );
    const spans = byCallId(exporter.getFinishedSpans());
    expect(spans["no"]).toMatchObject({
      name: "execute_tool faults__echo",
      attributes: { "gen_ai.tool.call.id": "no", "error.type": "denied" },
      status: {
        code: SpanStatusCode.ERROR,
        message: 'The user did not allow the call to the tool "faults__echo": not today',
      },
    });
    expect(hrToMs(spans["no"]?.endTime ?? [0, 0])).toBe(hrToMs(spans["no"]?.startTime ?? [1, 0]));
    expect(spans["ok"]?.attributes).not.toHaveProperty("error.type");
  });

  it("records arguments and results only when asked twice: includeValues and recordValues", async () => {
    const run = (includeValues: boolean, recordValues: boolean) =>
      executeToolCalls(
        chatCompletion([["c1", "faults__echo", { text: "secret" }]]),
        chat.tools(env.toolset),
        { faults: env.faults.client },
        { includeValues, hooks: otelHooks({ tracer, recordValues }) },
      );
    await run(true, false);
    await run(false, true);
    for (const span of exporter.getFinishedSpans()) {
      expect(span.attributes).not.toHaveProperty("gen_ai.tool.call.arguments");
      expect(span.attributes).not.toHaveProperty("gen_ai.tool.call.result");
    }
    exporter.reset();
    await run(true, true);
    expect(exporter.getFinishedSpans()[0]?.attributes).toMatchObject({
      "gen_ai.tool.call.arguments": '{"text":"secret"}',
      "gen_ai.tool.call.result": '{"content":[{"type":"text","text":"secret"}]}',
    });
  });

  it("nests tool spans under the caller's active span, and keeps calls apart when two rounds reuse an id", async () => {
    const hooks = otelHooks({ tracer });
    const manager = new AsyncLocalContextManager();
    context.setGlobalContextManager(manager);
    onTestFinished(() => void context.disable());
    const parent = tracer.startSpan("invoke_agent");
    await context.with(trace.setSpan(context.active(), parent), () =>
      Promise.all([
        executeToolCalls(
          chatCompletion([["same", "faults__echo", { text: "a" }]]),
          chat.tools(env.toolset),
          { faults: env.faults.client },
          { hooks },
        ),
        executeToolCalls(
          chatCompletion([["same", "faults__throws", {}]]),
          chat.tools(env.toolset),
          { faults: env.faults.client },
          { hooks },
        ),
      ]),
    );
    parent.end();
    const tools = exporter.getFinishedSpans().filter((span) => span.name.startsWith("execute_tool"));
    expect(tools.map((span) => [span.name, span.attributes["error.type"]]).sort()).toEqual([
      ["execute_tool faults__echo", undefined],
      ["execute_tool faults__throws", "tool_error"],
    ]);
    for (const span of tools) expect(span.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
  });

  it("combines with other hooks; a throwing hook beside it breaks neither the spans nor the run", async () => {
    const ends: string[] = [];
    const hooks = combineHooks(
      {
        "tool-call-start": () => {
          throw new Error("a broken hook");
        },
      },
      otelHooks({ tracer }),
      { "tool-call-end": (event) => void ends.push(event.callId) },
    );
    const { outputs } = await executeToolCalls(
      chatCompletion([["c1", "faults__echo", { text: "x" }]]),
      chat.tools(env.toolset),
      { faults: env.faults.client },
      { hooks },
    );
    expect(outputs.map((o) => o.content)).toEqual(["x"]);
    expect(ends).toEqual(["c1"]);
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(["execute_tool faults__echo"]);
  });

  it("uses the global tracer provider by default", async () => {
    trace.setGlobalTracerProvider(provider);
    try {
      await executeToolCalls(
        chatCompletion([["c1", "faults__echo", { text: "x" }]]),
        chat.tools(env.toolset),
        { faults: env.faults.client },
        { hooks: otelHooks() },
      );
      expect(exporter.getFinishedSpans().map((span) => [span.name, span.instrumentationScope.name])).toEqual([
        ["execute_tool faults__echo", "@x/executor"],
      ]);
    } finally {
      trace.disable();
    }
  });
});
