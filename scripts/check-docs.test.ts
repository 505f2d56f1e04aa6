// What scripts/check-docs.mjs refuses and lets through, on small made-up files.
import { describe, expect, it } from "vitest";
import { checkFiles, codeBlocks, historyOnLine, isPartOf, isShippedText, MAX_LINES } from "./check-docs.mjs";

describe("history words", () => {
  it.each([
    "As the seed says, nulls are added.",
    "See issue 12 for the reasons.",
    "After round 3's changes the loop is simpler.",
    "## What changed in this release",
    "The executor used to copy each result.",
    "Measured with the load average at 16.",
    "It works as before.",
  ])("refuses %j", (line) => {
    expect(historyOnLine("packages/x/README.md", line)).toHaveLength(1);
  });

  it.each([
    "The pattern is used to find URLs.",
    "A round runs every call of one response.",
    "Each turn's round of calls is answered.",
    "A tool the server no longer lists is removed.",
    "Read the issue the model reports.",
  ])("lets %j through", (line) => {
    expect(historyOnLine("packages/x/README.md", line)).toEqual([]);
  });
});

describe("which files are shipped text", () => {
  it.each([
    ["README.md", true],
    ["packages/toolset/README.md", true],
    ["apps/playground/README.md", true],
    ["docs/streaming.md", true],
    ["packages/strict-schema/docs/targets.md", true],
    ["packages/toolset/src/build-toolset.ts", true],
    ["packages/toolset/src/build-toolset.test.ts", false],
    ["packages/toolset/src/sdk-compat.test-d.ts", false],
    ["packages/toolset/src/__fixtures__/readme-example.ts", false],
    ["packages/executor/bench/overhead.bench.ts", false],
    ["testing/README.md", false],
    [".changeset/README.md", false],
  ])("%s: %s", (path, shipped) => {
    expect(isShippedText(path)).toBe(shipped);
  });
});

describe("pages", () => {
  const fixture = { path: "packages/a/src/__fixtures__/readme-example.ts", text: "const a = 1;\nconsole.log(a);\n" };
  const test = { path: "packages/a/src/readme.test.ts", text: 'import "./__fixtures__/readme-example";\n' };
  const page = (body: string) => ({ path: "packages/a/README.md", text: `# a\n\n${body}` });

  it(`refuses a README over ${MAX_LINES} lines, and takes one of exactly ${MAX_LINES}`, () => {
    const lines = (n: number) => ({ path: "README.md", text: "x\n".repeat(n) });
    expect(checkFiles([lines(MAX_LINES)])).toEqual([]);
    expect(checkFiles([lines(MAX_LINES + 1)])).toEqual([
      `README.md: ${MAX_LINES + 1} lines, over ${MAX_LINES}: move a topic to a guide under docs/`,
    ]);
  });

  it("takes a code block that is a fixture a test names, whole or a run of its lines", () => {
    expect(checkFiles([fixture, test, page("```ts\nconst a = 1;\nconsole.log(a);\n```\n")])).toEqual([]);
    expect(checkFiles([fixture, test, page("```ts\nconsole.log(a);\n```\n")])).toEqual([]);
  });

  it("refuses a code block that is no fixture's text, and one whose fixture no test names", () => {
    expect(checkFiles([fixture, test, page("```ts\nconst a = 2;\n```\n")])).toEqual([
      "packages/a/README.md:3: a code block that is no fixture file's text: make it one, run by a test",
    ]);
    expect(checkFiles([fixture, page("```ts\nconst a = 1;\n```\n")])).toEqual([
      "packages/a/README.md:3: shows packages/a/src/__fixtures__/readme-example.ts, which no test of its package names",
    ]);
  });

  it("reads only TypeScript and JavaScript blocks, past the others", () => {
    const markdown = "```sh\nnpm i\n```\n\n```json\n{}\n```\n\n```ts\nx();\n```\n";
    expect(codeBlocks(markdown)).toEqual([{ line: 9, text: "x();\n" }]);
  });

  it("matches whole lines only", () => {
    expect(isPartOf("a = 1;\n", "const a = 1;\n")).toBe(false);
    expect(isPartOf("b();\nc();\n", "a();\nb();\nc();\n")).toBe(true);
    expect(isPartOf("a();\nc();\n", "a();\nb();\nc();\n")).toBe(false);
  });
});
