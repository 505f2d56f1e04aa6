// What the browser tests share: the page built once per test file, and the
// installed Chrome or Chromium launched headless (find-chromium.mjs picks it,
// as `pnpm test` does before running the tests).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { findChromium } from "../../../scripts/find-chromium.mjs";

/** Where the tests put their screenshots (git-ignored). */
export const SCREENSHOTS: string = fileURLToPath(new URL("../screenshots/", import.meta.url));

/**
 * Builds the page (`vite build`) into a new temporary folder.
 *
 * @example
 * ```ts
 * const page = await buildPage();
 * // … startPlayground({ pageDir: page.dir, … }) …
 * page.remove();
 * ```
 */
export async function buildPage(): Promise<{ readonly dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), "x-playground-page-"));
  await build({
    configFile: fileURLToPath(new URL("../vite.config.ts", import.meta.url)),
    logLevel: "silent",
    build: { outDir: dir },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Launches the Chrome or Chromium `findChromium` picks, headless; fails with
 * how to get one when there is none.
 *
 * @example
 * ```ts
 * const browser = await launchChromium();
 * ```
 */
export async function launchChromium(): Promise<Browser> {
  const found = findChromium();
  if (found.path === undefined) throw new Error(found.problem);
  return chromium.launch({
    executablePath: found.path,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}
