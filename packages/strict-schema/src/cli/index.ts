#!/usr/bin/env node
// x-strict-schema: the command-line face of @x/strict-schema (see usage.ts).
import process from "node:process";
import { convertInput } from "./convert-input";
import { parseCliArgs } from "./parse-args";
import { readInput } from "./read-input";
import { renderSummary } from "./render-summary";
import { USAGE } from "./usage";

async function main(): Promise<number> {
  const request = parseCliArgs(process.argv.slice(2));
  if (request.kind === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  if (request.kind === "usage-error") {
    process.stderr.write(`x-strict-schema: ${request.message}\nRun x-strict-schema --help for usage.\n`);
    return 2;
  }
  const input = await readInput(request.file);
  if (input.kind === "unreadable") {
    process.stderr.write(`x-strict-schema: ${input.message}\n`);
    return 2;
  }
  const relax = { oneOf: request.relaxOneOf, allOf: request.relaxAllOf };
  const options = { relax, encode: request.encode, target: request.target };
  const { report, failed } = convertInput(input, request.check, options);
  const output = request.summary
    ? renderSummary(report, request.check, request.target)
    : JSON.stringify(report, null, 2);
  process.stdout.write(request.summary ? output : `${output}\n`);
  return failed > 0 ? 1 : 0;
}

// A reader that goes away (`| head`) is not an error of ours.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `x-strict-schema: unexpected failure: ` +
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
