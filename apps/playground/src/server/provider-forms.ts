// The Tools view side by side: each tool as each API receives it (its entry
// in the request's `tools`, whether it is strict, a fallback or left out and
// why, what its schema changed), and what each API's request carries for the
// whole toolset, in bytes and tokens, with and without deferral. Every form is
// the adapter's own output; this file only reads it.
import { tools as anthropicTools } from "@x/anthropic";
import type { AnthropicTool, AnthropicTools } from "@x/anthropic";
import { tools as geminiTools } from "@x/gemini";
import type { GeminiFunctionDeclaration, GeminiTools } from "@x/gemini";
import { tools as chatTools } from "@x/openai-chat";
import type { ChatPrepared } from "@x/openai-chat";
import { tools as responsesTools } from "@x/openai-responses";
import type { ResponsesFunctionTool, ResponsesPrepared } from "@x/openai-responses";
import type { NullPath, StrictError } from "@x/strict-schema";
import type { PrepareReport, StrictMode, Toolset, ToolsetEntry } from "@x/toolset";
import type { ConversationApi, ProviderForm, RequestCost, StrictProblem } from "../shared/api-types";
import { readUpFront } from "../shared/responses-up-front";
import { schemaChanges } from "./schema-changes";
import { toJson } from "./to-json";
import { tokenCount } from "./token-count";

/** Every API's prepared tools for one strict setting. */
export interface PreparedForms {
  readonly chat: ChatPrepared;
  readonly responses: ResponsesPrepared;
  readonly anthropic: AnthropicTools;
  readonly gemini: GeminiTools;
}

/**
 * Prepares the toolset for every API, as a request of each would send it.
 *
 * @example
 * ```ts
 * const prepared = prepareForms(toolbox.toolset, "auto");
 * ```
 */
export function prepareForms(toolset: Toolset, strict: StrictMode): PreparedForms {
  return {
    chat: chatTools(toolset, { strict }),
    responses: responsesTools(toolset, { strict }),
    // Strict within the request's budget (20 strict tools, 24 optional and 16 union-typed parameters).
    anthropic: anthropicTools(toolset, { strict }),
    // Gemini has no strict mode: each schema is lowered to the subset it takes, whatever the setting.
    gemini: geminiTools(toolset),
  };
}

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

const problemOf = (error: StrictError | undefined): StrictProblem | null =>
  error === undefined ? null : { path: [...error.path], keyword: error.keyword, message: error.message };

/** What an adapter sent for a tool (`undefined`: it left the tool out), and what its report says. */
interface Sent {
  readonly sent:
    | { readonly name: string; readonly definition: unknown; readonly schema: unknown; readonly strict: boolean }
    | undefined;
  readonly report: PrepareReport;
  readonly nullPaths: readonly NullPath[] | undefined;
}

/** One tool's form in one API, from what the adapter sent and reported. */
function formOf(api: ConversationApi, entry: ToolsetEntry, { sent, report, nullPaths }: Sent): ProviderForm {
  const { name } = entry;
  const excluded = report.excluded[name];
  const fallback = report.fallbacks[name];
  if (sent === undefined) {
    return {
      api,
      status: "left-out",
      name: null,
      definition: null,
      problem: problemOf(excluded),
      changes: [],
      bytes: null,
      tokens: null,
    };
  }
  return {
    api,
    status: fallback !== undefined ? "fallback" : sent.strict ? "strict" : "plain",
    name: sent.name,
    definition: toJson(sent.definition),
    problem: problemOf(fallback),
    changes: schemaChanges(entry.tool.inputSchema, sent.schema, {
      nullPaths,
      described: report.described[name],
      encoded: report.encoded[name],
      rewrites: report.rewrites[name],
      relaxed: report.relaxed[name],
    }),
    bytes: jsonBytes(sent.definition),
    tokens: tokenCount(api, sent.definition),
  };
}

/**
 * `entry` as each API receives it, side by side.
 *
 * @example
 * ```ts
 * const forms = providerForms(entry, prepareForms(toolset, "auto"));
 * ```
 */
export function providerForms(entry: ToolsetEntry, prepared: PreparedForms): ProviderForm[] {
  const { name } = entry;
  const chat = prepared.chat.tools.find((tool) => tool.function.name === name);
  // Without namespaces or deferral, every Responses tool is a top-level function.
  const responses = prepared.responses.tools.find(
    (tool): tool is ResponsesFunctionTool => tool.type === "function" && tool.name === name,
  );
  const anthropic = prepared.anthropic.tools.find(
    (tool): tool is AnthropicTool => "input_schema" in tool && tool.name === name,
  );
  const geminiName = prepared.gemini.report.renamed[name] ?? name;
  const gemini = prepared.gemini.tools
    .flatMap((tool) => tool.functionDeclarations)
    .find((declaration: GeminiFunctionDeclaration) => declaration.name === geminiName);
  return [
    formOf("chat", entry, {
      sent: chat && { name, definition: chat, schema: chat.function.parameters, strict: chat.function.strict === true },
      report: prepared.chat.report,
      nullPaths: prepared.chat.plans[name]?.nullPaths,
    }),
    formOf("responses", entry, {
      sent: responses && {
        name,
        definition: responses,
        schema: responses.parameters,
        strict: responses.strict === true,
      },
      report: prepared.responses.report,
      nullPaths: prepared.responses.plans[name]?.nullPaths,
    }),
    formOf("anthropic", entry, {
      sent: anthropic && { name, definition: anthropic, schema: anthropic.input_schema, strict: anthropic.strict },
      report: prepared.anthropic.report,
      nullPaths: prepared.anthropic.plans[name]?.nullPaths,
    }),
    formOf("gemini", entry, {
      sent: gemini && {
        name: gemini.name,
        definition: gemini,
        schema: gemini.parametersJsonSchema ?? gemini.parameters,
        strict: false,
      },
      report: prepared.gemini.report,
      nullPaths: prepared.gemini.plans[name]?.nullPaths,
    }),
  ];
}

/**
 * What each API's request carries for the whole toolset under `strict`:
 * every definition up front, and every tool deferred to a tool search (the
 * API's own where it has one, the stack's client search where it has not).
 *
 * @example
 * ```ts
 * const costs = requestCosts(toolbox.toolset, "auto", prepareForms(toolbox.toolset, "auto"));
 * ```
 */
export function requestCosts(toolset: Toolset, strict: StrictMode, prepared: PreparedForms): RequestCost[] {
  const hosted = responsesTools(toolset, { strict, namespaces: true, deferLoading: true, toolSearch: "server" });
  const upFront = readUpFront(toJson(hosted.tools));
  const searched = geminiTools(toolset, { deferLoading: true });
  const anthropicDeferred = anthropicTools(toolset, { strict, deferLoading: true });
  const anthropicUpFront = anthropicDeferred.tools.filter((tool) => !("defer_loading" in tool));
  const cost = (api: ConversationApi, tools: readonly unknown[]): Omit<RequestCost, "deferred" | "strictBudget"> => ({
    api,
    sent: tools.length,
    bytes: jsonBytes(tools),
    tokens: tokenCount(api, tools),
  });
  const geminiDeclarations = prepared.gemini.tools.flatMap((tool) => tool.functionDeclarations);
  return [
    // (Chat Completions has no deferred loading: every definition goes up front)
    { ...cost("chat", prepared.chat.tools), deferred: null, strictBudget: null },
    {
      ...cost("responses", prepared.responses.tools),
      deferred: {
        upFrontBytes: jsonBytes(upFront),
        upFrontTokens: tokenCount("responses", upFront),
        requestBytes: hosted.report.loading.bytes,
        how:
          "one namespace per server, every tool deferred behind OpenAI's hosted tool search: the model reads the " +
          "namespaces' names and descriptions up front, and a definition once a search loads it; the request " +
          "still carries every definition",
      },
      strictBudget: null,
    },
    {
      ...cost("anthropic", prepared.anthropic.tools),
      deferred: {
        upFrontBytes: anthropicDeferred.report.loading.upFrontBytes,
        upFrontTokens: tokenCount("anthropic", anthropicUpFront),
        requestBytes: anthropicDeferred.report.loading.bytes,
        how:
          "every tool sent with defer_loading: true beside Anthropic's tool search tool: the model sees a " +
          "definition once a search finds it; the request still carries every definition",
      },
      strictBudget: prepared.anthropic.report.strict,
    },
    {
      // The tools parameter is one tool holding every declaration: the count is of declarations.
      ...cost("gemini", prepared.gemini.tools),
      sent: geminiDeclarations.length,
      deferred: {
        upFrontBytes: searched.report.loading.bytes,
        upFrontTokens: tokenCount("gemini", searched.tools),
        requestBytes: searched.report.loading.bytes,
        how:
          "Gemini has no hosted tool search: one search function this stack answers is declared up front, and " +
          "the tools a search finds are declared on the next turn",
      },
      strictBudget: null,
    },
  ];
}
