// Takes the configured secrets out of what the page receives. Two strengths:
// every API answer goes through `json` (each known secret replaced, wherever
// it is, a tool's output included), and what the playground itself writes
// about servers (why one failed, its stderr, a call's transport error, the
// telemetry) goes through `message`, which also strips the user, password
// and query of any URL in it, known or not. What a tool returned also goes
// through `outputs`, which hides the words shaped like a credential
// (@x/servers' rule for arguments, applied to free text).
import { displayUrl, hideCredentials, URL_IN_TEXT } from "@x/servers";
import type { Json } from "../shared/api-types";
import { MIN_SEARCHED_SECRET } from "./server-display";

/** Removes secrets from text and from API answers. */
export interface Redactor {
  /**
   * A message the playground writes (errors, stderr tails): known secrets out, and every URL without user, password or
   * query.
   */
  message(text: string): string;
  /** `value` with every string (and key) passed through {@link Redactor.message}. */
  messages(value: Json): Json;
  /** An API answer with every known secret replaced in every string and key (the last guard before the page). */
  json(value: Json): Json;
  /**
   * What a tool returned (an MCP result, the outputs made of it, a transcript) with every credential-shaped word
   * hidden in its texts: the strings under `text`, `output`, `content` and `returned`, and every string of a
   * `structuredContent`. Ids, arguments and binary payloads (an image's `data`, a resource's `blob`) are left as they
   * are: they are no text for a person, a transcript must keep its call ids, and base64 looks like a credential.
   */
  outputs(value: Json): Json;
  /**
   * For a text that reaches the page in pieces (a streamed answer): a function that takes each piece and returns what
   * may be shown of the text so far that was not shown yet, known secrets replaced. An end that a secret could start
   * with is held back until a later piece shows what it is, so a secret split across pieces never shows in parts;
   * what is still held when the pieces stop is not shown (the whole answer follows, redacted, anyway).
   */
  pieces(): (piece: string) => string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function mapStrings(value: Json, map: (text: string) => string): Json {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [map(key), mapStrings(item, map)]));
  }
  return value;
}

/** The keys whose string values are texts a tool (or a model quoting it) wrote. */
const OUTPUT_TEXT_KEYS = new Set(["text", "output", "content", "returned"]);

/** `value` with credential-shaped words hidden in the strings of {@link OUTPUT_TEXT_KEYS} and and structuredContent. */
function hideInOutputs(value: Json, structured: boolean): Json {
  if (typeof value === "string") return structured ? hideCredentials(value) : value;
  if (Array.isArray(value)) return value.map((item) => hideInOutputs(item, structured));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      typeof item === "string" && OUTPUT_TEXT_KEYS.has(key)
        ? hideCredentials(item)
        : hideInOutputs(item, structured || key === "structuredContent"),
    ]),
  );
}

/** A URL found in a message, without user, password or query (unchanged when it has none). */
function stripUrl(match: string): string {
  try {
    const url = new URL(match);
    return url.username === "" && url.password === "" && url.search === "" ? match : displayUrl(match);
  } catch {
    return match;
  }
}

/**
 * A redactor for `replacements` (secret → what to show instead). Secrets
 * shorter than {@link MIN_SEARCHED_SECRET} are not searched for; longer ones
 * win over the shorter ones they contain.
 *
 * @example
 * ```ts
 * const redactor = createRedactor([["hunter2", "[hidden]"]]);
 * redactor.message("GET http://alice:hunter2@host/mcp failed"); // "GET http://host/mcp failed"
 * redactor.json({ stderr: "password hunter2" }); // { stderr: "password [hidden]" }
 * ```
 */
export function createRedactor(replacements: Iterable<readonly [secret: string, shown: string]>): Redactor {
  const shownBySecret = new Map<string, string>();
  for (const [secret, shown] of replacements) {
    if (secret.length >= MIN_SEARCHED_SECRET && !shownBySecret.has(secret)) shownBySecret.set(secret, shown);
  }
  const secrets = [...shownBySecret.keys()].sort((a, b) => b.length - a.length);
  const pattern = secrets.length === 0 ? undefined : new RegExp(secrets.map(escapeRegExp).join("|"), "g");
  const replace = (text: string): string =>
    pattern === undefined ? text : text.replace(pattern, (secret) => shownBySecret.get(secret) ?? secret);
  const message = (text: string): string => replace(text.replace(URL_IN_TEXT, stripUrl));
  const longest = secrets[0]?.length ?? 0;
  /** Where the end of `text` that could still become a secret starts (`text.length` when there is none). */
  const heldFrom = (text: string): number => {
    let cut = text.length;
    for (let start = Math.max(0, text.length - longest + 1); start < text.length; start++) {
      const end = text.slice(start);
      if (secrets.some((secret) => secret.length > end.length && secret.startsWith(end))) {
        cut = start;
        break;
      }
    }
    // A whole secret is never cut in two either: the cut moves to its start.
    if (pattern !== undefined) {
      for (const match of text.matchAll(pattern)) {
        if (match.index < cut && match.index + match[0].length > cut) cut = match.index;
      }
    }
    return cut;
  };
  const pieces = (): ((piece: string) => string) => {
    let held = "";
    return (piece) => {
      const text = held + piece;
      const cut = heldFrom(text);
      held = text.slice(cut);
      return replace(text.slice(0, cut));
    };
  };
  return {
    message,
    messages: (value) => mapStrings(value, message),
    json: (value) => mapStrings(value, replace),
    outputs: (value) => hideInOutputs(value, false),
    pieces,
  };
}
