// A user's CommonJS project.
import strictSchema = require("@x/strict-schema");
import toolset = require("@x/toolset");
import toolsetAdapter = require("@x/toolset/adapter");
import chat = require("@x/openai-chat");
import responses = require("@x/openai-responses");
import executor = require("@x/executor");
import otel = require("@x/executor/otel");

export const modules: readonly object[] = [strictSchema, toolset, toolsetAdapter, chat, responses, executor];

// @x/executor's public API and its OpenTelemetry subpath.
export const hooks: executor.ExecutorHooks = executor.combineHooks(otel.otelHooks(), { "tool-call-end": (event) => void event.durationMs });
