// Comment density and README length per package: `node scripts/comment-density.mjs [git-ref]`.
// Without a ref it reads the working tree; with one (a commit, a branch) it reads that commit's files.
//
// Counted over each package's src/**/*.ts, leaving out tests (*.test.ts, *.test-d.ts), __fixtures__ and
// benchmarks. A line is code when a token of the TypeScript parser touches it (a multi-line string or
// template counts on every line); a comment line is any other non-blank line, as cloc counts them.
// Density is comment lines per code line.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const ref = process.argv[2];
const root = new URL("..", import.meta.url).pathname;

/** Lists the repository's files under `dir` (at `ref`, or on disk). */
function listFiles(dir) {
  if (ref) {
    const out = execFileSync("git", ["ls-tree", "-r", "--name-only", ref, "--", dir], { cwd: root, encoding: "utf8" });
    return out.split("\n").filter(Boolean);
  }
  const found = [];
  const walk = (path) => {
    if (!existsSync(join(root, path))) return;
    for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else found.push(relative(root, join(root, child)));
    }
  };
  walk(dir);
  return found;
}

function readText(path) {
  return ref
    ? execFileSync("git", ["show", `${ref}:${path}`], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 })
    : readFileSync(join(root, path), "utf8");
}

export function isShippedSource(path) {
  return (
    /\/src\/.*\.ts$/.test(path) &&
    !/\.test(-d)?\.ts$/.test(path) &&
    !path.includes("/__fixtures__/") &&
    !path.includes("/bench/")
  );
}

/** Counts code and comment lines of one TypeScript file. */
export function countLines(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = text.split("\n");
  const code = new Uint8Array(lines.length);
  const visit = (node) => {
    // getChildren() lists a declaration's TSDoc as JSDoc nodes: those are comments.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length === 0) {
      if (node.kind === ts.SyntaxKind.EndOfFileToken) return;
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      for (let line = first; line <= last; line++) code[line] = 1;
      return;
    }
    for (const child of children) visit(child);
  };
  visit(source);
  let codeLines = 0;
  let commentLines = 0;
  lines.forEach((line, index) => {
    if (code[index]) codeLines++;
    else if (line.trim() !== "") commentLines++;
  });
  return { code: codeLines, comment: commentLines };
}

const units = [
  ...listFiles("packages")
    .map((path) => path.split("/")[1])
    .filter((name, i, all) => name && all.indexOf(name) === i)
    .map((name) => ({ name: `@x/${name}`, dir: `packages/${name}` })),
  { name: "@x/playground", dir: "apps/playground" },
];

const rows = [];
for (const { name, dir } of units) {
  const files = listFiles(dir);
  let code = 0;
  let comment = 0;
  for (const path of files.filter(isShippedSource)) {
    const counted = countLines(path, readText(path));
    code += counted.code;
    comment += counted.comment;
  }
  const readme = files.includes(`${dir}/README.md`) ? readText(`${dir}/README.md`).split("\n").length - 1 : 0;
  rows.push({ name, code, comment, density: code === 0 ? 0 : comment / code, readme });
}
const rootReadme = readText("README.md").split("\n").length - 1;

console.log(`| package | code lines | comment lines | comments per code line | README lines |`);
console.log(`| --- | ---: | ---: | ---: | ---: |`);
for (const row of rows) {
  console.log(`| ${row.name} | ${row.code} | ${row.comment} | ${row.density.toFixed(2)} | ${row.readme} |`);
}
console.log(`| (root) | | | | ${rootReadme} |`);
