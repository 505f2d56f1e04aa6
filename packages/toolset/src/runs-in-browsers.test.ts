// @x/toolset runs in browsers and Node alike. Lint keeps Node's modules and
// globals out of its sources (eslint.config.mjs); this test checks what users
// get: the package's entries built by tsup with its own config (into a
// temporary folder, so no `pnpm build` is needed first), bundled by esbuild
// for the browser, and run in a realm that has no host API at all (no
// process, Buffer, require, TextEncoder or crypto), where they must give what
// the sources give. @x/strict-schema, a dependency, is bundled from its
// sources: its own lint rule keeps it host-free.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createContext, runInContext, runInNewContext } from "node:vm";
import { build as bundle } from "esbuild";
import { build } from "tsup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import manifest from "../package.json";
import config from "../tsup.config";
import type * as adapterEntry from "./adapter/index";
import { prepareToolDefinitions, renderResult } from "./adapter/index";
import { buildToolset, isToolError, ToolError } from "./index";
import type { McpCallToolResult } from "./index";
import type * as mainEntry from "./index";

type Main = typeof mainEntry;
type AdapterEntry = typeof adapterEntry;

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "x-toolset-browser-"));
let code = "";
let built: { main: Main; adapter: AdapterEntry };
const realm = createContext(Object.create(null) as object);
// A value made in the realm, as a page's own objects are.
const local = <T>(value: T): T => runInContext(`JSON.parse(${JSON.stringify(JSON.stringify(value))})`, realm) as T;

// A long server name and many tools: the names are shortened with the hash (sha-256), the texts cut on a code point.
const sources = {
  "a-server-with-a-rather-long-name-for-the-sixty-four-limit": [
    {
      name: "read_file",
      description: "Reads\u200B a file. ".repeat(200),
      inputSchema: { type: "object", properties: { path: { type: "string" } } },
    },
    { name: "x".repeat(80), inputSchema: { type: "object" } },
  ],
};
const result: McpCallToolResult = {
  content: [
    { type: "text", text: "é".repeat(50) },
    { type: "image", mimeType: "image/png", data: "AAAA" },
  ],
};
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

beforeAll(async () => {
  const entries = Object.entries(config.entry as Record<string, string>);
  const entry = Object.fromEntries(entries.map(([name, file]) => [name, join(packageDir, file)]));
  await build({
    ...config,
    entry,
    outDir: join(work, "dist"),
    tsconfig: join(packageDir, "tsconfig.json"),
    // What `pnpm build` in the package leaves out, since tsup reads it from the package.json of the folder it runs in.
    external: Object.keys(manifest.dependencies),
    format: ["esm"],
    dts: false,
    config: false,
    silent: true,
  });
  const bundled = await bundle({
    stdin: {
      contents: 'export * as main from "./dist/index.js"; export * as adapter from "./dist/adapter.js";',
      resolveDir: work,
      loader: "js",
    },
    nodePaths: [join(packageDir, "node_modules")],
    bundle: true,
    platform: "browser",
    format: "iife",
    globalName: "toolset",
    conditions: ["@x/source"],
    write: false,
    logLevel: "silent",
  });
  code = bundled.outputFiles[0]?.text ?? "";
  built = runInContext(`${code}; toolset`, realm) as { main: Main; adapter: AdapterEntry };
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the built dist in a realm with no host API", () => {
  it("has no such API to use: the realm is bare", () => {
    const hostApi = "[typeof process, typeof Buffer, typeof require, typeof TextEncoder, typeof crypto]";
    expect(runInNewContext(hostApi, {})).toEqual(Array(5).fill("undefined"));
    expect(code).toContain("buildToolset");
  });

  it("builds a toolset as the sources do", () => {
    const options = { maxDescriptionBytes: 100 };
    const fromDist = built.main.buildToolset(local(sources), local(options));
    expect(json(fromDist)).toEqual(json(buildToolset(sources, options)));
  });

  it("prepares the tool definitions and renders a result as the sources do", () => {
    const { toolset } = buildToolset(sources);
    const { toolset: builtToolset } = built.main.buildToolset(local(sources));
    expect(json(built.adapter.prepareToolDefinitions(builtToolset, local({ strict: true })))).toEqual(
      json(prepareToolDefinitions(toolset, { strict: true })),
    );
    const options = { maxOutputBytes: 41, errorPrefix: "Error: " };
    const rendered = built.adapter.renderResult(local(result), local(options));
    expect(json(rendered)).toEqual(json(renderResult(result, options)));
  });

  it("throws its own ToolError for a caller's mistake, recognised across copies", () => {
    const wrong = { maxDescriptionBytes: -1 };
    let thrown: unknown;
    try {
      built.main.buildToolset(local(sources), local(wrong));
    } catch (error) {
      thrown = error;
    }
    // Another copy of the class: not an instance of this one, but a ToolError by its brand.
    expect(thrown instanceof ToolError).toBe(false);
    expect(isToolError(thrown) ? [thrown.code, thrown.fault] : thrown).toEqual(["invalid-options", "caller"]);
    expect(() => buildToolset(sources, wrong)).toThrow((thrown as Error).message);
  });
});
