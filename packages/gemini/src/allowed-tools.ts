import { geminiName } from "./gemini-name";

/**
 * `FunctionCallingConfigMode` (src/types.ts of `@google/genai`): `AUTO` (call
 * or answer), `ANY` (must call), `NONE` (no call), `VALIDATED` (call or
 * answer, calls checked against their declarations).
 */
export type GeminiCallingMode = "AUTO" | "ANY" | "NONE" | "VALIDATED";

/** `ToolConfig` (src/types.ts): the request's `config.toolConfig`. */
export interface GeminiToolConfig<TMode extends GeminiCallingMode = GeminiCallingMode> {
  functionCallingConfig: {
    mode: TMode;
    /** The only functions the model may call (with `ANY` and `VALIDATED`). */
    allowedFunctionNames?: string[];
  };
}

/**
 * The request's `toolConfig` that lets the model call only the tools named,
 * while `tools` keeps every declaration: the request's prefix stays the same
 * from turn to turn, so the cache keeps working. `mode` `"VALIDATED"`
 * (default: the model calls one of them or answers) or `"ANY"` (it must call
 * one of them) send the names as `allowedFunctionNames`; `"AUTO"` and
 * `"NONE"` take no names (https://ai.google.dev/gemini-api/docs/function-calling, "Function calling modes").
 * The names are the toolset's exposed names, declared as `tools()` declares them.
 *
 * With `@google/genai`'s types, pass its enum member as `mode`
 * (`FunctionCallingConfigMode.ANY`): the result is then its `ToolConfig`
 * as it is.
 *
 * @param names - exposed names of tools in the request's `tools`
 * @param mode - `"VALIDATED"` (default), `"ANY"`, `"AUTO"` or `"NONE"`
 * @returns the `toolConfig` value
 * @example
 * ```ts
 * const config = { tools: prepared.tools, toolConfig: allowedTools(["files__read_file"]) };
 * ```
 */
export function allowedTools<TMode extends GeminiCallingMode = "VALIDATED">(
  names: readonly string[],
  mode?: TMode,
): GeminiToolConfig<TMode> {
  // Without a mode the type parameter is its default, "VALIDATED".
  const chosen = mode ?? ("VALIDATED" as TMode);
  const named = chosen === "ANY" || chosen === "VALIDATED";
  return {
    functionCallingConfig: {
      mode: chosen,
      ...(named ? { allowedFunctionNames: names.map(geminiName) } : {}),
    },
  };
}
