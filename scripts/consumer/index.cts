// A user's CommonJS project.
import strictSchema = require("@x/strict-schema");
import strictCheck = require("@x/strict-schema/check");
import strictEncode = require("@x/strict-schema/encode");
import toolset = require("@x/toolset");
import toolsetAdapter = require("@x/toolset/adapter");
import chat = require("@x/openai-chat");
import responses = require("@x/openai-responses");
import gemini = require("@x/gemini");
import executor = require("@x/executor");
import otel = require("@x/executor/otel");
import servers = require("@x/servers");

export const modules: readonly object[] = [
  strictSchema,
  strictCheck,
  strictEncode,
  toolset,
  toolsetAdapter,
  chat,
  responses,
  gemini,
  executor,
  servers,
];

// @x/strict-schema's checker subpath, on the main entry's output.
const converted = strictSchema.strictSchema({ type: "object" });
export const reasons: readonly strictSchema.StrictError[] = converted.ok
  ? strictCheck.checkStrict(converted.schema)
  : [];

// @x/strict-schema's encode subpath, on a plan typed by the main entry (the subpaths hold functions only).
const plan: strictSchema.Plan = { nullPaths: [["note"]], encodings: [{ kind: "entries", path: ["env"] }] };
export const sent: unknown = strictEncode.encodeArguments({ env: { A: "1" } }, plan);

// @x/executor's public API and its OpenTelemetry subpath.
export const hooks: executor.ExecutorHooks = executor.combineHooks(otel.otelHooks(), {
  "tool-call-end": (event) => void event.durationMs,
});

// @x/servers: a config and the status union.
export const config: servers.ServersConfig = {
  files: { url: "https://example.com/mcp", headers: { authorization: "Bearer …" } },
};
export const describe = (status: servers.ServerStatus): string =>
  status.state === "failed" ? status.reason : status.state;

// @x/gemini: the tool config for two tools.
export const toolConfig: gemini.GeminiToolConfig = gemini.allowedTools(["files__read", "files__list"]);
