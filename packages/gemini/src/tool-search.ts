// Gemini has no hosted tool search: deferred tools are left out of the
// request, and one function declaration of this package's own lets the model
// search them. `toolCalls` answers each call of it with the tools found
// (ranked by the same search as every adapter's client-side tool search), and
// `loadedTools` adds their declarations to the next request's `tools`.
import { queryTooLarge, searchTools } from "@x/toolset/adapter";
import type { ToolSearchAnswer, Toolset } from "@x/toolset";
import { geminiName } from "./gemini-name";
import type { GeminiAnswer, GeminiContent, GeminiFunctionDeclaration, GeminiTool } from "./gemini-types";
import type { SchemaForm } from "./lower-schema";
import { callAnswered } from "./tool-output";
import { isRecord } from "./is-record";

/** What client-side tool search looks through, as `tools()` gives it in `searchIndex` (plain JSON). */
export interface GeminiSearchIndex {
  /** The search function's name. */
  readonly name: string;
  /** The most tools one search loads. */
  readonly limit: number;
  /** Every deferred tool, with the declaration a search loads. */
  readonly tools: readonly {
    /** The exposed name (the toolset's). */
    readonly name: string;
    readonly server: string;
    readonly declaration: GeminiFunctionDeclaration;
  }[];
}

/**
 * The search function's name: `tool_search`, or `tool_search_2`, … when a
 * tool of the toolset is declared under it already.
 */
export function searchFunctionName(toolset: Toolset): string {
  const taken = new Set(toolset.entries.map((entry) => geminiName(entry.name)));
  let name = "tool_search";
  for (let n = 2; taken.has(name); n++) name = `tool_search_${n}`;
  return name;
}

/**
 * The search function's declaration: what it finds (the servers whose tools
 * are deferred) and its one parameter, `query`, in the form the other
 * declarations use.
 */
export function searchDeclaration(
  name: string,
  servers: readonly string[],
  form: SchemaForm,
): GeminiFunctionDeclaration {
  const description =
    "Finds tools that are not loaded yet and loads the best matches, searching their names, descriptions and " +
    `MCP servers; the tools found can be called from the next step on. Searchable: ${servers.join(", ")}.`;
  const query = 'What the tool should do, in a few words, e.g. "create a GitHub issue".';
  return form === "json"
    ? {
        name,
        description,
        parametersJsonSchema: {
          type: "object",
          properties: { query: { type: "string", description: query } },
          required: ["query"],
        },
      }
    : {
        name,
        description,
        parameters: {
          type: "OBJECT",
          properties: { query: { type: "STRING", description: query } },
          required: ["query"],
        },
      };
}

/**
 * Answers one call of the search function: searches `index` for the call's
 * `query` and answers with the names and descriptions of the best matches,
 * which {@link loadedTools} then declares. Never throws: arguments without a
 * string `query` are answered with no tools and the reason.
 *
 * @param callId - the call's id, as `toolCalls` reads it
 * @param args - the call's `args`
 * @param index - `searchIndex` of `tools()`
 * @param position - the call's position among the response's calls
 * @returns the answer, with its `functionResponse` part as `output`
 */
export function answerSearch(
  callId: string,
  args: unknown,
  index: GeminiSearchIndex,
  position: number,
): ToolSearchAnswer<GeminiAnswer> {
  const query =
    typeof args === "object" && args !== null && !Array.isArray(args) ? (args as { query?: unknown }).query : undefined;
  const named = callAnswered(callId, index.name);
  const answer = (message: string, tools: GeminiFunctionDeclaration[]): GeminiAnswer => ({
    functionResponse: {
      ...(named.id === undefined ? {} : { id: named.id }),
      name: named.name,
      response: {
        output: {
          message,
          tools: tools.map(({ name, description }) => (description === undefined ? { name } : { name, description })),
        },
      },
    },
  });
  if (typeof query !== "string") {
    const reason = 'The arguments have no string "query": expected {"query": string}.';
    return { callId, index: position, query: undefined, found: [], reason, output: answer(reason, []) };
  }
  const tooLarge = queryTooLarge(query);
  if (tooLarge !== undefined) {
    return { callId, index: position, query: undefined, found: [], reason: tooLarge, output: answer(tooLarge, []) };
  }
  const found = searchTools(
    query,
    index.tools.map((tool) => ({
      name: tool.name,
      callName: tool.declaration.name,
      server: tool.server,
      ...(tool.declaration.description === undefined ? {} : { description: tool.declaration.description }),
    })),
    index.limit,
  ).map((match) => match.name);
  const byName = new Map(index.tools.map((tool) => [tool.name, tool.declaration]));
  const declarations = found.map((name) => byName.get(name)!);
  const message =
    declarations.length === 0
      ? `No tool matches ${JSON.stringify(query)}. Try other words.`
      : `Loaded ${declarations.length} tool${declarations.length === 1 ? "" : "s"}, callable from the next step on.`;
  return { callId, index: position, query, found, output: answer(message, declarations) };
}

/**
 * The request's `tools` for the next turn: the declarations `tools()` sent,
 * plus every deferred tool a search in `contents` loaded (in the order they
 * were first found, so the request's prefix stays the same from turn to
 * turn). Read from the conversation itself, so a paused and resumed run loads
 * the same tools.
 *
 * @param prepared - what `tools()` returned
 * @param contents - the conversation so far (the request's `contents`)
 * @returns the `tools` to send
 * @example
 * ```ts
 * const response = await ai.models.generateContent({
 *   model: "gemini-3-flash-preview", contents, config: { tools: loadedTools(prepared, contents) },
 * });
 * ```
 */
export function loadedTools(
  prepared: { readonly tools: readonly GeminiTool[]; readonly searchIndex?: GeminiSearchIndex | undefined },
  contents: readonly unknown[],
): GeminiTool[] {
  const sent = prepared.tools.flatMap((tool) => tool.functionDeclarations);
  const index = prepared.searchIndex;
  if (index === undefined) return [{ functionDeclarations: sent }];
  const byGeminiName = new Map(index.tools.map((tool) => [tool.declaration.name, tool.declaration]));
  const loaded = new Map<string, GeminiFunctionDeclaration>();
  for (const name of searchAnswerNames(contents, index.name)) {
    const declaration = byGeminiName.get(name);
    if (declaration !== undefined && !loaded.has(name)) loaded.set(name, declaration);
  }
  return [{ functionDeclarations: [...sent, ...loaded.values()] }];
}

/** The tool names the search answers among `contents` loaded, in order. */
function searchAnswerNames(contents: readonly unknown[], searchName: string): string[] {
  const names: string[] = [];
  for (const content of contents) {
    const parts = isRecord(content) && Array.isArray((content as Partial<GeminiContent>).parts) ? content.parts : [];
    for (const part of parts as unknown[]) {
      const response = isRecord(part) && isRecord(part.functionResponse) ? part.functionResponse : undefined;
      if (response?.name !== searchName || !isRecord(response.response)) continue;
      const output = response.response.output;
      const tools = isRecord(output) && Array.isArray(output.tools) ? (output.tools as unknown[]) : [];
      for (const tool of tools) if (isRecord(tool) && typeof tool.name === "string") names.push(tool.name);
    }
  }
  return names;
}
