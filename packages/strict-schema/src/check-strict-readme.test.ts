// The README's example is the fixture file readme-example.ts, word for word; it runs
// against the sources, and every `console.log(x); // shown` line prints what its comment shows.
import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { expect, it } from "vitest";
import * as check from "./check";
import * as library from "./index";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const example = readFileSync(new URL("./__fixtures__/readme-example.ts", import.meta.url), "utf8");

it("the README shows the example word for word", () => {
  expect(readme).toContain(`## Example\n\n\`\`\`ts\n${example}\`\`\``);
});

it("the README example runs and prints what its comments say", () => {
  const importLine = /^import \{ ([\w, ]+) \} from "@x\/strict-schema";$/m;
  const checkLine = /^import \{ ([\w, ]+) \} from "@x\/strict-schema\/check";$/m;
  const names = importLine.exec(example)?.[1];
  const checkNames = checkLine.exec(example)?.[1];
  expect([names, checkNames]).toEqual(["stripNulls, strictSchema", "checkStrict"]);
  const printed: string[] = [];
  const log = (...values: unknown[]): void => {
    printed.push(
      values
        .map((value) => (typeof value === "string" ? value : inspect(value, { depth: 10, breakLength: Infinity })))
        .join(" "),
    );
  };
  const body = example
    .replace(importLine, `const { ${names} } = library;`)
    .replace(checkLine, `const { ${checkNames} } = check;`)
    .replaceAll("console.log(", "log(");
  // The example is plain JavaScript (no type annotations), so it runs as is.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function("library", "check", "log", body) as (
    lib: typeof library,
    checker: typeof check,
    print: typeof log,
  ) => void;
  run(library, check, log);

  const shown = [...example.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]);
  expect(shown).toHaveLength(3);
  for (const comment of shown) expect(printed).toContain(comment);
  const loop = printed.slice(0, printed.length - shown.length);
  const commented = [...example.matchAll(/^\/\/ (\[.*)$/gm)].map((match) =>
    match[1]?.replace(/ …$/, "").replace(/ {2}/, " "),
  );
  expect(commented.length).toBeGreaterThan(0);
  for (const [index, line] of commented.entries()) expect(loop[index]?.startsWith(line ?? "?")).toBe(true);
});
