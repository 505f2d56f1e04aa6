import type { GeminiPart } from "./gemini-types";

/**
 * How every id this package makes up starts: a call the model sent without an
 * `id` is answered without one, so its answer must know the id is not the
 * model's.
 */
const MADE_UP = "gemini-call-";

/**
 * The id of the call at `position` among `parts`' function calls: its own
 * `id`, or, when it has none, one made from the calls themselves (their names,
 * arguments and thought signatures) and the position. The same content
 * always gives the same ids, so a paused run re-reads the calls it stored
 * under the ids it stored them with; other calls give others.
 *
 * @param parts - the model content's parts
 * @param position - the call's position among the content's function calls
 * @returns the id the call is known by
 * @example
 * ```ts
 * callId([{ functionCall: { name: "files__read", args: {} } }], 0); // "gemini-call-32326971-0"
 * ```
 */
export function callId(parts: readonly GeminiPart[], position: number): string {
  const own = parts.filter((part) => isCall(part))[position]?.functionCall?.id;
  if (typeof own === "string" && own !== "") return own;
  return `${MADE_UP}${fingerprint(parts)}-${position}`;
}

/**
 * Whether `id` was made up by {@link callId} for a call that had none: its
 * answer then carries no `id` (the API matches it by name and position).
 *
 * @param id - a call id
 * @returns whether the model did not send it
 * @example
 * ```ts
 * isMadeUp("gemini-call-32326971-0"); // true
 * ```
 */
export function isMadeUp(id: string): boolean {
  return id.startsWith(MADE_UP);
}

// A part holding a call: as readCalls counts them, so positions agree.
const isCall = (part: GeminiPart): boolean => {
  const call: unknown = typeof part === "object" && part !== null ? part.functionCall : undefined;
  return typeof call === "object" && call !== null && !Array.isArray(call);
};

/** 8 hex digits that tell one content's calls from another's. */
function fingerprint(parts: readonly GeminiPart[]): string {
  const calls = parts.filter(isCall).map((part) => [part.functionCall?.name, part.functionCall?.args]);
  const signatures = parts.map((part) => part?.thoughtSignature ?? null);
  let text: string;
  try {
    text = JSON.stringify([calls, signatures]);
  } catch {
    // Arguments that do not serialise (a hand-made response): the names still tell calls apart.
    text = JSON.stringify(calls.map(([name]) => (typeof name === "string" ? name : null)));
  }
  return fnv1a(text);
}

/**
 * FNV-1a, 32 bits, over the UTF-16 code units of `text`
 * (http://www.isthe.com/chongo/tech/comp/fnv/): a plain, well-known hash, the
 * same in every runtime and synchronous (Web Crypto's digest is not). It only
 * tells calls apart; nothing relies on it being hard to forge.
 */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
