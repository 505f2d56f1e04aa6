import { strictSchema } from "@x/strict-schema";
import type {
  Encoding,
  JsonSchemaObject,
  NullPath,
  Plan,
  Relaxation,
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
    }
  | { readonly ok: false; readonly error: StrictError };

// The @x/strict-schema target of each form.
const TARGET = { json: "gemini", openapi: "gemini-openapi" } as const satisfies { [form in SchemaForm]: string };

// What strictSchema gives: `plan` with targets, `nullPaths` and `encodings` before them.
type StrictOutcome =
  | {
      readonly ok: true;
      readonly schema: JsonSchemaObject;
      readonly plan?: Plan;
      readonly nullPaths?: readonly NullPath[];
      readonly encodings?: readonly Encoding[];
      readonly relaxations?: readonly Relaxation[];
    }
  | { readonly ok: false; readonly error: StrictError };

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
  const settings: StrictSchemaOptions & { readonly target: string } = {
    ...options,
    encode: options?.encode ?? true,
    target: TARGET[form],
  };
  const result = strictSchema(schema, settings) as StrictOutcome;
  if (!result.ok) return { ok: false, error: result.error };
  const plan = result.plan ?? { nullPaths: result.nullPaths ?? [], encodings: result.encodings ?? [] };
  return { ok: true, schema: result.schema, plan, relaxations: result.relaxations ?? [] };
}
