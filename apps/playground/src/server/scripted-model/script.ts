// What the scripted model says next, whatever API it speaks: given the user's
// last message and the calls it made since (with what each returned), either
// calls (the tools the message names, all at once), one more try of the calls
// that failed, or the answer that cites what came back. The speakers
// (chat-speaker.ts, responses-speaker.ts) read their API's transcript into a
// Reading and stream the Turn back in their API's shape.
import { randomBytes } from "node:crypto";
import { modelArguments } from "../example-arguments";
import { chooseTools, MAX_CALLS } from "./choose-tools";
import type { OfferedTool } from "./choose-tools";

/** A call the model made, and what it read back (`output` is `undefined` while it is unanswered). */
export interface ReadCall {
  readonly name: string;
  readonly arguments: string;
  /** The output's text, as the model reads it; images as {@link IMAGE_NOTE}. */
  readonly output: string | undefined;
  /**
   * Whether the API marks the output as an error (Anthropic's `is_error`, Gemini's `error` key). Left out, an
   * output is an error when its text starts with the error prefix (OpenAI's outputs carry text only).
   */
  readonly isError?: boolean;
}

/** What the model has read: the user's last message, and the rounds of calls made since, in order. */
export interface Reading {
  readonly message: string;
  readonly rounds: readonly (readonly ReadCall[])[];
}

/** What the model says in one turn: text (streamed first), then its calls (all at once). */
export interface Turn {
  readonly text: string;
  readonly calls: readonly { readonly callId: string; readonly name: string; readonly arguments: string }[];
}

/** How a speaker marks an image in an output it read (a Responses output can carry one). */
export const IMAGE_NOTE = "[an image]";

/** The longest piece of an output the answer quotes. */
const QUOTE_CHARACTERS = 300;

/**
 * A new call id in the API's own form (`call_…`).
 *
 * @example
 * ```ts
 * callId(); // "call_3kX9…"
 * ```
 */
export function callId(): string {
  return `call_${randomBytes(12).toString("base64url")}`;
}

/** What an output says, as the model sorts it: a denial, an error, a call the stop cut off, or a result. */
type Outcome =
  | { readonly kind: "denied"; readonly reason: string | null }
  | { readonly kind: "failed"; readonly text: string }
  | { readonly kind: "stopped" }
  | {
      readonly kind: "returned";
      readonly text: string;
      /** An image the model got (Responses), or the placeholder it read instead (Chat), if any. */
      readonly image: "seen" | { readonly placeholder: string } | null;
    };

// The words the executor and the toolset answer with (the model reads text, as a real one does).
const DENIED = /did not allow the call to the tool "[^"]*"(?::\s*(.*))?/s;
const STOPPED = /was not run, because the run was stopped/;
const ERROR_PREFIX = "Error: ";
/** What Chat Completions reads where a tool returned an image (a tool message carries text only). */
const PLACEHOLDER = /\[image: [^\]]+\]/;

function outcomeOf(call: ReadCall): Outcome {
  const output = call.output ?? "";
  const denied = DENIED.exec(output);
  if (denied !== null) return { kind: "denied", reason: denied[1]?.trim().replace(/\.$/, "") || null };
  if (STOPPED.test(output)) return { kind: "stopped" };
  const prefixed = output.startsWith(ERROR_PREFIX);
  if (prefixed || call.isError === true) {
    return { kind: "failed", text: prefixed ? output.slice(ERROR_PREFIX.length) : output };
  }
  const placeholder = PLACEHOLDER.exec(output)?.[0];
  const image = output.includes(IMAGE_NOTE) ? "seen" : placeholder === undefined ? null : { placeholder };
  return { kind: "returned", text: output.replaceAll(IMAGE_NOTE, "").replace(PLACEHOLDER, "").trim(), image };
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= QUOTE_CHARACTERS ? flat : `${flat.slice(0, QUOTE_CHARACTERS)}…`;
}

/** `a`, `a and b`, `a, b and c`. */
function and(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`;
}

/** What the answer says about one call, citing what it read. */
function cite(call: ReadCall): string {
  const outcome = outcomeOf(call);
  switch (outcome.kind) {
    case "denied":
      return (
        `${call.name}: you did not allow it${outcome.reason === null ? "" : ` (“${outcome.reason}”)`}, so it did ` +
        "not run. I have not tried it again; ask me once more if you want it."
      );
    case "failed":
      return `${call.name} failed: “${quote(outcome.text)}”`;
    case "stopped":
      return `${call.name} was not run: the run was stopped.`;
    case "returned": {
      const text = outcome.text === "" ? "" : `“${quote(outcome.text)}”`;
      const image =
        outcome.image === null
          ? ""
          : outcome.image === "seen"
            ? "an image (shown with the call)"
            : `an image I could not see (this API passes me ${outcome.image.placeholder} instead)`;
      return `${call.name} returned ${[text, image].filter((part) => part !== "").join(" and ") || "nothing"}.`;
    }
    default: {
      const _exhaustive: never = outcome;
      return _exhaustive;
    }
  }
}

/** The first turn after a message: the tools it names, called at once, or why none is. */
function firstTurn(message: string, offered: readonly OfferedTool[]): Turn {
  const chosen = chooseTools(message, offered);
  if (chosen.length === 0) {
    const names = offered.slice(0, 12).map((tool) => tool.name);
    return {
      text:
        "None of the tools I was given is named in your message (I am the scripted model: I call the tools whose " +
        "names your message uses, such as “divide 84 by 2” or “plot 3 1 4 1 5 as bars”). " +
        (names.length === 0
          ? "I was given no tools."
          : `I was given ${offered.length}: ${names.join(", ")}${offered.length > names.length ? ", …" : ""}.`),
      calls: [],
    };
  }
  const calls = chosen.map(({ tool, hints }) => ({
    callId: callId(),
    name: tool.name,
    arguments: JSON.stringify(modelArguments(tool.parameters, hints)),
  }));
  const names = and(calls.map((call) => call.name));
  return {
    text:
      calls.length === 1
        ? `I'll call ${names}, with arguments from its schema and your message.`
        : `I'll call ${names} at once (${calls.length} calls in parallel), with arguments from each tool's ` +
          "schema and your message.",
    calls,
  };
}

/**
 * The scripted model's next turn. After the user's message: calls to the
 * tools it names (up to four, in parallel), or text saying none is named.
 * After calls of which some failed (an error, not a denial): those tools once
 * more, with the plain example arguments of their schemas. Otherwise: the
 * answer, citing each call's result, error or denial.
 *
 * @param reading - the message and the rounds of calls since, with their outputs
 * @param offered - the function tools of the request
 * @example
 * ```ts
 * nextTurn({ message: "What is 84 divided by 2?", rounds: [] }, offered);
 * // { text: "I'll call demo__divide, …", calls: [{ name: "demo__divide", arguments: '{"dividend":84,"divisor":2}' }] }
 * ```
 */
export function nextTurn(reading: Reading, offered: readonly OfferedTool[]): Turn {
  const { rounds } = reading;
  const last = rounds.at(-1);
  if (last === undefined) return firstTurn(reading.message, offered);
  const failed = last.filter((call) => outcomeOf(call).kind === "failed");
  const retry = failed.flatMap((call) => {
    const tool = offered.find((candidate) => candidate.name === call.name);
    const again = tool === undefined ? undefined : JSON.stringify(modelArguments(tool.parameters));
    return again === undefined || again === call.arguments
      ? []
      : [{ callId: callId(), name: call.name, arguments: again }];
  });
  if (rounds.length === 1 && retry.length > 0) {
    const them = retry.length === 1 ? "it" : "them";
    return {
      text:
        `${failed.map(cite).join(" ")} I read the error and try ${them} once more, with the example arguments ` +
        `of ${retry.length === 1 ? "its" : "their"} schema.`,
      calls: retry.slice(0, MAX_CALLS),
    };
  }
  // Each tool's calls in order: a retry is cited after the try that failed.
  const byTool = new Map<string, ReadCall[]>();
  for (const round of rounds) for (const call of round) byTool.set(call.name, [...(byTool.get(call.name) ?? []), call]);
  const lines = [...byTool.values()].map((calls) => `- ${calls.map(cite).join(" Then, with the example: ")}`);
  return { text: ["Here is what the tools said:", ...lines].join("\n"), calls: [] };
}
