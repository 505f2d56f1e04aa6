import { restoreArguments } from "@x/strict-schema";
import type { Plan } from "@x/strict-schema";
import { describeValue } from "./describe-value";
import { isRecord } from "./json-copy";
import { ToolError } from "./tool-error";

/** What {@link decodeArguments} gives: the argument object, or why there is none. */
export type DecodedArguments =
  | { readonly ok: true; readonly arguments: { [key: string]: unknown } }
  | { readonly ok: false; readonly error: ToolError };

/** How much of unreadable arguments an error message repeats. */
const QUOTE_LENGTH = 200;

/**
 * Decodes a function call's `arguments` and gives the tool back what it asked
 * for: with the tool's plan, `restoreArguments` strips the nulls strict mode
 * made the model send and undoes the encodings (key/value entries, JSON
 * text, an added rest property).
 *
 * Text is parsed as JSON; an empty or blank string reads as `{}` (models
 * send `""` for a tool without parameters), and so does `undefined`. With
 * `parsed` (an API that sends the arguments as a JSON value), the value is
 * taken as it is, after a check that it is JSON (no cycle, no BigInt). Any
 * other value is refused as `arguments-not-json`. The result must be a JSON
 * object, else the error says why, for the model to retry:
 * `arguments-not-json` or `arguments-not-object`; arguments the plan cannot
 * restore (a key given twice, JSON text that does not parse or is of the
 * wrong kind) are `arguments-not-restorable`, with where and what to send.
 * The messages are this package's own (never the engine's `JSON.parse`
 * wording, which changes between Node versions). Never throws.
 *
 * @param text - the call's `arguments`, as the API sent them
 * @param plan - the tool's plan; none means nothing is undone
 * @param parsed - `true` when the API sent the arguments as a JSON value rather than text
 * @returns `{ ok: true, arguments }` or `{ ok: false, error }`
 * @example
 * ```ts
 * decodeArguments('{"q":"cats","limit":null}', { nullPaths: [["limit"]], encodings: [] });
 * // { ok: true, arguments: { q: "cats" } }
 * decodeArguments("[1]"); // { ok: false, error: ToolError("arguments-not-object") }
 * decodeArguments({ q: "cats" }, undefined, true); // { ok: true, arguments: { q: "cats" } }
 * ```
 */
export function decodeArguments(text: unknown, plan?: Plan, parsed = false): DecodedArguments {
  let value: unknown;
  if (parsed && text !== undefined) {
    // A value an SDK parsed from the HTTP body is JSON; a hand-made one may not be. Its text is read as any other.
    const copied = jsonText(text);
    if (copied === undefined) {
      return fail("arguments-not-json", `The arguments must be JSON, got ${describeValue(text)}.`);
    }
    text = copied;
  }
  if (typeof text === "string") {
    if (text.trim() === "") return { ok: true, arguments: {} };
    try {
      value = JSON.parse(text);
    } catch {
      return fail("arguments-not-json", notJson(text));
    }
  } else if (text === undefined) {
    return { ok: true, arguments: {} };
  } else {
    // The APIs send a string; an object here (from a compatible server) may be
    // nested too deep, cyclic or hold a BigInt: refused, never copied or written out.
    return fail(
      "arguments-not-json",
      `The arguments must be a JSON string, got ${describeValue(text)}. Send them as text holding one JSON object, ` +
        `such as {"name": "value"}.`,
    );
  }
  if (!isRecord(value)) {
    return fail(
      "arguments-not-object",
      `The arguments must be a JSON object, got ${describeValue(value)}. Send them as {"name": value, …}.`,
    );
  }
  if (plan === undefined) return { ok: true, arguments: value };
  const restored = restoreArguments(value, plan);
  if (!restored.ok) {
    return fail("arguments-not-restorable", `The arguments cannot be given to the tool: ${restored.error.message}.`);
  }
  // (restoring an object gives an object)
  return { ok: true, arguments: restored.value as { [key: string]: unknown } };
}

/** The JSON text of `value`, or `undefined` when it has none (a cycle, a BigInt, a function). */
function jsonText(value: unknown): string | undefined {
  try {
    const text = JSON.stringify(value);
    return typeof text === "string" ? text : undefined;
  } catch {
    return undefined;
  }
}

// The message is ours, not the engine's: JSON.parse's wording changes between
// Node majors, and the model needs what it sent and what to send instead.
function notJson(text: string): string {
  const quoted =
    text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH)}… (${text.length} characters in all)` : text;
  return endsEarly(text)
    ? `The arguments are not valid JSON: they end before the JSON is complete (an unclosed string, object or array). ` +
        `Received: ${quoted}. Send the arguments as one complete JSON object.`
    : `The arguments are not valid JSON. Received: ${quoted}. ` +
        `Send the arguments as one JSON object, names and strings in double quotes: {"name": "value"}.`;
}

/**
 * Whether `text` stops inside a string, object or array whose brackets so far
 * match: what a model's output cut short (by a token limit) looks like.
 */
function endsEarly(text: string): boolean {
  const open: string[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === "{" || c === "[") {
      open.push(c === "{" ? "}" : "]");
    } else if ((c === "}" || c === "]") && open.pop() !== c) {
      return false;
    }
  }
  return inString || open.length > 0;
}

function fail(
  code: "arguments-not-json" | "arguments-not-object" | "arguments-not-restorable",
  message: string,
): DecodedArguments {
  return { ok: false, error: new ToolError(code, message) };
}
