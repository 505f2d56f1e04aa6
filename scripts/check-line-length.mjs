// Fails when a source line is over 120 characters. Prettier breaks code at
// 120 (printWidth) but cannot break a long string, comment or template, so
// this check catches what the formatter leaves. Reads the files git tracks.
// Two kinds of line are data, not layout, and are let through: the text of
// an inline snapshot (vitest writes it; it is the value under test) and a
// line right after a `// long-line: <why>` comment.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX = 120;
const SOURCE = /\.(?:[cm]?[jt]s|tsx|css|html)$/;
const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
  .split("\n")
  .filter((file) => SOURCE.test(file) && !file.includes("__fixtures__/") && !file.includes("/dist/"));

const long = [];
for (const file of files) {
  let inSnapshot = false;
  let allowed = false;
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (inSnapshot && /^\s*`\);?\s*$/.test(line)) inSnapshot = false;
      if (!inSnapshot && !allowed && [...line].length > MAX) {
        long.push(`${file}:${index + 1}: ${[...line].length} characters`);
      }
      if (/toMatchInlineSnapshot\(`\s*$/.test(line)) inSnapshot = true;
      allowed = /^\s*\/\/ long-line: \S/.test(line);
    });
}
if (long.length > 0) {
  console.error(`${long.length} source line(s) over ${MAX} characters:\n${long.join("\n")}`);
  process.exit(1);
}
console.log(`${files.length} source files, no line over ${MAX} characters`);
