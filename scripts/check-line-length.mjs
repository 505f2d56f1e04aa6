// Fails when a source line is over 120 characters. Prettier breaks code at
// 120 (printWidth) but cannot break a long string, comment or template, so
// this check catches what the formatter leaves. Reads the files git tracks.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX = 120;
const SOURCE = /\.(?:[cm]?[jt]s|tsx|css|html)$/;
const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
  .split("\n")
  .filter((file) => SOURCE.test(file) && !file.includes("__fixtures__/") && !file.includes("/dist/"));

const long = [];
for (const file of files) {
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if ([...line].length > MAX) long.push(`${file}:${index + 1}: ${[...line].length} characters`);
    });
}
if (long.length > 0) {
  console.error(`${long.length} source line(s) over ${MAX} characters:\n${long.join("\n")}`);
  process.exit(1);
}
console.log(`${files.length} source files, no line over ${MAX} characters`);
