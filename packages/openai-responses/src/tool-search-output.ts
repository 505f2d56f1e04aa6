import type { ToolSearchAnswer as ToolSearchAnswerOf } from "@x/toolset";
import { isRecord } from "./read-output";
import type { ResponsesFunctionTool, ResponsesNamespaceTool, ResponsesToolSearchOutput } from "./responses-types";
import { queryTooLarge, searchTools } from "@x/toolset/adapter";

/**
 * What client-side tool search looks through, as `tools()` reports it in
 * `report.toolSearch` (plain JSON: it can be stored with a conversation).
 */
export interface ToolSearchIndex {
  /** The most tools one search returns. */
  readonly limit: number;
  /** The namespaces the deferred tools are in (none when tools are not sent in namespaces). */
  readonly namespaces: readonly { readonly name: string; readonly description: string }[];
  /** Every deferred tool, with the definition a search loads. */
  readonly tools: readonly {
    /** The exposed name (the toolset's). */
    readonly name: string;
    readonly server: string;
    readonly namespace?: string;
    /** The same definition `tools()` sends, named as inside its namespace. */
    readonly definition: ResponsesFunctionTool;
  }[];
}

/** One `tool_search_call` answered: `output` is its `tool_search_output`. */
export type ResponsesToolSearchAnswer = ToolSearchAnswerOf<ResponsesToolSearchOutput>;

/**
 * Answers one client-executed `tool_search_call`: searches `index` for the
 * call's `query` (by `searchTools`' ranking) and returns the definitions of
 * the best matches, each in its namespace when tools are sent in
 * namespaces (namespaces in the order of their best tool). Never throws:
 * arguments that are not `{ "query": string }` (an object, or its JSON
 * text), and a query longer than one search takes (`MAX_QUERY_LENGTH`
 * characters, `MAX_QUERY_WORDS` words: one call must not hold the thread),
 * are answered with no tools and a `reason`; a query that matches nothing,
 * with no tools.
 *
 * @param callId - the call's `call_id`
 * @param args - the call's `arguments`
 * @param index - `report.toolSearch` of `tools()`
 * @param position - the call's index among the response's calls
 * @returns the answer, with its `output`
 */
export function toolSearchOutput(
  callId: string,
  args: unknown,
  index: ToolSearchIndex,
  position: number,
): ResponsesToolSearchAnswer {
  const query = readQuery(args);
  if (typeof query !== "string") {
    return { callId, index: position, query: undefined, found: [], reason: query.reason, output: output(callId, []) };
  }
  const searchable = index.tools.map((tool) => ({
    name: tool.name,
    callName: tool.definition.name,
    server: tool.server,
    ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }),
    ...(tool.definition.description === undefined ? {} : { description: tool.definition.description }),
  }));
  const found = searchTools(query, searchable, index.limit).map((match) => match.name);
  const byName = new Map(index.tools.map((tool) => [tool.name, tool]));
  const loaded: (ResponsesFunctionTool | ResponsesNamespaceTool)[] = [];
  const namespaces = new Map<string, ResponsesNamespaceTool>();
  for (const name of found) {
    const tool = byName.get(name)!;
    const definition = structuredClone(tool.definition);
    if (tool.namespace === undefined) {
      loaded.push(definition);
      continue;
    }
    let namespace = namespaces.get(tool.namespace);
    if (namespace === undefined) {
      const description =
        index.namespaces.find((group) => group.name === tool.namespace)?.description ?? tool.namespace;
      namespace = { type: "namespace", name: tool.namespace, description, tools: [] };
      namespaces.set(tool.namespace, namespace);
      loaded.push(namespace);
    }
    namespace.tools.push(definition);
  }
  return { callId, index: position, query, found, output: output(callId, loaded) };
}

function output(callId: string, tools: (ResponsesFunctionTool | ResponsesNamespaceTool)[]): ResponsesToolSearchOutput {
  return { type: "tool_search_output", call_id: callId, execution: "client", status: "completed", tools };
}

function readQuery(args: unknown): string | { reason: string } {
  let value = args;
  if (typeof args === "string") {
    try {
      value = JSON.parse(args) as unknown;
    } catch {
      return { reason: 'The arguments are not JSON: expected {"query": string}.' };
    }
  }
  if (!isRecord(value)) return { reason: 'The arguments are not an object: expected {"query": string}.' };
  const query = value["query"];
  if (typeof query !== "string") return { reason: 'The arguments have no string "query": expected {"query": string}.' };
  const tooLarge = queryTooLarge(query);
  return tooLarge === undefined ? query : { reason: tooLarge };
}
