// What a model reads up front of a Responses request's `tools` when tools are
// deferred: shared by the server (which counts its tokens) and the page
// (which shows its bytes).
import type { Json } from "./api-types";

/** A JSON object. */
export type JsonRecord = { readonly [key: string]: Json };

/**
 * Whether `value` is a JSON object (not an array, not null).
 *
 * @example
 * ```ts
 * isJsonRecord({ type: "namespace" }); // true
 * ```
 */
export function isJsonRecord(value: Json | undefined): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The `tools` parameter as the model reads it before any search: a namespace
 * shows its name and description (and its tools that are not deferred), a
 * deferred function outside a namespace its name and description; the
 * deferred definitions are loaded when a search finds them
 * (https://developers.openai.com/api/docs/guides/tools-tool-search).
 *
 * @example
 * ```ts
 * readUpFront([{ type: "namespace", name: "demo", description: "…", tools: [{ …, defer_loading: true }] }]);
 * // [{ type: "namespace", name: "demo", description: "…", tools: [] }]
 * ```
 */
export function readUpFront(tools: Json): Json[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool): Json[] => {
    if (!isJsonRecord(tool)) return [];
    if (tool["defer_loading"] === true)
      return [{ name: tool["name"] ?? null, description: tool["description"] ?? null }];
    if (tool["type"] !== "namespace" || !Array.isArray(tool["tools"])) return [tool];
    const loaded = tool["tools"].filter((inner) => !(isJsonRecord(inner) && inner["defer_loading"] === true));
    return [{ ...tool, tools: loaded }];
  });
}
