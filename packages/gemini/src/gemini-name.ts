/**
 * What the Gemini API takes as a function name: "Must start with a letter or
 * an underscore. Must be a-z, A-Z, 0-9, or contain underscores, colons, dots,
 * and dashes, with a maximum length of 64"
 * (https://ai.google.dev/api/caching#FunctionDeclaration; the API refuses any
 * other name with 400 `[FIELD_INVALID] Invalid function name`).
 */
export const GEMINI_NAME_PATTERN: RegExp = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;

/**
 * The name a toolset tool is declared to Gemini under. An exposed name
 * (`^[A-Za-z0-9_-]{1,64}$`) breaks Gemini's rule only with a leading digit or
 * `-`: such a name gets a leading `_` (and loses its last character when it
 * is already 64 long); every other name is kept. A function of the exposed
 * name alone, so the answer to a call can be named from the call; two tools
 * it would give one name are left out by `tools` (and reported).
 *
 * @param exposed - a toolset tool's exposed name
 * @returns the name to declare it under
 * @example
 * ```ts
 * geminiName("files__read"); // "files__read"
 * geminiName("1password__get_item"); // "_1password__get_item"
 * ```
 */
export function geminiName(exposed: string): string {
  return GEMINI_NAME_PATTERN.test(exposed) ? exposed : `_${exposed}`.slice(0, 64);
}
