import { trace } from "@opentelemetry/api";
import { combineHooks } from "@x/executor";
import type { ExecutorHooks } from "@x/executor";
import { otelHooks } from "@x/executor/otel";

// Your own hooks, if any, run beside the spans.
const myHooks: ExecutorHooks = { "tool-call-error": (event) => console.warn(`${event.name}: ${event.error.code}`) };
export const hooks: ExecutorHooks = combineHooks(otelHooks({ tracer: trace.getTracer("my-agent") }), myHooks);
// Pass `hooks` to executeToolCalls or runToolLoop.
