// `pnpm check:size`: what each public entry of @x/strict-schema costs an app
// that imports it: the ESM file its `exports` map gives an `import`, with every
// export used, bundled by esbuild (following any chunk it imports, so nothing
// escapes the count), minified and gzipped at level 9. Runs after `pnpm build`;
// CI runs it right after the package checks.
//
// Ceilings: the main entry (strictSchema, stripNulls, restoreArguments: what a
// runtime loads) 11.3 KB; the checker (`@x/strict-schema/check`) 4 KB;
// encodeArguments (`@x/strict-schema/encode`: the form a model would send a
// value in, for pre-filling forms and tests, never needed at run time) 1 KB.
// The main entry's target is 10 KB, and it is missed: the encodings' rules,
// their anyOf check and $ref hoisting cost about 2.8 KB in the walk; folding
// what was written twice took 0.3 KB off, making the walk faster (issue 11's
// "encode <= 1x a JSON copy") put 0.17 KB back, and telling an encoding inside an
// object branch apart by its property 0.1 KB more (11.26 KB). Each ceiling is
// the measured size rounded up.
// The CLI is a separate bundle (dist/cli.js), in no entry.
import { existsSync, readFileSync } from "node:fs";
import process from "node:process";
import { fileURLToPath, URL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const KB = 1024;
const ENTRIES = [
  { subpath: ".", name: "@x/strict-schema", ceiling: 11.3 * KB },
  { subpath: "./check", name: "@x/strict-schema/check", ceiling: 4 * KB },
  { subpath: "./encode", name: "@x/strict-schema/encode", ceiling: 1 * KB },
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
