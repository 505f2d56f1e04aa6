/** The `tool_choice` that lets the model call only some of the tools sent (`allowed_tools`). */
export interface ResponsesAllowedToolsChoice {
  type: "allowed_tools";
  /** `"auto"`: the model may answer without a call; `"required"`: it must call one of them. */
  mode: "auto" | "required";
  tools: { type: "function"; name: string }[];
}

/**
 * The request's `tool_choice` that allows only the tools named, while
 * `tools` keeps the whole list: the request's prefix stays the same from
 * turn to turn, so the prompt cache keeps working.
 *
 * @param names - exposed names of tools in the request's `tools`
 * @param mode - `"auto"` (default) or `"required"`
 * @returns the `tool_choice` value
 * @example
 * ```ts
 * const response = await openai.responses.create({
 *   model: "gpt-5", input, tools: responsesTools, tool_choice: allowedTools(["files__read_file"]),
 * });
 * ```
 */
export function allowedTools(
  names: readonly string[],
  mode: "auto" | "required" = "auto",
): ResponsesAllowedToolsChoice {
  return { type: "allowed_tools", mode, tools: names.map((name) => ({ type: "function", name })) };
}
