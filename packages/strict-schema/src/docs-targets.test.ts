// The code blocks of docs/strict-schema-targets.md run against the sources, and every
// `console.log(x); // shown` line in them prints what its comment shows (as JSON).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import * as check from "./check";
import * as encode from "./encode";
import * as library from "./index";

const page = readFileSync(new URL("../docs/strict-schema-targets.md", import.meta.url), "utf8");
const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
const ENTRIES: { [specifier: string]: unknown } = {
  "@x/strict-schema": library,
  "@x/strict-schema/check": check,
  "@x/strict-schema/encode": encode,
};

it("has code blocks", () => {
  expect(blocks.length).toBeGreaterThanOrEqual(3);
});

it.each(blocks.map((block, index) => [index + 1, block]))(
  "block %i runs and prints what its comments say",
  (_n, block) => {
    const entries: unknown[] = [];
    const body = block
      .replace(/^import \{ ([\w, ]+) \} from "(@x\/strict-schema[\w/]*)";$/gm, (_line, names: string, from: string) => {
        entries.push(ENTRIES[from]);
        return `const { ${names} } = entries[${entries.length - 1}];`;
      })
      .replaceAll("console.log(", "log(");
    expect(body).not.toMatch(/^import /m);
    const printed: string[] = [];
    const log = (value: unknown): void => void printed.push(JSON.stringify(value));
    // The blocks are plain JavaScript (no type annotations), so they run as they are.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function("entries", "log", body) as (given: unknown[], print: typeof log) => void;
    run(entries, log);
    const shown = [...block.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]);
    expect(shown.length).toBeGreaterThan(0);
    expect(printed).toEqual(shown);
  },
);
