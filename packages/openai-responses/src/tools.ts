import { sanitizeDescription, ToolError } from "@x/toolset";
import type { PrepareOptions, PrepareReport, PreparedTools, StructuredMode, Toolset, ToolsetEntry } from "@x/toolset";
import { checkRenderOptions, prepareToolDefinitions, showValue } from "@x/toolset/adapter";
import { adapter } from "./adapter";
import type { PreparedTool } from "@x/toolset/adapter";
import { namespaceLayout } from "./namespace-layout";
import type {
  ResponsesAnswer,
  ResponsesFunctionTool,
  ResponsesItem,
  ResponsesNamespaceTool,
  ResponsesResponse,
  ResponsesTool,
  ResponsesToolSearchTool,
} from "./responses-types";
import type { ToolSearchIndex } from "./tool-search-output";
import { toolSearchTool } from "./tool-search-tool";

/** Options of {@link tools}: strict preparation, and how a large tool set is sent. */
export interface ResponsesToolsOptions extends PrepareOptions {
  /**
   * `true`: each MCP server's tools go in one `namespace` tool named after
   * the server, its functions named without the server prefix. An object
   * does the same and gives namespace descriptions: `instructions`, keyed by
   * server name (what the server's `initialize` returned as `instructions`).
   * Default `false`: top-level functions with the toolset's exposed names.
   */
  readonly namespaces?: boolean | NamespaceOptions;
  /**
   * Which tools are loaded through tool search instead of up front: `true`
   * (all), or a predicate over each toolset entry (its `server`, `toolName`,
   * `name`, `tool`), so per tool or per server. Default: none.
   */
  readonly deferLoading?: boolean | ((entry: ToolsetEntry) => boolean);
  /**
   * Who runs the tool search when tools are deferred: `"server"` (default:
   * the API's hosted `tool_search`; deferred tools are sent with
   * `defer_loading: true`) or `"client"` (this package's: deferred tools are
   * left out of the request, and `toolCalls`, given `report.toolSearch`,
   * answers each `tool_search_call` with the definitions it finds).
   */
  readonly toolSearch?: "server" | "client";
  /** The most tools one client-side search returns (a positive integer). Default 5. */
  readonly searchResults?: number;
}

/** Namespace options: the description of each server's namespace. */
export interface NamespaceOptions {
  /** Each server's `instructions`, keyed by server name; a server without any is described by its name. */
  readonly instructions?: { readonly [server: string]: string | undefined };
}

/** How many tools a request loads up front and how many through tool search, and what that saves. */
export interface LoadingReport {
  /** Function tools whose definitions the request carries. */
  readonly upFront: number;
  /** Function tools loaded only through tool search. */
  readonly deferred: number;
  /** The UTF-8 size of the JSON of `tools`, as sent. */
  readonly bytes: number;
  /** The UTF-8 size of the JSON of `tools` if nothing were deferred (the same options otherwise). */
  readonly bytesWithoutDeferral: number;
}

/** The report of {@link tools}: strict preparation, and loading. */
export interface ResponsesToolsReport extends PrepareReport {
  readonly loading: LoadingReport;
}

/** What {@link tools} returns: the request's `tools`, and what answering the model's calls needs. */
export interface ResponsesPrepared extends PreparedTools<
  ResponsesTool,
  ResponsesResponse | readonly ResponsesItem[],
  ResponsesAnswer,
  ResponsesItem
> {
  readonly report: ResponsesToolsReport;
  /**
   * With `toolSearch: "client"` and at least one deferred tool: what the
   * search looks through (plain JSON); `toolCalls` and `executeToolCalls`
   * answer every `tool_search_call` from it.
   */
  readonly searchIndex?: ToolSearchIndex;
}

const DEFAULT_SEARCH_RESULTS = 5;
const MAX_NAMESPACE_DESCRIPTION_BYTES = 1024;

/**
 * The Responses API `tools` for a toolset, prepared: `tools` goes into the
 * request, and the whole object to `toolCalls` or `executeToolCalls`. Its
 * report says what strict preparation did (fallbacks, exclusions) and what
 * loading costs (tools up front and deferred, bytes).
 *
 * Every function is `{ type: "function", name, description, parameters,
 * strict }`, `strict` always sent, as `options.strict` decides (see
 * `prepareToolDefinitions` of `@x/toolset/adapter`). With `namespaces`, one
 * `{ type: "namespace", name, description, tools }` per server holds them
 * (named by {@link namespaceLayout}); with `deferLoading`, the deferred tools
 * get `defer_loading: true` (hosted search) or are left out
 * (`toolSearch: "client"`), and one `tool_search` tool is added.
 *
 * @param toolset - the tools to offer, from `buildToolset`
 * @param options - `strict`, `strictOptions`, `namespaces`, `deferLoading`, `toolSearch`, `searchResults`, and how
 *   answers are worded (`errorPrefix`, `structured`: under `"prefer"` a tool's MCP `outputSchema` is sent as
 *   `output_schema`, since its output is then the JSON text of its `structuredContent`)
 * @returns the prepared tools
 * @throws {ToolError} `invalid-options` when an option has a value it does not take
 * @example
 * ```ts
 * const prepared = tools(toolset, { namespaces: true, deferLoading: true });
 * const response = await openai.responses.create({ model: "gpt-5.4", input, tools: prepared.tools });
 * const { calls, rejected } = toolCalls(response, prepared);
 * ```
 */
export function tools(toolset: Toolset, options?: ResponsesToolsOptions): ResponsesPrepared {
  const settings = readOptions(options);
  const { errorPrefix, structured } = checkRenderOptions(options);
  const prepared = prepareToolDefinitions(toolset, options);
  const definitions = new Map(prepared.tools.map((tool) => [tool.name, tool]));
  const sendable = (deferral: boolean): Sendable[] =>
    toolset.entries.flatMap((entry) => {
      const tool = definitions.get(entry.name);
      if (tool === undefined) return [];
      return [
        {
          entry,
          definition: functionTool(tool, entry, settings.structured),
          deferred: deferral && settings.deferred(entry),
        },
      ];
    });
  const all = sendable(true);
  const sent = arrange(toolset, all, settings);
  const undeferred = arrange(toolset, sendable(false), settings);
  const deferred = all.filter((tool) => tool.deferred).length;
  const toolSearch = settings.toolSearch === "client" && deferred > 0 ? searchIndex(toolset, all, settings) : undefined;
  const report: ResponsesToolsReport = {
    ...prepared.report,
    loading: {
      upFront: all.length - deferred,
      deferred,
      bytes: jsonBytes(sent),
      bytesWithoutDeferral: jsonBytes(undeferred),
    },
  };
  return {
    tools: sent,
    report,
    toolset,
    plans: prepared.plans,
    output: { errorPrefix, structured },
    adapter,
    ...(toolSearch === undefined ? {} : { searchIndex: toolSearch }),
  };
}

interface Settings {
  readonly namespaces: false | NamespaceOptions;
  readonly deferred: (entry: ToolsetEntry) => boolean;
  readonly toolSearch: "server" | "client";
  readonly structured: StructuredMode;
  readonly searchResults: number;
}

/** A tool to send: its entry, its definition, and whether it is deferred. */
interface Sendable {
  readonly entry: ToolsetEntry;
  readonly definition: ResponsesFunctionTool;
  readonly deferred: boolean;
}

function readOptions(options: ResponsesToolsOptions | undefined): Settings {
  const { namespaces = false, deferLoading = false, toolSearch = "server", structured = "auto" } = options ?? {};
  // (structured and errorPrefix are checked with the other wording options, by checkRenderOptions)
  const searchResults = options?.searchResults ?? DEFAULT_SEARCH_RESULTS;
  const fail = (option: string, value: unknown, expected: string): never => {
    throw new ToolError("invalid-options", `The option ${option} must be ${expected}; got ${showValue(value)}.`);
  };
  if (typeof namespaces !== "boolean" && (typeof namespaces !== "object" || namespaces === null)) {
    fail("namespaces", namespaces, "true, false or { instructions }");
  }
  if (typeof deferLoading !== "boolean" && typeof deferLoading !== "function") {
    fail("deferLoading", deferLoading, "true, false or a function (entry) => boolean");
  }
  if (toolSearch !== "server" && toolSearch !== "client") fail("toolSearch", toolSearch, `"server" or "client"`);
  if (!Number.isInteger(searchResults) || searchResults < 1) fail("searchResults", searchResults, "a positive integer");
  return {
    namespaces: namespaces === true ? {} : namespaces,
    deferred: typeof deferLoading === "function" ? (entry) => deferLoading(entry) === true : () => deferLoading,
    toolSearch,
    structured,
    searchResults,
  };
}

/** The function tool of one prepared tool (named as exposed; {@link arrange} renames it inside a namespace). */
function functionTool(tool: PreparedTool, entry: ToolsetEntry, structured: StructuredMode): ResponsesFunctionTool {
  const outputSchema = entry.tool["outputSchema"];
  // Only under "prefer" is the output the JSON text of structuredContent (when the result has one).
  const withSchema =
    structured === "prefer" &&
    typeof outputSchema === "object" &&
    outputSchema !== null &&
    !Array.isArray(outputSchema);
  return {
    type: "function",
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parameters: tool.parameters,
    strict: tool.strict,
    ...(withSchema ? { output_schema: structuredClone(outputSchema) as { [keyword: string]: unknown } } : {}),
  };
}

/** The request's `tools`: functions or namespaces, deferred ones marked or left out, and the `tool_search` tool. */
function arrange(toolset: Toolset, sendable: readonly Sendable[], settings: Settings): ResponsesTool[] {
  const clientSearch = settings.toolSearch === "client";
  const shown = (tool: Sendable): ResponsesFunctionTool | undefined => {
    if (!tool.deferred) return tool.definition;
    return clientSearch ? undefined : { ...tool.definition, defer_loading: true };
  };
  const sent: ResponsesTool[] =
    settings.namespaces === false
      ? sendable.flatMap((tool) => shown(tool) ?? [])
      : namespaceTools(toolset, sendable, settings.namespaces, shown);
  if (sendable.some((tool) => tool.deferred)) sent.push(searchTool(toolset, sendable, settings));
  return sent;
}

function namespaceTools(
  toolset: Toolset,
  sendable: readonly Sendable[],
  options: NamespaceOptions,
  shown: (tool: Sendable) => ResponsesFunctionTool | undefined,
): ResponsesNamespaceTool[] {
  const byName = new Map(sendable.map((tool) => [tool.entry.name, tool]));
  return namespaceLayout(toolset).namespaces.flatMap((group) => {
    const functions = group.tools.flatMap(({ name, entry }) => {
      const tool = byName.get(entry.name);
      const definition = tool === undefined ? undefined : shown(tool);
      return definition === undefined ? [] : [{ ...definition, name }];
    });
    if (functions.length === 0) return [];
    return [
      {
        type: "namespace" as const,
        name: group.name,
        description: namespaceDescription(group.server, options),
        tools: functions,
      },
    ];
  });
}

/** The server's instructions, sanitised and capped at 1024 bytes, or a sentence naming the server. */
export function namespaceDescription(server: string, options: NamespaceOptions): string {
  const instructions = options.instructions?.[server];
  const text =
    typeof instructions === "string"
      ? sanitizeDescription(instructions, { maxBytes: MAX_NAMESPACE_DESCRIPTION_BYTES })
      : "";
  return text.trim() === "" ? sanitizeDescription(`Tools of the MCP server ${server}.`) : text;
}

function searchTool(toolset: Toolset, sendable: readonly Sendable[], settings: Settings): ResponsesToolSearchTool {
  if (settings.toolSearch === "server") return { type: "tool_search" };
  const servers = [...new Set(sendable.filter((tool) => tool.deferred).map((tool) => tool.entry.server))];
  const names = settings.namespaces === false ? servers : servers.map((server) => namespaceOf(toolset, server));
  return toolSearchTool(names.sort());
}

function namespaceOf(toolset: Toolset, server: string): string {
  return namespaceLayout(toolset).namespaces.find((group) => group.server === server)?.name ?? server;
}

/** What client-side tool search looks through: every deferred tool, with the definition it loads. */
function searchIndex(toolset: Toolset, sendable: readonly Sendable[], settings: Settings): ToolSearchIndex {
  const layout = settings.namespaces === false ? undefined : namespaceLayout(toolset);
  const deferred = sendable.filter((tool) => tool.deferred);
  const namespaces =
    layout === undefined || settings.namespaces === false
      ? []
      : layout.namespaces
          .filter((group) => deferred.some((tool) => tool.entry.server === group.server))
          .map((group) => ({
            name: group.name,
            description: namespaceDescription(group.server, settings.namespaces as NamespaceOptions),
          }));
  return {
    limit: settings.searchResults,
    namespaces,
    tools: deferred.map(({ entry, definition }) => {
      const placed = layout?.byExposedName.get(entry.name);
      return {
        name: entry.name,
        server: entry.server,
        ...(placed === undefined ? {} : { namespace: placed.namespace }),
        definition: placed === undefined ? definition : { ...definition, name: placed.name },
      };
    }),
  };
}

function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}
