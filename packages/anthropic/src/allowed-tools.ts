/**
 * The request's `tool_choice` (`ToolChoice` of the SDK): whether the model
 * may answer without a call, must call some tool, must call one named tool,
 * or may call none; and whether it may call several at once.
 */
export type AnthropicToolChoice =
  | { type: "auto"; disable_parallel_tool_use?: true }
  | { type: "any"; disable_parallel_tool_use?: true }
  | { type: "tool"; name: string; disable_parallel_tool_use?: true }
  | { type: "none" };

/** Options of {@link allowedTools}. */
export interface AllowedToolsOptions {
  /** `false`: at most one call per reply (`disable_parallel_tool_use: true`). Default `true`. */
  readonly parallel?: boolean | undefined;
  /** For a list of names: `"auto"` (default: the model may answer without a call) or `"required"`. */
  readonly mode?: "auto" | "required" | undefined;
}

/**
 * The request's `tool_choice`
 * (https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use#forcing-tool-use):
 * `"auto"` (the model decides), `"any"` (it must call one of the tools),
 * `{ name }` (it must call that tool) or `"none"` (it may not call any).
 * `tools` keeps the whole list either way, so the request's prefix, and the
 * prompt cache, stay the same from turn to turn.
 *
 * A list of exposed names (the executor's `allowedTools` for the turn)
 * gives the closest choice the API has, since it cannot name a subset: no
 * name is `"none"`; with `mode: "required"`, one name is that tool and more
 * are `"any"`; otherwise `"auto"`. The executor answers a call to a tool
 * outside the list as an unknown tool, never running it.
 *
 * @param choice - `"auto"`, `"any"`, `"none"`, `{ name }` with an exposed name of the request's `tools`, or a list
 *   of exposed names
 * @param options - `parallel: false` asks for one call at most; `mode` for a list
 * @returns the `tool_choice` value
 * @example
 * ```ts
 * const message = await anthropic.messages.create({
 *   model, max_tokens: 1024, messages, tools: prepared.tools,
 *   tool_choice: allowedTools({ name: "files__read_file" }, { parallel: false }),
 * });
 * ```
 */
export function allowedTools(
  choice: "auto" | "any" | "none" | { readonly name: string } | readonly string[],
  options?: AllowedToolsOptions,
): AnthropicToolChoice {
  const single = options?.parallel === false ? { disable_parallel_tool_use: true as const } : {};
  if (Array.isArray(choice)) {
    const names = choice as readonly string[];
    if (names.length === 0) return { type: "none" };
    if (options?.mode !== "required") return { type: "auto", ...single };
    return names.length === 1 ? { type: "tool", name: names[0]!, ...single } : { type: "any", ...single };
  }
  if (choice === "none") return { type: "none" };
  if (choice === "auto" || choice === "any") return { type: choice, ...single };
  return { type: "tool", name: (choice as { readonly name: string }).name, ...single };
}
