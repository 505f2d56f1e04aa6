// Runs the real CLI as a child process, on the real corpus, on standard input
// and on bad input. The sources are bundled once with esbuild (what tsup uses
// for dist/cli.js): starting tsx for each of twenty runs would take twenty
// seconds on the shared machine.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStrict } from "../check";
import { strictSchema } from "../index";

const packageDir = fileURLToPath(new URL("../../", import.meta.url));
const corpus = (file: string) => fileURLToPath(new URL(`../../../../corpus/${file}`, import.meta.url));
const readCorpus = (file: string) =>
  JSON.parse(readFileSync(corpus(file), "utf8")) as {
    server: string;
    version: string;
    tools: { name: string; inputSchema: unknown }[];
  };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const work = mkdtempSync(join(tmpdir(), "x-strict-schema-cli-"));
const bin = join(work, "cli.mjs");

beforeAll(async () => {
  await build({
    entryPoints: [fileURLToPath(new URL("index.ts", import.meta.url))],
    outfile: bin,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    conditions: ["@x/source"],
    logLevel: "silent",
  });
  expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

function cli(args: readonly string[], stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: packageDir,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? "");
  });
}

/** What the CLI must print for a tool list: the library's own results, as JSON. */
const expectedReport = (file: string) => {
  const { server, version, tools } = readCorpus(file);
  const results = tools.map((tool) => ({ name: tool.name, ...strictSchema(tool.inputSchema) }));
  const failed = results.filter((result) => !result.ok).length;
  return JSON.parse(
    JSON.stringify({ server, version, converted: results.length - failed, failed, tools: results }),
  ) as {
    failed: number;
    tools: ({ name: string } & (
      { ok: true; schema: unknown } | { ok: false; error: { path: unknown[]; keyword: string; message: string } }
    ))[];
  };
};

describe("x-strict-schema", () => {
  it("--help prints the usage and exits 0", async () => {
    const run = await cli(["--help"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toMatch(/^Usage: x-strict-schema \[options\] \[file\]/);
    expect(run.stdout).toContain("Exit status: 0 when every schema converted");
  });

  it.each(["memory.json", "notion.json", "firecrawl.json"])(
    "converts every tool of corpus/%s, exit 0 only when all converted",
    async (file) => {
      const run = await cli([corpus(file)]);
      const expected = expectedReport(file);
      expect(run.stderr).toBe("");
      expect(JSON.parse(run.stdout)).toEqual(expected);
      expect(run.code).toBe(expected.failed > 0 ? 1 : 0);
      for (const tool of expected.tools) {
        if (tool.ok) expect(checkStrict(tool.schema)).toEqual([]);
        else expect(tool.error.message).not.toBe("");
      }
    },
  );

  it("reads a schema from standard input and prints the StrictResult", async () => {
    const schema = { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, required: ["a"] };
    const run = await cli([], JSON.stringify(schema));
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const printed = JSON.parse(run.stdout) as { ok: boolean; schema: unknown; nullPaths: unknown };
    expect(printed).toEqual(JSON.parse(JSON.stringify(strictSchema(schema))));
    expect(printed.nullPaths).toEqual([["b"]]);
    expect(checkStrict(printed.schema)).toEqual([]);
  });

  it('reads a JSON-RPC tools/list response from "-" (standard input)', async () => {
    const { tools } = readCorpus("memory.json");
    const run = await cli(["-"], JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools } }));
    const printed = JSON.parse(run.stdout) as { tools: { name: string; ok: boolean }[] };
    expect(printed.tools.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    expect(run.code).toBe(printed.tools.every((tool) => tool.ok) ? 0 : 1);
  });

  it("reads a single MCP tool, and reports one that cannot be converted with exit 1", async () => {
    const tool = {
      name: "pick",
      inputSchema: { type: "object", properties: { x: { oneOf: [{ type: "string" }, { type: "number" }] } } },
    };
    const run = await cli([], JSON.stringify(tool));
    expect(run.code).toBe(1);
    const result = strictSchema(tool.inputSchema);
    expect(result.ok).toBe(false);
    expect(JSON.parse(run.stdout)).toEqual(
      JSON.parse(JSON.stringify({ converted: 0, failed: 1, tools: [{ name: "pick", ...result }] })),
    );
  });

  it("passes --relax-oneof and --relax-allof to strictSchema", async () => {
    const schema = {
      type: "object",
      properties: {
        shape: {
          oneOf: [
            {
              type: "object",
              properties: { kind: { const: "circle" }, r: { type: "number" } },
              required: ["kind", "r"],
            },
            {
              type: "object",
              properties: { kind: { const: "square" }, side: { type: "number" } },
              required: ["kind", "side"],
            },
          ],
        },
        both: {
          allOf: [
            { type: "object", properties: { a: { type: "string" } } },
            { type: "object", properties: { b: { type: "string" } } },
          ],
        },
      },
      required: ["shape", "both"],
    };
    const run = await cli(["--relax-oneof", "--relax-allof"], JSON.stringify(schema));
    const expected = strictSchema(schema, { relax: { oneOf: true, allOf: true } });
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(run.code).toBe(expected.ok ? 0 : 1);
    expect((JSON.parse((await cli([], JSON.stringify(schema))).stdout) as { ok: boolean }).ok).toBe(false);
  });

  it("passes --encode to strictSchema, and the summary names the encodings", async () => {
    const schema = {
      type: "object",
      properties: { env: { type: "object", additionalProperties: { type: "string" } } },
      required: ["env"],
    };
    const run = await cli(["--encode"], JSON.stringify(schema));
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(strictSchema(schema, { encode: true }))));
    expect(run.code).toBe(0);
    const summary = await cli(
      ["--encode", "--summary"],
      JSON.stringify({ tools: [{ name: "run", inputSchema: schema }] }),
    );
    expect(summary.stdout).toContain("converted, 0 null paths, encoded: entries");
    expect((await cli([], JSON.stringify(schema))).code).toBe(1);
  });

  it.each(["anthropic", "gemini", "gemini-openapi"] as const)(
    "--target %s passes the target to strictSchema and checkStrict",
    async (target) => {
      const { server, version, tools } = readCorpus("notion.json");
      const run = await cli(["--target", target, "--encode", corpus("notion.json")]);
      const results = tools.map((tool) => ({
        name: tool.name,
        ...strictSchema(tool.inputSchema, { target, encode: true }),
      }));
      const failed = results.filter((result) => !result.ok).length;
      expect(JSON.parse(run.stdout)).toEqual(
        JSON.parse(JSON.stringify({ server, version, converted: results.length - failed, failed, tools: results })),
      );
      expect(run.code).toBe(failed > 0 ? 1 : 0);
      const check = await cli(["--check", `--target=${target}`], JSON.stringify(tools[0]?.inputSchema));
      const reasons = checkStrict(tools[0]?.inputSchema, { target });
      expect(JSON.parse(check.stdout)).toEqual(JSON.parse(JSON.stringify({ ok: reasons.length === 0, reasons })));
    },
  );

  it("--summary for anthropic shows what each tool spends of the budget, and what was described", async () => {
    const schema = {
      type: "object",
      properties: { n: { type: "integer", minimum: 1 }, s: { type: ["string", "null"] } },
    };
    const run = await cli(
      ["--summary", "--target", "anthropic"],
      JSON.stringify({ tools: [{ name: "t", inputSchema: schema }] }),
    );
    expect(run.stdout).toContain("t     converted, 0 null paths, described: minimum, budget: 2 optional, 1 union");
  });

  it("--check lists every reason OpenAI would refuse the schemas as they are", async () => {
    const { server, version, tools } = readCorpus("filesystem.json");
    const run = await cli(["--check", corpus("filesystem.json")]);
    const results = tools.map((tool) => {
      const reasons = checkStrict(tool.inputSchema);
      return { name: tool.name, ok: reasons.length === 0, reasons };
    });
    const failed = results.filter((result) => !result.ok).length;
    expect(JSON.parse(run.stdout)).toEqual(
      JSON.parse(JSON.stringify({ server, version, passed: tools.length - failed, failed, tools: results })),
    );
    expect(failed).toBeGreaterThan(0);
    expect(run.code).toBe(1);
  });

  it("--check exits 0 for an acceptable schema", async () => {
    const schema = {
      type: "object",
      properties: { q: { type: "string" } },
      required: ["q"],
      additionalProperties: false,
    };
    const run = await cli(["--check"], JSON.stringify(schema));
    expect(run).toEqual({ code: 0, stderr: "", stdout: `${JSON.stringify({ ok: true, reasons: [] }, null, 2)}\n` });
  });

  it("--summary prints a table for people", async () => {
    const expected = expectedReport("notion.json");
    const run = await cli(["--summary", corpus("notion.json")]);
    expect(run.code).toBe(expected.failed > 0 ? 1 : 0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(
      `@notionhq/notion-mcp-server 2.5.2: ${expected.tools.length} tools, ${expected.tools.length - expected.failed} ` +
        `converted, ${expected.failed} not converted`,
    );
    expect(lines[2]).toMatch(/^tool +result$/);
    expect(lines.slice(3)).toHaveLength(expected.tools.length);
    for (const [index, tool] of expected.tools.entries()) {
      const line = lines[3 + index] ?? "";
      expect(line.startsWith(`${tool.name} `)).toBe(true);
      expect(line).toContain(tool.ok ? "converted, " : `not converted: ${tool.error.keyword}: ${tool.error.message}`);
    }
  });

  it("--check --summary lists each reason on its own row", async () => {
    const schema = { type: "object", properties: { q: { type: "string", default: "x" } } };
    const run = await cli(["--check", "--summary"], JSON.stringify(schema));
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")).toEqual([
      "tool      result",
      ...checkStrict(schema).map(
        (reason, index) => `${index === 0 ? "(schema)" : "        "}  ${reason.keyword}: ${reason.message}`,
      ),
      "",
    ]);
  });

  it.each<[string, string[], string | undefined, RegExp]>([
    [
      "a missing file",
      ["no-such-file.json"],
      undefined,
      /^x-strict-schema: cannot read no-such-file\.json: no such file\n$/,
    ],
    ["a directory", ["src"], undefined, /^x-strict-schema: cannot read src: it is a directory\n$/],
    ["text that is not JSON", [], "{ type: object }", /^x-strict-schema: standard input is not JSON: /],
    ["empty input", [], "", /^x-strict-schema: standard input is empty; expected JSON/],
    ["a JSON list", [], "[1, 2]", /^x-strict-schema: standard input holds a list; expected a JSON Schema object/],
    ["a JSON string", [], '"object"', /holds a string; expected/],
    [
      "an object that is neither a schema nor tools",
      [],
      '{"name": "x", "foo": 1}',
      /is an object with no JSON Schema keyword and no "tools" \(keys: "name", "foo"\)/,
    ],
    [
      "tools that are not a list",
      [],
      '{"tools": {"a": 1}}',
      /^x-strict-schema: standard input: "tools" is an object; expected a list of MCP tools\n$/,
    ],
    [
      "an unknown option",
      ["--strict"],
      "{}",
      /^x-strict-schema: Unknown option '--strict'; the options are --help, --summary, .*\nRun x-strict-schema --help/s,
    ],
    [
      "a mistyped option",
      ["--sumary"],
      "{}",
      /^x-strict-schema: Unknown option '--sumary'; did you mean --summary\?\nRun x-strict-schema --help for usage/,
    ],
    [
      "a mistyped option with a value",
      ["--targt=anthropic"],
      "{}",
      /^x-strict-schema: Unknown option '--targt'; did you mean --target\?\n/,
    ],
    [
      "a mistyped target",
      ["--target", "antropic"],
      "{}",
      /^x-strict-schema: Unknown target 'antropic'; did you mean anthropic\?\n/,
    ],
    [
      "an unknown target",
      ["--target", "llama"],
      "{}",
      /^x-strict-schema: Unknown target 'llama'; one of openai, anthropic, gemini, gemini-openapi\n/,
    ],
    [
      "two files",
      ["a.json", "b.json"],
      undefined,
      /^x-strict-schema: Expected at most one file, got 2: a\.json b\.json\n/,
    ],
  ])("exits 2 with a clear message on %s", async (_name, args, stdin, message) => {
    const run = await cli(args, stdin);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(message);
  });
});
