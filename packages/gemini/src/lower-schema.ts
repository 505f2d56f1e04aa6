import { strictSchema } from "@x/strict-schema";
import type {
  Described,
  JsonSchemaObject,
  Plan,
  Relaxation,
  Rewrite,
  StrictError,
  StrictSchemaOptions,
} from "@x/strict-schema";

/** Which of the two forms Gemini takes a schema in: JSON Schema, or the OpenAPI subset. */
export type SchemaForm = "json" | "openapi";

/** A schema as Gemini takes it, with the plan that undoes what lowering did to the arguments, or why it cannot be. */
export type LoweredSchema =
  | {
      readonly ok: true;
      readonly schema: JsonSchemaObject;
      readonly plan: Plan;
      readonly relaxations: readonly Relaxation[];
      readonly described: readonly Described[];
      readonly rewrites: readonly Rewrite[];
    }
  | { readonly ok: false; readonly error: StrictError };

// The @x/strict-schema target of each form.
const TARGET = { json: "gemini", openapi: "gemini-openapi" } as const satisfies { [form in SchemaForm]: string };

/**
 * `schema` lowered to the form Gemini takes (`@x/strict-schema`'s `gemini`
 * or `gemini-openapi` target, encodings on), or the error that keeps the tool
 * out of the request. The one place this package calls `strictSchema`.
 *
 * @param schema - a tool's `inputSchema` (or `outputSchema`)
 * @param form - `"json"` (`parametersJsonSchema`) or `"openapi"` (`parameters`)
 * @param options - the caller's `strictOptions` (limits, relaxations)
 * @returns the lowered schema and its plan, or the error
 * @example
 * ```ts
 * lowerSchema({ type: "object", properties: { q: { type: "string" } } }, "json");
 * // { ok: true, schema: { type: "object", … }, plan: { nullPaths: [], encodings: [] }, relaxations: [] }
 * ```
 */
export function lowerSchema(schema: unknown, form: SchemaForm, options?: StrictSchemaOptions): LoweredSchema {
  const result = strictSchema(schema, { ...options, encode: options?.encode ?? true, target: TARGET[form] });
  if (!result.ok) return { ok: false, error: result.error };
  const { plan, relaxations, described, rewrites } = result;
  return { ok: true, schema: result.schema, plan, relaxations, described, rewrites };
}
