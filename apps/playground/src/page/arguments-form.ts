// A form made from a tool's schema (the strict one when it has it), beside
// the JSON text of the Run view and kept in step with it: a field per
// property, a select for an enum, "leave out" for an optional property, rows
// for an array and for the entries of a map. What the form cannot show (a
// choice of schemas, a free-form value) is a small JSON text of its own.
import type { Encoded, Json } from "../shared/api-types";
import { h, replace } from "./dom";

type Schema = { readonly [key: string]: Json };
type Path = readonly (string | number)[];

function isSchema(value: Json | undefined): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema a local `$ref` points to (`#/$defs/x`), or the schema itself. */
function resolve(schema: Schema, root: Schema): Schema {
  const ref = schema["$ref"];
  if (typeof ref !== "string" || !ref.startsWith("#/")) return schema;
  let target: Json | undefined = root;
  for (const part of ref.slice(2).split("/"))
    target = isSchema(target) ? target[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  return isSchema(target) ? target : schema;
}

/** The types a schema allows besides null, and whether it allows null (strict mode's optional properties do). */
function typesOf(schema: Schema): { types: string[]; nullable: boolean; inner: Schema } {
  const anyOf = schema["anyOf"];
  if (Array.isArray(anyOf)) {
    const branches = anyOf.filter(isSchema);
    const others = branches.filter((branch) => branch["type"] !== "null");
    if (others.length === 1 && others[0] !== undefined && branches.length === 2) {
      return { ...typesOf(others[0]), nullable: true };
    }
    return { types: [], nullable: branches.length !== others.length, inner: schema };
  }
  const type = schema["type"];
  const list =
    typeof type === "string"
      ? [type]
      : Array.isArray(type)
        ? type.filter((item): item is string => typeof item === "string")
        : [];
  const enumValues = schema["enum"];
  const enumNull = Array.isArray(enumValues) && enumValues.includes(null);
  return { types: list.filter((item) => item !== "null"), nullable: list.includes("null") || enumNull, inner: schema };
}

/** 0, or the bound nearest to it when the schema's bounds leave 0 out (`minimum: 1` starts at 1). */
function startNumber(schema: Schema, integer: boolean): number {
  const step = integer ? 1 : Number.EPSILON;
  const bound = (keyword: string): number | undefined =>
    typeof schema[keyword] === "number" ? schema[keyword] : undefined;
  const min = Math.max(bound("minimum") ?? -Infinity, (bound("exclusiveMinimum") ?? -Infinity) + step);
  const max = Math.min(bound("maximum") ?? Infinity, (bound("exclusiveMaximum") ?? Infinity) - step);
  const start = Math.min(max, Math.max(min, 0));
  return integer ? Math.ceil(start) : start;
}

/** A value to start a field with when it is added (a new row, a property taken back in). */
function emptyValue(schema: Schema, root: Schema): Json {
  const resolved = resolve(schema, root);
  const { types, inner } = typesOf(resolved);
  const enumValues = inner["enum"];
  if (Array.isArray(enumValues)) return enumValues.find((value) => value !== null) ?? null;
  switch (types[0] ?? "") {
    case "string":
      return "";
    case "number":
    case "integer":
      return startNumber(inner, types[0] === "integer");
    case "boolean":
      return false;
    case "array":
      return [];
    case "object": {
      const properties = isSchema(inner["properties"]) ? inner["properties"] : {};
      const required = Array.isArray(inner["required"]) ? inner["required"] : [];
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([name]) => required.includes(name))
          .map(([name, property]) => [name, isSchema(property) ? emptyValue(property, root) : null]),
      );
    }
    default:
      return null;
  }
}

function getAt(value: Json, path: Path): Json | undefined {
  let here: Json | undefined = value;
  for (const key of path) {
    if (Array.isArray(here) && typeof key === "number") here = here[key];
    else if (isSchema(here) && typeof key === "string") here = here[key];
    else return undefined;
  }
  return here;
}

/** `value` with `path` set to `next` (or removed, for `undefined`), copied where it changes. */
function setAt(value: Json, path: Path, next: Json | undefined): Json {
  const [key, ...rest] = path;
  if (key === undefined) return next ?? null;
  if (Array.isArray(value) && typeof key === "number") {
    const copy = [...value];
    if (rest.length === 0 && next === undefined) copy.splice(key, 1);
    else copy[key] = setAt(copy[key] ?? null, rest, next);
    return copy;
  }
  const record: { [key: string]: Json } = isSchema(value) ? { ...value } : {};
  if (rest.length === 0 && next === undefined) delete record[String(key)];
  else record[String(key)] = setAt(record[String(key)] ?? null, rest, next);
  return record;
}

/** The encoding of the value at `path` (a form path: numbers where an encoding's path has `null`), if any. */
function encodingAt(encoded: readonly Encoded[], path: Path): Encoded | undefined {
  return encoded.find(
    (encoding) =>
      encoding.path.length === path.length &&
      encoding.path.every((segment, at) => (segment === null ? typeof path[at] === "number" : segment === path[at])),
  );
}

/** The schema at `path` in the server's own schema (through properties and items), or `undefined`. */
function originalAt(root: Schema, path: Path): Schema | undefined {
  let here: Schema | undefined = root;
  for (const key of path) {
    if (here === undefined) return undefined;
    const schema: Schema = resolve(here, root);
    const next: Json | undefined =
      typeof key === "number"
        ? schema["items"]
        : isSchema(schema["properties"])
          ? schema["properties"][key]
          : undefined;
    here = isSchema(next) ? next : undefined;
  }
  return here === undefined ? undefined : resolve(here, root);
}

/** What an encoding does to the value at its path, in a sentence of its own. */
const ENCODING_WORDS: { readonly [kind: string]: string } = {
  entries: "Sent as a list of { key, value } entries; the server gets the object back.",
  "json-text": 'Sent as JSON text (write a JSON value, e.g. {"a": 1} or "text"); the server gets the value back.',
  rest: "Its other properties are sent as { key, value } entries; the server gets them back.",
};

/**
 * The description of the property at `path`: the server's own, and what an
 * encoding adds, each its own line (the schema the model gets joins them into
 * one text).
 */
function descriptionLines(state: FormState, path: Path, schema: Schema): HTMLElement[] {
  const encoding = encodingAt(state.encoded, path);
  const original = originalAt(state.original, path);
  const own = encoding === undefined ? schema["description"] : original?.["description"];
  const key = path.join(".");
  return [
    typeof own === "string" && own !== "" ? h("span", { class: "muted", "data-description": key }, own) : null,
    encoding === undefined
      ? null
      : h(
          "span",
          { class: "muted encoding-note", "data-description": key },
          ENCODING_WORDS[encoding.kind] ?? `Encoded (${encoding.kind}); the server gets it restored.`,
        ),
  ].filter((line) => line !== null);
}

/** A field's accessible name: its path as a reader writes it (`start.date`, `attendees[0].email`). */
function pathLabel(path: Path): string {
  let text = "";
  for (const key of path) text += typeof key === "number" ? `[${key}]` : text === "" ? key : `.${key}`;
  return text === "" ? "arguments" : text;
}

/** The form's state: the value being edited and how to tell the page. */
interface FormState {
  value: Json;
  readonly root: Schema;
  /** The schema as the server lists it: its descriptions are shown apart from what an encoding adds. */
  readonly original: Schema;
  readonly encoded: readonly Encoded[];
  /** A field changed: the text follows; the form stays as it is (so the field keeps the focus). */
  changed(): void;
  /** Rows or fields came or went: the form is drawn again. */
  reshaped(): void;
}

function scalarInput(state: FormState, path: Path, schema: Schema, types: string[]): HTMLElement {
  const value = getAt(state.value, path);
  const enumValues = schema["enum"];
  const set = (next: Json): void => {
    state.value = setAt(state.value, path, next);
    state.changed();
  };
  if (Array.isArray(enumValues)) {
    const options = enumValues.filter((option) => option !== null);
    return h(
      "select",
      {
        "data-path": path.join("."),
        "aria-label": pathLabel(path),
        onchange: (event) => set(options[(event.target as HTMLSelectElement).selectedIndex] ?? null),
      },
      options.map((option) =>
        h("option", { selected: JSON.stringify(option) === JSON.stringify(value) }, JSON.stringify(option)),
      ),
    );
  }
  if (types[0] === "boolean") {
    return h("input", {
      type: "checkbox",
      "data-path": path.join("."),
      "aria-label": pathLabel(path),
      checked: value === true,
      onchange: (event) => set((event.target as HTMLInputElement).checked),
    });
  }
  if (types[0] === "number" || types[0] === "integer") {
    return h("input", {
      type: "number",
      "data-path": path.join("."),
      "aria-label": pathLabel(path),
      step: types[0] === "integer" ? "1" : "any",
      value: typeof value === "number" ? String(value) : "",
      oninput: (event) => {
        const text = (event.target as HTMLInputElement).value;
        if (text !== "" && Number.isFinite(Number(text))) set(Number(text));
      },
    });
  }
  // A free-form value the model sends as JSON text: the field says so, and marks text that is not JSON.
  const jsonText = encodingAt(state.encoded, path)?.kind === "json-text";
  const input = h("input", {
    type: "text",
    "data-path": path.join("."),
    "aria-label": jsonText ? `${pathLabel(path)} (JSON text)` : pathLabel(path),
    ...(jsonText ? { class: "json-field", placeholder: 'JSON, e.g. {"a": 1}' } : {}),
    value: typeof value === "string" ? value : "",
  });
  input.addEventListener("input", () => {
    if (jsonText) input.classList.toggle("bad", !isJsonText(input.value));
    set(input.value);
  });
  return input;
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A value the form has no field for: its own JSON text. */
function jsonInput(state: FormState, path: Path): HTMLElement {
  const input = h("input", {
    type: "text",
    class: "json-field",
    "data-path": path.join("."),
    "aria-label": `${pathLabel(path)} (JSON)`,
    placeholder: 'JSON, e.g. {"a": 1}',
  });
  input.value = JSON.stringify(getAt(state.value, path) ?? null);
  const hint = h("span", { class: "muted field-hint" }, "Any JSON value, written as JSON text.");
  input.addEventListener("input", () => {
    try {
      state.value = setAt(state.value, path, JSON.parse(input.value) as Json);
      input.classList.remove("bad");
      state.changed();
    } catch {
      input.classList.add("bad");
    }
  });
  return h("div", { class: "json-value" }, input, hint);
}

function arrayRows(state: FormState, path: Path, schema: Schema): HTMLElement {
  const items = isSchema(schema["items"]) ? schema["items"] : {};
  const list = getAt(state.value, path);
  const rows = Array.isArray(list) ? list : [];
  return h(
    "div",
    { class: "form-rows" },
    rows.map((_, index) =>
      h(
        "div",
        { class: "form-row" },
        valueField(state, [...path, index], items),
        h(
          "button",
          {
            type: "button",
            class: "small",
            onclick: () => ((state.value = setAt(state.value, [...path, index], undefined)), state.reshaped()),
          },
          "remove",
        ),
      ),
    ),
    h(
      "button",
      {
        type: "button",
        class: "small",
        onclick: () => (
          (state.value = setAt(state.value, [...path, rows.length], emptyValue(items, state.root))),
          state.reshaped()
        ),
      },
      "+ add an item",
    ),
  );
}

function mapRows(state: FormState, path: Path, valueSchema: Schema): HTMLElement {
  const map = getAt(state.value, path);
  const entries = isSchema(map) ? Object.keys(map) : [];
  const rename = (from: string, to: string): void => {
    const current = getAt(state.value, path);
    if (!isSchema(current) || to === from || to === "" || to in current) return;
    state.value = setAt(
      state.value,
      path,
      Object.fromEntries(Object.entries(current).map(([key, value]) => [key === from ? to : key, value])),
    );
    state.changed();
  };
  return h(
    "div",
    { class: "form-rows" },
    entries.map((key) =>
      h(
        "div",
        { class: "form-row" },
        h("input", {
          type: "text",
          class: "map-key",
          value: key,
          "aria-label": `${pathLabel(path)}: the key of "${key}"`,
          onchange: (event) => (rename(key, (event.target as HTMLInputElement).value), state.reshaped()),
        }),
        valueField(state, [...path, key], valueSchema),
        h(
          "button",
          {
            type: "button",
            class: "small",
            onclick: () => ((state.value = setAt(state.value, [...path, key], undefined)), state.reshaped()),
          },
          "remove",
        ),
      ),
    ),
    h(
      "button",
      {
        type: "button",
        class: "small",
        onclick: () => {
          let key = "key";
          for (let n = 2; entries.includes(key); n++) key = `key${n}`;
          state.value = setAt(state.value, [...path, key], emptyValue(valueSchema, state.root));
          state.reshaped();
        },
      },
      "+ add an entry",
    ),
  );
}

function objectFields(state: FormState, path: Path, schema: Schema): HTMLElement {
  const properties = isSchema(schema["properties"]) ? schema["properties"] : {};
  const required = Array.isArray(schema["required"]) ? schema["required"] : [];
  const extra = schema["additionalProperties"];
  const names = Object.keys(properties);
  if (names.length === 0 && isSchema(extra)) return mapRows(state, path, extra);
  return h(
    "div",
    { class: "form-object" },
    names.map((name) => {
      const property = properties[name];
      const propertySchema = isSchema(property) ? resolve(property, state.root) : {};
      const { nullable } = typesOf(propertySchema);
      const here = [...path, name];
      const value = getAt(state.value, here);
      // Optional: absent (non-strict) or null (strict mode sends every property, null for "not given").
      const optional = !required.includes(name) || nullable;
      const leftOut = value === undefined || (value === null && nullable);
      return h(
        "div",
        { class: "form-field" },
        h(
          "div",
          { class: "form-label" },
          h("code", {}, name),
          descriptionLines(state, here, propertySchema),
          optional
            ? h(
                "label",
                { class: "leave-out" },
                h("input", {
                  type: "checkbox",
                  checked: leftOut,
                  "data-leave-out": here.join("."),
                  "aria-label": `leave out ${pathLabel(here)}${required.includes(name) ? " (send null)" : ""}`,
                  onchange: (event) => {
                    const out = (event.target as HTMLInputElement).checked;
                    const next = out
                      ? required.includes(name)
                        ? null
                        : undefined
                      : emptyValue(propertySchema, state.root);
                    state.value = setAt(state.value, here, next);
                    state.reshaped();
                  },
                }),
                required.includes(name) ? " leave out (send null)" : " leave out",
              )
            : null,
        ),
        leftOut ? null : valueField(state, here, propertySchema),
      );
    }),
  );
}

function valueField(state: FormState, path: Path, schema: Schema): HTMLElement {
  const resolved = resolve(schema, state.root);
  const { types, inner } = typesOf(resolved);
  if (Array.isArray(inner["enum"])) return scalarInput(state, path, inner, types);
  if (types.length !== 1) return jsonInput(state, path);
  if (types[0] === "object") return objectFields(state, path, inner);
  if (types[0] === "array") return arrayRows(state, path, inner);
  return scalarInput(state, path, inner, types);
}

/** A form over arguments, and how to show it other arguments (the text changed). */
export interface ArgumentsForm {
  readonly element: HTMLElement;
  /** Shows `value` (from the JSON text), or says the text is not JSON (`undefined`). */
  show(value: Json | undefined): void;
}

/**
 * A form for `schema`, starting with `value`; `onChange` gets each new value.
 * `source` is the tool's schema as its server lists it and the encodings of
 * the schema the model gets: the form shows the server's descriptions, and
 * what each encoding asks for, apart.
 *
 * @example
 * ```ts
 * const form = createArgumentsForm(tool.responses.parameters, example, (value) => {
 *   textarea.value = JSON.stringify(value, null, 2);
 * });
 * ```
 */
export function createArgumentsForm(
  schema: Json,
  value: Json,
  onChange: (value: Json) => void,
  source: { readonly original?: Json; readonly encoded?: readonly Encoded[] } = {},
): ArgumentsForm {
  const root: Schema = isSchema(schema) ? schema : {};
  const element = h("div", { class: "arguments-form", "data-testid": "arguments-form" });
  const draw = (): void => replace(element, objectFields(state, [], root));
  const state: FormState = {
    value,
    root,
    original: isSchema(source.original) ? source.original : root,
    encoded: source.encoded ?? [],
    changed: () => onChange(state.value),
    reshaped: () => {
      onChange(state.value);
      draw();
    },
  };
  draw();
  return {
    element,
    show: (next) => {
      if (next === undefined || !isSchema(next)) {
        replace(
          element,
          h(
            "p",
            { class: "muted", "data-testid": "form-waits" },
            "The text is not a JSON object: the form shows it again once it is.",
          ),
        );
        return;
      }
      state.value = next;
      draw();
    },
  };
}
