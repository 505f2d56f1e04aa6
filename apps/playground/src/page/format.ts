// How paths read on the page.

/**
 * An instance path as a reader writes it: `start.time`, `attendees[].name`.
 *
 * @example
 * ```ts
 * formatNullPath(["attendees", null, "name"]); // "attendees[].name"
 * ```
 */
export function formatNullPath(path: readonly (string | null)[]): string {
  let text = "";
  for (const segment of path) {
    if (segment === null) text += "[]";
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text === "" ? "(the arguments)" : text;
}

/**
 * A schema path as a JSON Pointer: `/properties/shape/oneOf`.
 *
 * @example
 * ```ts
 * formatSchemaPath(["properties", "a/b", "oneOf"]); // "/properties/a~1b/oneOf"
 * ```
 */
export function formatSchemaPath(path: readonly (string | number)[]): string {
  return path.length === 0
    ? "/ (the root)"
    : path.map((segment) => "/" + String(segment).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/**
 * A size in bytes as a reader takes it in: `812 B`, `3.4 KB`.
 *
 * @example
 * ```ts
 * formatBytes(3480); // "3.4 KB"
 * ```
 */
export function formatBytes(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} KB`;
}
