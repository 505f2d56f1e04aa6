// The Tools view: each tool's original schema beside what each adapter sends.
import type { ResponsesFunctionTool } from "@x/openai-responses";
import { encodeArguments } from "@x/strict-schema/encode";
import type { Plan } from "@x/strict-schema";
import type { StrictMode } from "@x/toolset";
import type { Encoded, Json, StrictSetting, ToolView, ToolsResponse } from "../shared/api-types";
import { policyVerdicts } from "./approval-policy";
import { exampleArguments } from "./example-arguments";
import { prepareForms, providerForms, requestCosts } from "./provider-forms";
import { responsesForms } from "./responses-forms";
import { toJson } from "./to-json";
import type { Toolbox } from "./toolbox";

/**
 * The strict setting named by `value`, or `undefined`.
 *
 * @example
 * ```ts
 * parseStrictSetting("auto"); // "auto"
 * ```
 */
export function parseStrictSetting(value: unknown): StrictSetting | undefined {
  return value === "auto" || value === "true" || value === "false" ? value : undefined;
}

/**
 * The library's `strict` option for a setting of the page's switch.
 *
 * @example
 * ```ts
 * strictMode("true"); // true
 * ```
 */
export function strictMode(setting: StrictSetting): StrictMode {
  return setting === "auto" ? "auto" : setting === "true";
}

/**
 * A tool's encodings as the page shows them: kind and instance path.
 *
 * @example
 * ```ts
 * encodedOf([{ kind: "entries", path: ["labels"] }]); // [{ kind: "entries", path: ["labels"] }]
 * ```
 */
export function encodedOf(
  encodings: readonly { readonly kind: string; readonly path: readonly (string | null)[] }[] | undefined,
): Encoded[] {
  return (encodings ?? []).map((encoding) => ({ kind: encoding.kind, path: [...encoding.path] }));
}

/**
 * The example arguments in the form the model sends: an example in the original schema's shape, encoded with the
 * tool's plan (nulls for optional properties, entries for maps, JSON text for free-form values), so a call made
 * with it unchanged is restored to that example. A tool left out has no plan: its example stays in the original shape.
 */
function exampleFor(inputSchema: unknown, plan: Plan | undefined): Json {
  const example = exampleArguments(inputSchema);
  return plan === undefined ? example : toJson(encodeArguments(example, plan));
}

/** The bytes of `value` as JSON text in UTF-8: what it weighs in a request body. */
function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/**
 * Every tool of the toolset as each API would receive it under `strict`.
 *
 * @param unavailable - why a server's tools cannot run now (it stopped), by server name
 * @example
 * ```ts
 * const view = toolsView(toolbox, "auto", new Map());
 * ```
 */
export function toolsView(
  toolbox: Toolbox,
  strict: StrictSetting,
  unavailable: ReadonlyMap<string, string>,
): ToolsResponse {
  const { toolset, report } = toolbox;
  const prepared = prepareForms(toolset, strictMode(strict));
  const { chat, responses } = prepared;
  const tools = toolset.entries.map((entry): ToolView => {
    const chatTool = chat.tools.find((tool) => tool.function.name === entry.name);
    // Without namespaces or deferral, every Responses tool is a top-level function.
    const responsesTool = responses.tools.find(
      (tool): tool is ResponsesFunctionTool => tool.type === "function" && tool.name === entry.name,
    );
    const fallback = responses.report.fallbacks[entry.name];
    const excluded = responses.report.excluded[entry.name];
    return {
      name: entry.name,
      server: entry.server,
      toolName: entry.toolName,
      description: entry.tool.description ?? null,
      renamed: report.renamed.find((rename) => rename.name === entry.name)?.reasons ?? [],
      inputSchema: toJson(entry.tool.inputSchema),
      chat: chatTool === undefined ? null : toJson(chatTool),
      responses: responsesTool === undefined ? null : toJson(responsesTool),
      strict: responsesTool === undefined ? null : responsesTool.strict,
      nullPaths: [...(responses.plans[entry.name]?.nullPaths ?? [])],
      fallback:
        fallback === undefined
          ? null
          : { path: [...fallback.path], keyword: fallback.keyword, message: fallback.message },
      excluded:
        excluded === undefined
          ? null
          : { path: [...excluded.path], keyword: excluded.keyword, message: excluded.message },
      example: exampleFor(entry.tool.inputSchema, responses.plans[entry.name]),
      unavailable: unavailable.get(entry.server) ?? null,
      encoded: encodedOf(responses.report.encoded[entry.name]),
      bytes: {
        chat: chatTool === undefined ? null : jsonBytes(chatTool),
        responses: responsesTool === undefined ? null : jsonBytes(responsesTool),
      },
      annotations: toJson(entry.tool.annotations ?? null),
      verdicts: policyVerdicts(entry),
      forms: providerForms(entry, prepared),
    };
  });
  return {
    strict,
    tools,
    totals: { chat: jsonBytes(chat.tools), responses: jsonBytes(responses.tools) },
    responsesForms: responsesForms(toolset, strictMode(strict)),
    dropped: report.dropped.map((drop) => ({
      server: drop.server,
      ...(drop.toolName === undefined ? {} : { toolName: drop.toolName }),
      reason: drop.reason,
      message: drop.message,
    })),
    costs: requestCosts(toolset, strictMode(strict), prepared),
  };
}
