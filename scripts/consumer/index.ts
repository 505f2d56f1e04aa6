// A user's ESM project. Each package's public surface is imported from its
// built declarations; grows as the packages do.
import * as strictSchema from "@x/strict-schema";
import * as strictCheck from "@x/strict-schema/check";
import * as strictEncode from "@x/strict-schema/encode";
import * as toolset from "@x/toolset";
import * as toolsetAdapter from "@x/toolset/adapter";
import * as chat from "@x/openai-chat";
import * as responses from "@x/openai-responses";
import * as anthropic from "@x/anthropic";
import * as gemini from "@x/gemini";
import * as executor from "@x/executor";
import { otelHooks } from "@x/executor/otel";
import * as servers from "@x/servers";

export const modules: readonly object[] = [
  strictSchema,
  strictCheck,
  strictEncode,
  toolset,
  toolsetAdapter,
  chat,
  responses,
  anthropic,
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
export const hooks: executor.ExecutorHooks = executor.combineHooks(otelHooks(), {
  "tool-call-end": (event) => void event.durationMs,
});

// @x/servers: a config in the mcpServers format, the status union and the hooks.
export const config: servers.ServersConfig = {
  mcpServers: { files: { command: "npx", args: ["-y", "some-mcp-server"] } },
};
export const describe = (status: servers.ServerStatus): string =>
  status.state === "failed" ? status.reason : status.state;
export const connect = (): Promise<servers.Servers> =>
  servers.connectServers(config, {
    restart: { maxRestarts: 1 },
    hooks: { "tools-changed": (event) => void event.added },
  });

// @x/anthropic: the request's tools, a turn's answers as one user message.
export const anthropicTools: anthropic.AnthropicTools = anthropic.tools(toolset.buildToolset([]).toolset);
export const anthropicTurn: anthropic.AnthropicMessageParam[] = anthropic.adapter.turnItems([
  anthropic.toolOutput({ callId: "toolu_1", name: "t" }, { content: [{ type: "text", text: "ok" }] }),
]);

// @x/gemini: a turn's answers as one user content, on the package's own wire types.
export const turn: gemini.GeminiContent[] = gemini.turnItems([
  gemini.toolOutput({ callId: "fc_1", name: "files__read" }, { content: [{ type: "text", text: "ok" }] }),
]);
