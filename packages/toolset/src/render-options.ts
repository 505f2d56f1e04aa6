import { showValue } from "./describe-value";
import { ToolError } from "./tool-error";

/**
 * How `structuredContent` is rendered: as JSON text only when `content` is empty (`auto`), instead of `content`, after
 * it, or never.
 */
export type StructuredMode = "auto" | "prefer" | "append" | "ignore";

/** How an answer is worded: options of each adapter's `tools()` and `toolOutput`, and of `renderResult`. */
export interface OutputOptions {
  /** Prepended to the text of an error result. Default: the adapter's (`"Error: "` where the API has no error flag). */
  readonly errorPrefix?: string | undefined;
  /** Default `"auto"`. */
  readonly structured?: StructuredMode | undefined;
}

/** Options of `renderResult`: the wording, and the size cap. */
export interface RenderOptions extends OutputOptions {
  /**
   * The most UTF-8 bytes of text a result may give the model; the rest is
   * cut with a visible marker. A non-negative integer, or `Infinity` (the
   * default here; `@x/executor`'s default is 100 000).
   */
  readonly maxOutputBytes?: number | undefined;
}

/** How answers are worded, checked, with the defaults applied. */
export interface OutputSettings {
  readonly errorPrefix: string;
  readonly structured: StructuredMode;
}

/** Render options after checking, with the defaults applied. */
export interface RenderSettings extends OutputSettings {
  readonly maxOutputBytes: number;
}

/**
 * The default `errorPrefix`: OpenAI has no error flag on tool outputs, so the text says it.
 *
 * @example
 * ```ts
 * renderResult(outcome, { errorPrefix: `[tool failed] ${DEFAULT_ERROR_PREFIX}` });
 * ```
 */
export const DEFAULT_ERROR_PREFIX = "Error: ";

// `satisfies` fails the build if StructuredMode gains a mode this record lacks.
const STRUCTURED_MODES = { auto: true, prefer: true, append: true, ignore: true } satisfies {
  [mode in StructuredMode]: true;
};

const DEFAULT_SETTINGS: RenderSettings = Object.freeze({
  errorPrefix: DEFAULT_ERROR_PREFIX,
  structured: "auto",
  maxOutputBytes: Infinity,
});

function check(ok: boolean, name: string, value: unknown, expected: string): void {
  if (!ok) throw new ToolError("invalid-options", `The option ${name} must be ${expected}; got ${showValue(value)}.`);
}

/**
 * Checks render options and applies the defaults: the one place they are
 * checked. `renderResult` calls it for every result; the executor calls it
 * once more before any call runs, so that a wrong option never fails a round
 * after some calls have run on their servers.
 *
 * @param options - `errorPrefix` (a string), `structured` (one of the four modes), `maxOutputBytes`
 *   (a non-negative integer or `Infinity`), each optional
 * @returns the settings, defaults applied
 * @throws {ToolError} `invalid-options` for a wrong value, naming the option and what it must be
 * @example
 * ```ts
 * checkRenderOptions({ structured: "append" });
 * // { errorPrefix: "Error: ", structured: "append", maxOutputBytes: Infinity }
 * checkRenderOptions({ structured: "always" as StructuredMode }); // throws invalid-options
 * ```
 */
export function checkRenderOptions(options: RenderOptions | undefined): RenderSettings {
  if (options === undefined) return DEFAULT_SETTINGS;
  check(typeof options === "object" && options !== null, "options", options, "an object (OutputOptions) or left out");
  const { errorPrefix = DEFAULT_ERROR_PREFIX, structured = "auto", maxOutputBytes = Infinity } = options;
  check(typeof errorPrefix === "string", "errorPrefix", errorPrefix, "a string");
  check(
    typeof structured === "string" && Object.hasOwn(STRUCTURED_MODES, structured),
    "structured",
    structured,
    '"auto", "prefer", "append" or "ignore"',
  );
  check(
    maxOutputBytes === Infinity || (Number.isInteger(maxOutputBytes) && maxOutputBytes >= 0),
    "maxOutputBytes",
    maxOutputBytes,
    "a non-negative integer or Infinity",
  );
  return { errorPrefix, structured, maxOutputBytes };
}
