// A tool's input schema as the server lists it, printed as JSON line by line,
// with an API's changes marked on the lines they concern and said beside
// them: what was added, dropped, made nullable, written into a description,
// encoded or rewritten.
import type { Json, SchemaChange } from "../shared/api-types";
import { h } from "./dom";

type Path = readonly (string | number)[];

/** A printed line: its indent, its parts, and the schema path of the value starting on it (`null`: a closing line). */
interface Line {
  readonly depth: number;
  readonly parts: readonly (string | HTMLElement)[];
  readonly path: Path | null;
}

const key = (name: string): HTMLElement => h("span", { class: "j-key" }, JSON.stringify(name));

/** A scalar as coloured JSON. */
function scalar(value: Json): HTMLElement {
  if (typeof value === "string") return h("span", { class: "j-string" }, JSON.stringify(value));
  if (typeof value === "number") return h("span", { class: "j-number" }, String(value));
  if (typeof value === "boolean") return h("span", { class: "j-bool" }, String(value));
  return h("span", { class: "j-null" }, "null");
}

/** Where a value is printed: its schema path, its indent, its key in the object above (if any), a comma after it. */
interface Place {
  readonly path: Path;
  readonly depth: number;
  readonly name: string | undefined;
  readonly comma: boolean;
}

/** The lines of `value` at `place`, as JSON.stringify(…, 2) lays them. */
function linesOf(value: Json, { path, depth, name, comma }: Place): Line[] {
  const head = name === undefined ? [] : [key(name), ": "];
  const end = comma ? "," : "";
  if (value === null || typeof value !== "object") return [{ depth, parts: [...head, scalar(value), end], path }];
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, at) => [at, item])
    : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) return [{ depth, parts: [...head, `${open}${close}${end}`], path }];
  return [
    { depth, parts: [...head, open], path },
    ...entries.flatMap(([at, item], index) =>
      linesOf(item, {
        path: [...path, at],
        depth: depth + 1,
        name: typeof at === "string" ? at : undefined,
        comma: index < entries.length - 1,
      }),
    ),
    { depth, parts: [`${close}${end}`], path: null },
  ];
}

/** The lines of a whole schema. */
const schemaLines = (schema: Json): Line[] => linesOf(schema, { path: [], depth: 0, name: undefined, comma: false });

const samePath = (a: Path | null, b: Path): boolean =>
  a !== null && a.length === b.length && a.every((segment, at) => segment === b[at]);

/** The line a change is said on: its keyword's line, else its node's, else the nearest line above it. */
function lineOf(lines: readonly Line[], change: SchemaChange): number {
  const wanted = change.keyword === null ? change.path : [...change.path, change.keyword];
  for (let length = wanted.length; length >= 0; length--) {
    const at = lines.findIndex((line) => samePath(line.path, wanted.slice(0, length)));
    if (at !== -1) return at;
  }
  return 0;
}

/** The sign a change is marked with. */
const SIGNS: { readonly [kind in SchemaChange["kind"]]: string } = {
  added: "+",
  dropped: "−",
  changed: "~",
  nullable: "?",
  described: "✎",
  encoded: "⇄",
  rewritten: "↻",
  relaxed: "≈",
};

/**
 * `changes` in the order of the schema's lines (what a reader meets first, first).
 *
 * @example
 * ```ts
 * for (const change of inReadingOrder(schema, form.changes)) list.append(h("li", {}, change.words));
 * ```
 */
export function inReadingOrder(schema: Json, changes: readonly SchemaChange[]): SchemaChange[] {
  const lines = schemaLines(schema);
  return changes
    .map((change, at) => ({ change, line: lineOf(lines, change), at }))
    .sort((a, b) => a.line - b.line || a.at - b.at)
    .map(({ change }) => change);
}

/**
 * `schema` as indented JSON, one line per row, with each of `changes` marked
 * on its line (the keyword's, or the schema's it concerns) and said at the
 * line's end. Strings stay on their line; the box scrolls sideways.
 *
 * @param label - what the marks are (the API's name), for the box's accessible name
 * @example
 * ```ts
 * figure.append(annotatedSchema(tool.inputSchema, form.changes, "Chat Completions", "schema-original"));
 * ```
 */
export function annotatedSchema(
  schema: Json,
  changes: readonly SchemaChange[],
  label: string,
  testId?: string,
): HTMLElement {
  const lines = schemaLines(schema);
  const marks = new Map<number, SchemaChange[]>();
  for (const change of changes) {
    const at = lineOf(lines, change);
    marks.set(at, [...(marks.get(at) ?? []), change]);
  }
  return h(
    "pre",
    {
      class: "json annotated",
      "aria-label": `input schema, marked with what ${label} changes`,
      ...(testId === undefined ? {} : { "data-testid": testId }),
    },
    lines.map((line, at) => {
      const here = marks.get(at) ?? [];
      return h(
        "span",
        {
          class: here.length === 0 ? "line" : `line marked ${here.map((change) => `mark-${change.kind}`).join(" ")}`,
          ...(here.length === 0 ? {} : { "data-testid": "marked-line" }),
        },
        "  ".repeat(line.depth),
        line.parts,
        here.length === 0
          ? null
          : h(
              "span",
              { class: "mark-note" },
              here.map((change) => `  ${SIGNS[change.kind]} ${change.words}`),
            ),
        "\n",
      );
    }),
  );
}

/**
 * The sign of a change's kind, as the marks show it.
 *
 * @example
 * ```ts
 * changeSign("added"); // "+"
 * ```
 */
export function changeSign(kind: SchemaChange["kind"]): string {
  return SIGNS[kind];
}
