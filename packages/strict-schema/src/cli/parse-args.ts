// Command-line options of x-strict-schema.
import { parseArgs } from "node:util";

/** What the command line asks for. */
export type CliRequest =
  | { readonly kind: "help" }
  | { readonly kind: "run"; readonly file: string | undefined; readonly summary: boolean; readonly check: boolean; readonly relaxOneOf: boolean; readonly relaxAllOf: boolean; readonly encode: boolean }
  | { readonly kind: "usage-error"; readonly message: string };

/** Reads the arguments after `node x-strict-schema`. */
export function parseCliArgs(args: readonly string[]): CliRequest {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: "boolean", short: "h" },
        summary: { type: "boolean" },
        check: { type: "boolean" },
        "relax-oneof": { type: "boolean" },
        "relax-allof": { type: "boolean" },
        encode: { type: "boolean" },
      },
    });
  } catch (error) {
    return { kind: "usage-error", message: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: "help" };
  if (positionals.length > 1) {
    return { kind: "usage-error", message: `Expected at most one file, got ${positionals.length}: ${positionals.join(" ")}` };
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
  };
}
