// A user's ESM project. Each package's public surface is imported from its
// built declarations; grows as the packages do.
import * as strictSchema from "@x/strict-schema";
import * as strictCheck from "@x/strict-schema/check";
import * as toolset from "@x/toolset";
import * as chat from "@x/openai-chat";
import * as responses from "@x/openai-responses";
import * as executor from "@x/executor";
import { otelHooks } from "@x/executor/otel";

export const modules: readonly object[] = [strictSchema, strictCheck, toolset, chat, responses, executor];

// @x/strict-schema's checker subpath, on the main entry's output.
const converted = strictSchema.strictSchema({ type: "object" });
export const reasons: readonly strictCheck.StrictError[] = converted.ok ? strictCheck.checkStrict(converted.schema) : [];

// @x/executor's public API and its OpenTelemetry subpath.
export const hooks: executor.ExecutorHooks = executor.combineHooks(otelHooks(), { "tool-call-end": (event) => void event.durationMs });
