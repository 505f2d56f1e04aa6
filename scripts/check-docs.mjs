// Checks the text a user reads, as git tracks it: `node scripts/check-docs.mjs` (CI runs it).
//
// - Shipped text speaks of the code as it is: no history ("what changed", "round 3", "issue 12",
//   "the seed", "used to", …) in READMEs, guides (docs/), or library sources (comments and error
//   messages; tests, fixtures and benchmarks left out). ALLOWED lists the few legitimate uses.
// - A README or a guide is at most MAX_LINES lines: a longer topic becomes a guide of its own.
// - Every TypeScript or JavaScript code block of a README or guide is a fixture file (the whole
//   file, or a run of its lines) that a test of its package names: the typecheck compiles it and
//   the test runs it, so no example drifts from the code.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const MAX_LINES = 300;

/** Words that tell history, not what the code does. Each is matched case-insensitively. */
export const HISTORY = [
  { pattern: /\bwhat changed\b/i, say: "what changed (history lives in git and the changelog)" },
  { pattern: /\bround [0-9]+\b/i, say: "a development round" },
  { pattern: /\bissue #?[0-9]+/i, say: "an issue number (say what the code does)" },
  { pattern: /\bthe seeds?\b|\bseeds?\/[0-9]/i, say: "an internal reference document (cite the provider's page)" },
  { pattern: /(?<!\b(?:is|are|be|been|being|was|were|gets?|got|get) )\bused to\b/i, say: "used to" },
  { pattern: /\bas before\b/i, say: "as before" },
  { pattern: /\b(?:previously|formerly)\b/i, say: "previously" },
  { pattern: /\bbefore (?:the|this|that) (?:change|rewrite|refactor|release)\b/i, say: "before the change" },
  { pattern: /\bafter (?:the|this|that) (?:change|rewrite|refactor)\b/i, say: "after the change" },
  { pattern: /\bload average\b/i, say: "a run's load average" },
];

/**
 * Legitimate uses of a history word: the file (a path, a prefix ending in "/", or "" for any) and
 * text on the line. Keep it short; each says why.
 */
export const ALLOWED = [];

/** The history words on one line of `path`, as messages, after the allow-list. */
export function historyOnLine(path, line) {
  const found = [];
  for (const { pattern, say } of HISTORY) {
    const match = pattern.exec(line);
    if (match === null) continue;
    const allowed = ALLOWED.some(
      (entry) =>
        (entry.path === "" || entry.path === path || (entry.path.endsWith("/") && path.startsWith(entry.path))) &&
        line.toLowerCase().includes(entry.text.toLowerCase()),
    );
    if (!allowed) found.push(`${say}: "${match[0]}"`);
  }
  return found;
}

/** The text a user reads: READMEs, guides and library sources (not tests, fixtures or benchmarks). */
export function isShippedText(path) {
  if (/^(?:(?:packages|apps)\/[^/]+\/)?README\.md$/.test(path)) return true;
  if (/^(?:packages\/[^/]+\/)?docs\/.*\.md$/.test(path)) return true;
  return (
    /^packages\/[^/]+\/src\/.*\.ts$/.test(path) &&
    !/\.test(-d)?\.ts$/.test(path) &&
    !path.includes("/__fixtures__/") &&
    !path.includes("/__snapshots__/")
  );
}

/** A README or guide: what the length and code-block rules apply to. */
export function isPage(path) {
  return path.endsWith(".md") && isShippedText(path);
}

/** The TypeScript and JavaScript code blocks of a Markdown page, with the line each starts on. */
export function codeBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(ts|typescript|tsx|js|javascript|mjs|mts)\s*$/.exec(lines[i] ?? "");
    if (open === null) {
      if (/^```/.test(lines[i] ?? "")) {
        const close = lines.findIndex((line, j) => j > i && /^```\s*$/.test(line));
        if (close !== -1) i = close;
      }
      continue;
    }
    const end = lines.findIndex((line, j) => j > i && /^```\s*$/.test(line));
    if (end === -1) break;
    blocks.push({ line: i + 1, text: lines.slice(i + 1, end).join("\n") + "\n" });
    i = end;
  }
  return blocks;
}

/** Whether `block` is the whole of `file`, or a run of its whole lines. */
export function isPartOf(block, file) {
  if (block === file) return true;
  const want = block.replace(/\n$/, "").split("\n");
  const have = file.split("\n");
  for (let start = 0; start + want.length <= have.length; start++) {
    if (want.every((line, k) => have[start + k] === line)) return true;
  }
  return false;
}

/**
 * Every problem in the given files, as `path:line: message` strings.
 *
 * @param files - the tracked files, as `{ path, text }`
 */
export function checkFiles(files) {
  const problems = [];
  const fixtures = files.filter((file) => /\/__fixtures__\/[^/]+\.(?:[cm]?[jt]s|tsx)$/.test(file.path));
  const tests = files.filter((file) => /\.test\.ts$/.test(file.path));
  const packageOf = (path) => /^(?:packages|apps)\/[^/]+\//.exec(path)?.[0] ?? "";
  const namedByTest = (fixture) => {
    const name = basename(fixture.path).replace(/\.[^.]+$/, "");
    return tests.some((test) => packageOf(test.path) === packageOf(fixture.path) && test.text.includes(name));
  };
  for (const { path, text } of files) {
    if (!isShippedText(path)) continue;
    text.split("\n").forEach((line, index) => {
      for (const found of historyOnLine(path, line))
        problems.push(`${path}:${index + 1}: history in shipped text: ${found}`);
    });
    if (!isPage(path)) continue;
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (lines > MAX_LINES) {
      problems.push(`${path}: ${lines} lines, over ${MAX_LINES}: move a topic to a guide under docs/`);
    }
    for (const block of codeBlocks(text)) {
      const source = fixtures.find((fixture) => isPartOf(block.text, fixture.text));
      if (source === undefined) {
        problems.push(`${path}:${block.line}: a code block that is no fixture file's text: make it one, run by a test`);
      } else if (!namedByTest(source)) {
        problems.push(`${path}:${block.line}: shows ${source.path}, which no test of its package names`);
      }
    }
  }
  return problems;
}

/** The files git tracks under `root`, read. */
export function trackedFiles(root) {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 })
    .split("\0")
    .filter((path) => /\.(?:md|[cm]?[jt]s|tsx)$/.test(path))
    .map((path) => ({ path, text: readFileSync(`${root}/${path}`, "utf8") }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = dirname(dirname(fileURLToPath(import.meta.url)));
  const problems = checkFiles(trackedFiles(root));
  if (problems.length > 0) {
    console.error(`${problems.length} problem(s) in the docs:\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log("docs: no history words, every README and guide within its length, every code block a tested fixture");
}
