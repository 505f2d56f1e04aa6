// `pnpm check:size`: what each public entry of @x/strict-schema costs an app
// that imports it: the ESM file its `exports` map gives an `import`, with every
// export used, bundled by esbuild (following any chunk it imports, so nothing
// escapes the count), minified and gzipped at level 9. Runs after `pnpm build`;
// CI runs it right after the package checks.
//
// Ceilings, each the measured size rounded up: the main entry (strictSchema,
// stripNulls, restoreArguments, fitRoot: what a runtime loads) 16 KB; the
// checker (`@x/strict-schema/check`) 5 KB; encodeArguments
// (`@x/strict-schema/encode`: the form a model would send a value in, for
// pre-filling forms and tests, never needed at run time) 1.25 KB. The targets
// (anthropic, gemini, gemini-openapi: their tables, the described words, $ref
// inlining and recursion cuts, the OpenAPI form, the budget, kept nulls and
// choices, fitRoot) cost the main entry about 4.7 KB, the checker 1.3 KB.
// The CLI is a separate bundle (dist/cli.js), in no entry.
import { existsSync, readFileSync } from "node:fs";
import process from "node:process";
import { fileURLToPath, URL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const KB = 1024;
const ENTRIES = [
  { subpath: ".", name: "@x/strict-schema", ceiling: 16 * KB },
  { subpath: "./check", name: "@x/strict-schema/check", ceiling: 5 * KB },
  { subpath: "./encode", name: "@x/strict-schema/encode", ceiling: 1.25 * KB },
];

const packageDir = new URL("../", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", packageDir), "utf8"));
const kb = (bytes) => `${(bytes / KB).toFixed(2)} KB`;

/** min+gzip bytes of everything the ES module `file` exports, as a bundler puts it in an app. */
const measure = async (file) => {
  const result = await build({
    stdin: { contents: `export * from ${JSON.stringify(file)};`, resolveDir: fileURLToPath(packageDir), loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "silent",
  });
  const minified = result.outputFiles[0].contents;
  return { minified: minified.length, gzipped: gzipSync(minified, { level: 9 }).length };
};

let failed = false;
for (const { subpath, name, ceiling } of ENTRIES) {
  // (the published map: what an installed package resolves to)
  const file = manifest.publishConfig.exports[subpath]?.import?.default;
  if (file === undefined || !existsSync(new URL(file, packageDir))) {
    process.stderr.write(`check:size: ${name}: ${file ?? "no import entry"} is missing; run \`pnpm build\` first.\n`);
    process.exit(1);
  }
  const { minified, gzipped } = await measure(file);
  const line = `${name} (${file}): ${kb(minified)} minified, ${kb(gzipped)} min+gzip (${gzipped} bytes)`;
  if (gzipped > ceiling) {
    failed = true;
    process.stderr.write(`✗ ${line}: over the ${kb(ceiling)} ceiling by ${Math.ceil(gzipped - ceiling)} bytes\n`);
  } else {
    process.stdout.write(`✓ ${line}, within the ${kb(ceiling)} ceiling\n`);
  }
}
if (failed) process.exit(1);
