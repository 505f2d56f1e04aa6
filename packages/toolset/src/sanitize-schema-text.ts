import { isRecord } from "./json-copy";
import type { JsonData } from "./json-copy";
import { sanitizeAndCap } from "./sanitize-description";
import type { TextChange } from "./build-toolset";
import { utf8ByteLength } from "./utf8";

/**
 * The default cap of each `description` and `title` string inside a tool's
 * `inputSchema`, in bytes of UTF-8: far above what real servers write (the
 * longest in the corpus is 734 bytes), far below what a payload needs.
 *
 * @example
 * ```ts
 * buildToolset(sources, { maxSchemaTextBytes: DEFAULT_MAX_SCHEMA_TEXT_BYTES * 2 });
 * ```
 */
export const DEFAULT_MAX_SCHEMA_TEXT_BYTES = 1024;

type Path = readonly (string | number)[];
type JsonObject = { [key: string]: JsonData };

// The keywords whose value is a subschema, a list of subschemas, or a map of
// names to subschemas (JSON Schema drafts 4 to 2020-12). Nothing else is
// walked: `enum`, `const`, `default` and `examples` are values, vendor
// keywords are unknown, and property names are names, not text.
const SCHEMA = new Set([
  "items",
  "additionalItems",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "contentSchema",
]);
const SCHEMA_LIST = new Set(["items", "prefixItems", "anyOf", "oneOf", "allOf"]);
// `dependencies` maps a name to a schema or to a list of names: only schemas are walked.
const SCHEMA_MAP = new Set(["properties", "patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"]);
const TEXT = new Set(["title", "description"]);

/** A schema to visit, with the path to it as links (paths are built only for the texts that change). */
interface Site {
  readonly node: JsonObject;
  readonly parent: Site | undefined;
  readonly segments: Path;
}

const pathOf = (site: Site, last: string): (string | number)[] => {
  const path: (string | number)[] = [last];
  for (let at: Site | undefined = site; at !== undefined; at = at.parent) path.unshift(...at.segments);
  return path;
};

/**
 * Sanitises, in place, every `title` and `description` string at a schema
 * position of `schema` (a tool's private JSON copy, not yet frozen): hidden
 * characters removed as `sanitizeDescription` does, then capped at
 * `maxBytes`. Returns a change for each string it changed, in document order,
 * with its path from `root` (e.g. `["inputSchema", "properties", "q",
 * "description"]`). Iterative: schemas nest deeper than the call stack.
 */
export function sanitizeSchemaText(schema: JsonData | undefined, maxBytes: number, root: Path): TextChange[] {
  const changes: TextChange[] = [];
  if (!isRecord(schema)) return changes;
  const pending: Site[] = [{ node: schema, parent: undefined, segments: root }];
  while (pending.length > 0) {
    const site = pending.pop()!;
    const { node } = site;
    const children: Site[] = [];
    const visit = (child: JsonData | undefined, segments: Path): void => {
      if (isRecord(child)) children.push({ node: child, parent: site, segments });
    };
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (TEXT.has(key) && typeof value === "string") {
        const { text, removed, cut } = sanitizeAndCap(value, maxBytes);
        if (text !== value) {
          changes.push({ path: pathOf(site, key), removed, cut, bytes: utf8ByteLength(value) });
          node[key] = text;
        }
      } else if (SCHEMA_LIST.has(key) && Array.isArray(value)) {
        value.forEach((child, i) => visit(child, [key, i]));
      } else if (SCHEMA.has(key)) {
        visit(value, [key]);
      } else if (SCHEMA_MAP.has(key) && isRecord(value)) {
        for (const name of Object.keys(value)) visit(value[name], [key, name]);
      }
    }
    // Last pushed, first visited: children in reverse keep the changes in document order.
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
  return changes;
}
