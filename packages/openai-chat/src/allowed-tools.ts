/** The `tool_choice` that lets the model call only some of the tools sent (`allowed_tools`). */
export interface ChatAllowedToolsChoice {
  type: "allowed_tools";
  allowed_tools: {
    /** `"auto"`: the model may answer without a call; `"required"`: it must call one of them. */
    mode: "auto" | "required";
    tools: { type: "function"; function: { name: string } }[];
  };
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
 * const completion = await openai.chat.completions.create({
 *   model: "gpt-5", messages, tools: chatTools, tool_choice: allowedTools(["files__read_file"]),
 * });
 * ```
 */
export function allowedTools(names: readonly string[], mode: "auto" | "required" = "auto"): ChatAllowedToolsChoice {
  return {
    type: "allowed_tools",
    allowed_tools: { mode, tools: names.map((name) => ({ type: "function", function: { name } })) },
  };
}
