import { ToolError } from "@x/toolset";
import type { OutputOptions, PreparedTools, PrepareReport, Toolset, ToolsetEntry, LoadingReport } from "@x/toolset";
import { checkRenderOptions } from "@x/toolset/adapter";
import type { OutputSettings } from "@x/toolset/adapter";
import type {
  Described,
  Encoding,
  Plan,
  Relaxation,
  Rewrite,
  StrictError,
  StrictSchemaOptions,
} from "@x/strict-schema";
import { adapter, placeholderAdapter } from "./adapter";
import type { GeminiAdapter } from "./adapter";
import { geminiName } from "./gemini-name";
import type {
  GeminiAnswer,
  GeminiContent,
  GeminiFunctionDeclaration,
  GeminiResponse,
  GeminiTool,
} from "./gemini-types";
import { lowerSchema } from "./lower-schema";
import type { SchemaForm } from "./lower-schema";
import type { ResponseMedia } from "./tool-output";
import { searchDeclaration, searchFunctionName } from "./tool-search";
import type { GeminiSearchIndex } from "./tool-search";

/**
 * Options of {@link tools}: the schema form, large tool sets, media in
 * answers, and the wording of every answer (`errorPrefix`, `structured`:
 * given once, here). Under `structured: "prefer"`, a tool's output is the
 * JSON text of its `structuredContent`, so its MCP `outputSchema` is sent as
 * `responseJsonSchema` (JSON form only).
 */
export interface GeminiToolsOptions extends OutputOptions {
  /**
   * `"json"` (default): each declaration's `parametersJsonSchema`, in JSON
   * Schema (`@x/strict-schema` target `gemini`). `"openapi"`: `parameters`,
   * in the OpenAPI subset (target `gemini-openapi`), for Vertex AI and models
   * without `parametersJsonSchema`.
   */
  readonly schema?: SchemaForm | undefined;
  /** Passed to `strictSchema` for every tool (limits, relaxations); encodings are on unless `encode: false`. */
  readonly strictOptions?: StrictSchemaOptions | undefined;
  /**
   * Which tools are found through the search function instead of declared up
   * front: `true` (all), or a predicate over each toolset entry (per tool or
   * per server). Default: none.
   */
  readonly deferLoading?: boolean | ((entry: ToolsetEntry) => boolean) | undefined;
  /** The most tools one search loads (a positive integer). Default 5. */
  readonly searchResults?: number | undefined;
  /** Where results' images and files go: function response parts (default) or text placeholders. */
  readonly media?: ResponseMedia | undefined;
}

/**
 * What {@link tools} did, keyed by exposed name: `excluded` (the schema path
 * and keyword that has no Gemini form, or `name` for a name clash),
 * `relaxed`, `encoded`, `fallbacks` (always empty: a tool Gemini cannot take
 * is left out, never sent as it is), and this adapter's own fields.
 */
export interface GeminiToolsReport extends PrepareReport {
  /** Tools declared under another name than their exposed one (a leading digit or `-`): exposed → Gemini name. */
  readonly renamed: { readonly [name: string]: string };
  /** Under `structured: "prefer"`: tools whose `outputSchema` has no Gemini form, sent without `responseJsonSchema`. */
  readonly outputSchemas: { readonly [name: string]: StrictError };
  readonly loading: LoadingReport;
}

/**
 * What {@link tools} returns: everything a round needs. `tools` goes into the
 * request's `config.tools`; the rest is for `toolCalls` and `@x/executor`.
 */
export interface GeminiTools extends PreparedTools<GeminiTool, GeminiResponse, GeminiAnswer, GeminiContent> {
  readonly report: GeminiToolsReport;
  /** The adapter the tools were prepared for (with `media: "placeholder"`, one that answers with placeholders). */
  readonly adapter: GeminiAdapter;
  /** With deferred tools: what the search function searches (plain JSON). */
  readonly searchIndex?: GeminiSearchIndex;
}

const DEFAULT_SEARCH_RESULTS = 5;

/**
 * The Gemini API `tools` for a toolset: `[{ functionDeclarations }]`, each
 * `{ name, description, parametersJsonSchema }` (or `parameters` with
 * `schema: "openapi"`), and everything a round needs to read the model's
 * calls back.
 *
 * Each tool's `inputSchema` is lowered to the form Gemini takes
 * (`@x/strict-schema`); a tool that has none is left out and listed in
 * `report.excluded` with the schema path and keyword, so one bad tool never
 * fails the request, and a call to it is answered as an unknown tool. Names
 * follow Gemini's rule ({@link geminiName}); a tool whose Gemini name is
 * another's is left out too (keyword `name`). With `deferLoading`, deferred
 * tools are left out of the declarations and one search function
 * (`tool_search`) finds them; `loadedTools` declares what it found.
 *
 * @param toolset - the tools to offer, from `buildToolset`
 * @param options - `schema`, `strictOptions`, `structured`, `errorPrefix`, `deferLoading`, `searchResults`, `media`
 * @returns the request's `tools`, the report, and what `toolCalls` needs
 * @throws {ToolError} `invalid-options` when an option has a value it does not take
 * @example
 * ```ts
 * const prepared = tools(toolset);
 * const response = await ai.models.generateContent({
 *   model: "gemini-3-flash-preview", contents, config: { tools: prepared.tools },
 * });
 * const { calls, rejected } = toolCalls(response, prepared);
 * ```
 */
export function tools(toolset: Toolset, options?: GeminiToolsOptions): GeminiTools {
  const settings = readOptions(options);
  const output: OutputSettings = checkRenderOptions(options);
  const plans = record<Plan>();
  const excluded = record<StrictError>();
  const relaxed = record<readonly Relaxation[]>();
  const encoded = record<readonly Encoding[]>();
  const described = record<readonly Described[]>();
  const rewrites = record<readonly Rewrite[]>();
  const renamed = record<string>();
  const outputSchemas = record<StrictError>();
  const clashes = nameClashes(toolset);

  const offered: { entry: ToolsetEntry; declaration: GeminiFunctionDeclaration; deferred: boolean }[] = [];
  for (const entry of toolset.entries) {
    const clash = clashes.get(entry.name);
    if (clash !== undefined) {
      excluded[entry.name] = clash;
      continue;
    }
    const lowered = lowerSchema(entry.tool.inputSchema, settings.form, settings.strictOptions);
    if (!lowered.ok) {
      excluded[entry.name] = lowered.error;
      continue;
    }
    const name = geminiName(entry.name);
    if (name !== entry.name) renamed[entry.name] = name;
    plans[entry.name] = lowered.plan;
    if (lowered.relaxations.length > 0) relaxed[entry.name] = lowered.relaxations;
    if (lowered.described.length > 0) described[entry.name] = lowered.described;
    if (lowered.rewrites.length > 0) rewrites[entry.name] = lowered.rewrites;
    const encodings = lowered.plan.encodings ?? [];
    if (encodings.length > 0) encoded[entry.name] = encodings;
    const description = typeof entry.tool.description === "string" ? { description: entry.tool.description } : {};
    const declaration: GeminiFunctionDeclaration =
      settings.form === "json"
        ? { name, ...description, parametersJsonSchema: lowered.schema }
        : { name, ...description, parameters: lowered.schema };
    if (output.structured === "prefer" && settings.form === "json") {
      const response = responseSchema(entry, settings.strictOptions);
      if (response !== undefined && "schema" in response) declaration.responseJsonSchema = response.schema;
      else if (response !== undefined) outputSchemas[entry.name] = response.error;
    }
    offered.push({ entry, declaration, deferred: settings.deferred(entry) });
  }

  const deferred = offered.filter((tool) => tool.deferred);
  const upFront = offered.filter((tool) => !tool.deferred).map((tool) => tool.declaration);
  let searchIndex: GeminiSearchIndex | undefined;
  const declarations = [...upFront];
  if (deferred.length > 0) {
    const name = searchFunctionName(toolset);
    const servers = [...new Set(deferred.map((tool) => tool.entry.server))];
    declarations.push(searchDeclaration(name, servers, settings.form));
    searchIndex = {
      name,
      limit: settings.searchResults,
      // Copies: the index is plain JSON of its own (@google/genai rewrites a sent declaration's parameters in place).
      tools: deferred.map(({ entry, declaration }) => ({
        name: entry.name,
        server: entry.server,
        declaration: structuredClone(declaration),
      })),
    };
  }
  const sent: GeminiTool[] = [{ functionDeclarations: declarations }];
  const report: GeminiToolsReport = {
    excluded,
    fallbacks: record<StrictError>(),
    relaxed,
    encoded,
    described,
    rewrites,
    renamed,
    outputSchemas,
    loading: {
      upFront: upFront.length,
      deferred: deferred.length,
      bytes: jsonBytes(sent),
      bytesWithoutDeferral: jsonBytes([{ functionDeclarations: offered.map((tool) => tool.declaration) }]),
    },
  };
  return {
    tools: sent,
    report,
    toolset,
    plans,
    output: { errorPrefix: output.errorPrefix, structured: output.structured },
    adapter: settings.media === "parts" ? adapter : placeholderAdapter,
    ...(searchIndex === undefined ? {} : { searchIndex }),
  };
}

interface Settings {
  readonly form: SchemaForm;
  readonly strictOptions: StrictSchemaOptions | undefined;
  readonly deferred: (entry: ToolsetEntry) => boolean;
  readonly searchResults: number;
  readonly media: ResponseMedia;
}

function readOptions(options: GeminiToolsOptions | undefined): Settings {
  const schema = options?.schema ?? "json";
  const deferLoading = options?.deferLoading ?? false;
  const searchResults = options?.searchResults ?? DEFAULT_SEARCH_RESULTS;
  const media = options?.media ?? "parts";
  const fail = (option: string, value: unknown, expected: string): never => {
    throw new ToolError(
      "invalid-options",
      `${option} must be ${expected}, got ${JSON.stringify(value) ?? String(value)}.`,
    );
  };
  if (schema !== "json" && schema !== "openapi") fail("schema", schema, `"json" or "openapi"`);
  if (typeof deferLoading !== "boolean" && typeof deferLoading !== "function") {
    fail("deferLoading", deferLoading, "true, false or a function (entry) => boolean");
  }
  if (!Number.isInteger(searchResults) || searchResults < 1) fail("searchResults", searchResults, "a positive integer");
  if (media !== "parts" && media !== "placeholder") fail("media", media, `"parts" or "placeholder"`);
  return {
    form: schema,
    strictOptions: options?.strictOptions,
    deferred: typeof deferLoading === "function" ? (entry) => deferLoading(entry) === true : () => deferLoading,
    searchResults,
    media,
  };
}

/**
 * The tools whose Gemini name another tool has too, with why they are left
 * out: of the tools sharing a Gemini name, the one whose exposed name it is
 * keeps it; the others (renamed ones) are left out.
 */
function nameClashes(toolset: Toolset): Map<string, StrictError> {
  const byGeminiName = new Map<string, string[]>();
  for (const { name } of toolset.entries) {
    const gemini = geminiName(name);
    byGeminiName.set(gemini, [...(byGeminiName.get(gemini) ?? []), name]);
  }
  const clashes = new Map<string, StrictError>();
  for (const [gemini, names] of byGeminiName) {
    if (names.length < 2) continue;
    for (const name of names) {
      if (name === gemini) continue;
      clashes.set(name, {
        path: [],
        keyword: "name",
        message:
          `Its Gemini name ${JSON.stringify(gemini)} (a name may not start with a digit or "-") is another tool's ` +
          `name. Rename the tool or its server.`,
      });
    }
  }
  return clashes;
}

/** The tool's `outputSchema` in Gemini's JSON Schema form, why it has none, or `undefined` without one. */
function responseSchema(
  entry: ToolsetEntry,
  strictOptions: StrictSchemaOptions | undefined,
):
  | { readonly schema: GeminiFunctionDeclaration["responseJsonSchema"] & object }
  | { readonly error: StrictError }
  | undefined {
  const outputSchema = entry.tool["outputSchema"];
  if (typeof outputSchema !== "object" || outputSchema === null || Array.isArray(outputSchema)) return undefined;
  // The output is the tool's to give, not the model's: nothing to encode or undo.
  const lowered = lowerSchema(outputSchema, "json", { ...strictOptions, encode: false });
  return lowered.ok ? { schema: lowered.schema } : { error: lowered.error };
}

/** A null-prototype record, so a tool named `__proto__` is a plain key. */
function record<TValue>(): { [name: string]: TValue } {
  return Object.create(null) as { [name: string]: TValue };
}

const encoder = new TextEncoder();
const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;
