// How the scripted model picks the tools a message asks for: a tool whose
// name shares a word with the message (`divided` finds `divide`, `bars`
// finds `plot_bars`), and for each tool the numbers, quoted texts and dates
// of the part of the message that names it.
import type { ArgumentHints } from "../example-arguments";

/** A function tool as the model is offered it. */
export interface OfferedTool {
  readonly name: string;
  readonly description: string;
  /** Its `parameters` as sent (strict or as the server lists it). */
  readonly parameters: unknown;
}

/** A tool the message asks for, and what the message says for it. */
export interface ChosenTool {
  readonly tool: OfferedTool;
  readonly hints: ArgumentHints;
}

/** The most calls the scripted model makes at once. */
export const MAX_CALLS = 4;

/** Words that name no tool: `get me the sum` is about `sum`. */
const STOP_WORDS = new Set(
  (
    "a an the and or of to in on at by for from with as is are be it its me my i you your we our can could " +
    "would please what which how much many then also do does show give tell use call get tool tools run this " +
    "that these those some any all into"
  ).split(" "),
);

/** `divided`, `divides` and `divide` read as one word; so do `bars` and `bar`. */
function stem(word: string): string {
  return word.length > 4 ? word.replace(/(ing|ed|es|s|e)$/, "") : word.replace(/s$/, "");
}

function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => !STOP_WORDS.has(word));
}

/** The words of a tool's own name: `everything__get-sum` → `sum` (the server's part and `get` say nothing). */
function nameWords(name: string): Set<string> {
  const own = name.includes("__") ? name.slice(name.indexOf("__") + 2) : name;
  return new Set(words(own.replace(/[_.-]+/g, " ")).map(stem));
}

/** The parts of a message, one per request in it: `divide 84 by 2, and plot 3 1 4` has two. */
function clauses(message: string): string[] {
  return message
    .split(/[;,]|\band\b|\bthen\b|\.\s|\?/i)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
const QUOTED = /"([^"]+)"|“([^”]+)”/g;
const NUMBER = /-?\d+(?:\.\d+)?/g;

/**
 * What a piece of a message gives a call: its dates, quoted texts and
 * numbers, in order (a date's digits are not numbers), and the whole
 * message's words (an enum value among them is chosen).
 *
 * @example
 * ```ts
 * hintsOf('create "Launch" on 2025-06-01 for 3 people', ["launch"]);
 * // { dates: ["2025-06-01"], texts: ["Launch"], numbers: [3], words: ["launch"] }
 * ```
 */
export function hintsOf(piece: string, messageWords: readonly string[]): ArgumentHints {
  const dates = piece.match(DATE) ?? [];
  const texts = [...piece.matchAll(QUOTED)].map((match) => match[1] ?? match[2] ?? "");
  const rest = piece.replace(DATE, " ").replace(QUOTED, " ");
  const numbers = (rest.match(NUMBER) ?? []).map(Number).filter(Number.isFinite);
  return { dates, texts, numbers, words: messageWords };
}

/**
 * The tools `message` names, in the order it names them (at most
 * {@link MAX_CALLS}), each with the hints of the parts of the message that
 * name it.
 *
 * @example
 * ```ts
 * chooseTools("Divide 84 by 2 and plot 3 1 4 as bars", offered);
 * // [{ tool: demo__divide, hints: { numbers: [84, 2], … } }, { tool: demo__plot_bars, hints: { numbers: [3, 1, 4] } }]
 * ```
 */
export function chooseTools(message: string, offered: readonly OfferedTool[]): ChosenTool[] {
  const messageWords = words(message);
  const names = offered.map((tool) => nameWords(tool.name));
  // A part that names no tool goes on the one before: in "the sum of 2 and 3", the 3 is the sum's too.
  const parts: { text: string; stems: Set<string> }[] = [];
  for (const text of clauses(message)) {
    const stems = new Set(words(text).map(stem));
    const previous = parts.at(-1);
    const namesOne = names.some((own) => [...stems].some((word) => own.has(word)));
    if (namesOne || previous === undefined) parts.push({ text, stems });
    else previous.text += ` , ${text}`;
  }
  const scored = offered.flatMap((tool, at) => {
    const own = names[at] ?? new Set<string>();
    const named = parts.filter((part) => [...part.stems].some((word) => own.has(word)));
    if (named.length === 0) return [];
    const first = parts.findIndex((part) => named.includes(part));
    const score = [...own].filter((word) => parts.some((part) => part.stems.has(word))).length;
    return [{ tool, first, score, hints: hintsOf(named.map((part) => part.text).join(" , "), messageWords) }];
  });
  // In the order the message asks, the closer match first where one part names two tools.
  return scored
    .sort(
      (a, b) =>
        a.first - b.first || b.score - a.score || (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0),
    )
    .slice(0, MAX_CALLS)
    .map(({ tool, hints }) => ({ tool, hints }));
}
