// The code blocks of the schema targets guide (docs/schema-targets.md) are the fixture files below, word
// for word; each runs against the sources, and every `console.log(x); // shown` line prints what its
// comment shows (as JSON).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import * as check from "./check";
import * as encode from "./encode";
import * as library from "./index";

const page = readFileSync(new URL("../../../docs/schema-targets.md", import.meta.url), "utf8");
const FIXTURES = ["guide-targets-results.ts", "guide-targets-recursion.ts", "guide-targets-fit-root.ts"];
const blocks = FIXTURES.map((name) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), "utf8"));
const ENTRIES: { [specifier: string]: unknown } = {
  "@x/strict-schema": library,
  "@x/strict-schema/check": check,
  "@x/strict-schema/encode": encode,
};

it("shows each fixture word for word, and no other code block", () => {
  for (const block of blocks) expect(page).toContain(`\`\`\`ts\n${block}\`\`\``);
  expect(page.match(/```ts\n/g)).toHaveLength(FIXTURES.length);
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
