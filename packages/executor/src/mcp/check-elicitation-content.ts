// Checks an accepted form's content against the schema the tool asked with,
// before it goes back to the server ("Clients SHOULD validate all responses
// against the provided schema": the Form Mode Security section of
// https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation).
// One small function per field kind, over the spec's flat subset only.
import type { ElicitationField, ElicitationSchema } from "./elicitation-request";

/**
 * What is wrong with `content` as an answer to `schema`, one sentence per
 * problem with its path (`content.email`); empty when it fits. Content must
 * be an object with only the form's fields, every required one present.
 *
 * @param content - the `content` of an accepted answer
 * @param schema - the form's requested schema
 * @returns the problems, in field order
 * @example
 * ```ts
 * checkElicitationContent({ age: "x" }, { type: "object", properties: { age: { type: "integer" } } });
 * // ["content.age must be an integer; got \"x\"."]
 * ```
 */
export function checkElicitationContent(content: unknown, schema: ElicitationSchema): string[] {
  if (typeof content !== "object" || content === null || Array.isArray(content)) {
    return [`content must be an object of the form's fields; got ${shown(content)}.`];
  }
  const values = content as { readonly [name: string]: unknown };
  const problems: string[] = [];
  for (const name of Object.keys(values)) {
    if (!Object.prototype.hasOwnProperty.call(schema.properties, name)) {
      problems.push(`content.${name} is not a field of the form (its fields: ${fieldNames(schema)}).`);
    }
  }
  for (const [name, field] of Object.entries(schema.properties)) {
    const path = `content.${name}`;
    if (!Object.prototype.hasOwnProperty.call(values, name)) {
      if (schema.required?.includes(name) === true) problems.push(`${path} is required.`);
      continue;
    }
    const problem = fieldProblem(values[name], field, path);
    if (problem !== undefined) problems.push(problem);
  }
  return problems;
}

function fieldProblem(value: unknown, field: ElicitationField, path: string): string | undefined {
  switch (field.type) {
    case "string":
      return stringProblem(value, field, path);
    case "number":
    case "integer":
      return numberProblem(value, field, path);
    case "boolean":
      return typeof value === "boolean" ? undefined : `${path} must be true or false; got ${shown(value)}.`;
    case "array":
      return selectionProblem(value, field, path);
    default: {
      const _exhaustive: never = field.type;
      return `${path} has a field type this client does not know (${String(_exhaustive)}).`;
    }
  }
}

function stringProblem(value: unknown, field: ElicitationField, path: string): string | undefined {
  if (typeof value !== "string") return `${path} must be text; got ${shown(value)}.`;
  const options = field.enum ?? field.oneOf?.map((option) => option.const);
  if (options !== undefined && !options.includes(value)) {
    return `${path} must be one of ${options.map((option) => JSON.stringify(option)).join(", ")}; got ${shown(value)}.`;
  }
  // JSON Schema counts characters as code points, not UTF-16 units.
  const length = [...value].length;
  if (field.minLength !== undefined && length < field.minLength) {
    return `${path} must be at least ${field.minLength} characters long; got ${length}.`;
  }
  if (field.maxLength !== undefined && length > field.maxLength) {
    return `${path} must be at most ${field.maxLength} characters long; got ${length}.`;
  }
  if (field.format !== undefined && !FORMATS[field.format](value)) {
    return `${path} must be ${FORMAT_NAMES[field.format]}; got ${shown(value)}.`;
  }
  return undefined;
}

function numberProblem(value: unknown, field: ElicitationField, path: string): string | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return `${path} must be a number; got ${shown(value)}.`;
  if (field.type === "integer" && !Number.isInteger(value)) return `${path} must be an integer; got ${shown(value)}.`;
  if (field.minimum !== undefined && value < field.minimum)
    return `${path} must be at least ${field.minimum}; got ${value}.`;
  if (field.maximum !== undefined && value > field.maximum)
    return `${path} must be at most ${field.maximum}; got ${value}.`;
  return undefined;
}

function selectionProblem(value: unknown, field: ElicitationField, path: string): string | undefined {
  if (!Array.isArray(value)) return `${path} must be a list of the chosen options; got ${shown(value)}.`;
  const options = field.items?.enum ?? field.items?.anyOf?.map((option) => option.const);
  for (const [index, item] of value.entries()) {
    if (typeof item !== "string" || (options !== undefined && !options.includes(item))) {
      const allowed = options === undefined ? "text" : `one of ${options.map((o) => JSON.stringify(o)).join(", ")}`;
      return `${path}[${index}] must be ${allowed}; got ${shown(item)}.`;
    }
  }
  if (field.minItems !== undefined && value.length < field.minItems) {
    return `${path} must have at least ${field.minItems} chosen; got ${value.length}.`;
  }
  if (field.maxItems !== undefined && value.length > field.maxItems) {
    return `${path} must have at most ${field.maxItems} chosen; got ${value.length}.`;
  }
  return undefined;
}

const FORMAT_NAMES = {
  email: "an email address",
  uri: "an absolute URI",
  date: "a date (YYYY-MM-DD)",
  "date-time": "a date and time (RFC 3339, such as 2026-07-28T09:30:00Z)",
} as const;

// The formats the spec allows (email, uri, date, date-time), checked for their shape.
const FORMATS: { readonly [format in keyof typeof FORMAT_NAMES]: (value: string) => boolean } = {
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && parsesAsUrl(value),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value),
  "date-time": (value) =>
    /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(value) &&
    isCalendarDate(value.slice(0, 10)) &&
    !Number.isNaN(Date.parse(value)),
};

function parsesAsUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // (Date.UTC would read years 0-99 as 1900-1999)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function fieldNames(schema: ElicitationSchema): string {
  const names = Object.keys(schema.properties);
  return names.length === 0 ? "none" : names.join(", ");
}

function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
