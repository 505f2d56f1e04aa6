// Command-line options of x-strict-schema.
import { parseArgs } from "node:util";
import type { TargetName } from "../types";
import { closestWord } from "./closest-word";

/** What the command line asks for. */
export type CliRequest =
  | { readonly kind: "help" }
  | {
      readonly kind: "run";
      readonly file: string | undefined;
      readonly summary: boolean;
      readonly check: boolean;
      readonly relaxOneOf: boolean;
      readonly relaxAllOf: boolean;
      readonly encode: boolean;
      readonly target: TargetName;
    }
  | { readonly kind: "usage-error"; readonly message: string };

const OPTIONS = {
  help: { type: "boolean", short: "h" },
  summary: { type: "boolean" },
  check: { type: "boolean" },
  "relax-oneof": { type: "boolean" },
  "relax-allof": { type: "boolean" },
  encode: { type: "boolean" },
  target: { type: "string" },
} as const;

const TARGETS: readonly TargetName[] = ["openai", "anthropic", "gemini", "gemini-openapi"];

/**
 * Why an option before `--` is unknown, with the one it was likely meant to be (`--sumary`: did you mean
 * `--summary`?); `undefined` when every option is known.
 */
function unknownOption(args: readonly string[]): string | undefined {
  const known = Object.keys(OPTIONS);
  for (const arg of args) {
    if (arg === "--") return undefined;
    if (!arg.startsWith("--")) continue;
    const name = arg.slice(2).split("=")[0] ?? "";
    if (known.includes(name)) continue;
    const guess = closestWord(name, known);
    const options = known.map((each) => `--${each}`).join(", ");
    return guess === undefined
      ? `Unknown option '--${name}'; the options are ${options}`
      : `Unknown option '--${name}'; did you mean --${guess}?`;
  }
  return undefined;
}

/** Reads the arguments after `node x-strict-schema`. */
export function parseCliArgs(args: readonly string[]): CliRequest {
  const unknown = unknownOption(args);
  if (unknown !== undefined) return { kind: "usage-error", message: unknown };
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    return { kind: "usage-error", message: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: "help" };
  if (positionals.length > 1) {
    return {
      kind: "usage-error",
      message: `Expected at most one file, got ${positionals.length}: ${positionals.join(" ")}`,
    };
  }
  const target = values.target ?? "openai";
  if (!(TARGETS as readonly string[]).includes(target)) {
    const guess = closestWord(target, TARGETS);
    const hint = guess === undefined ? `one of ${TARGETS.join(", ")}` : `did you mean ${guess}?`;
    return { kind: "usage-error", message: `Unknown target '${target}'; ${hint}` };
  }
  const file = positionals[0];
  return {
    kind: "run",
    file: file === "-" ? undefined : file,
    summary: values.summary === true,
    check: values.check === true,
    relaxOneOf: values["relax-oneof"] === true,
    relaxAllOf: values["relax-allof"] === true,
    encode: values.encode === true,
    target: target as TargetName,
  };
}
