// Which Chrome or Chromium the playground's browser tests drive: `CHROME_PATH`
// when it is set, else the first browser found at its usual install path for
// the operating system (Debian's /usr/bin/chromium first on Linux). Shared by
// scripts/ensure-chromium.mjs (run by `pnpm test` and `pnpm test:e2e`) and the
// tests that launch the browser, so both pick the same executable.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, win32 } from "node:path";
import process from "node:process";

/**
 * The usual install paths of Chrome and Chromium, per `process.platform`, in
 * the order they are tried. Windows paths start from the environment
 * variable named in front (`LOCALAPPDATA`, `PROGRAMFILES`, `PROGRAMFILES(X86)`).
 */
export const INSTALL_PATHS = {
  linux: [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/snap/bin/chromium",
  ],
  darwin: [
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "~/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "~/Applications/Chromium.app/Contents/MacOS/Chromium",
  ],
  win32: [
    "LOCALAPPDATA\\Google\\Chrome\\Application\\chrome.exe",
    "PROGRAMFILES\\Google\\Chrome\\Application\\chrome.exe",
    "PROGRAMFILES(X86)\\Google\\Chrome\\Application\\chrome.exe",
    "LOCALAPPDATA\\Chromium\\Application\\chrome.exe",
  ],
};

/** How to get a browser the tests can drive, per platform. */
const HOW_TO_GET_ONE = {
  linux: "On Debian or Ubuntu: sudo apt-get install -y chromium (elsewhere, install Chrome or Chromium).",
  darwin: "On macOS: install Google Chrome (https://www.google.com/chrome/) or `brew install --cask chromium`.",
  win32: "On Windows: install Google Chrome (https://www.google.com/chrome/) or `winget install Google.Chrome`.",
};

/** A path of {@link INSTALL_PATHS} made absolute for this machine, or undefined when its variable is not set. */
function expand(path, platform, env, home) {
  if (path.startsWith("~/")) return join(home, path.slice(2));
  if (platform !== "win32") return path;
  const [variable, ...rest] = path.split("\\");
  const base = env[variable];
  return base === undefined || base === "" ? undefined : win32.join(base, ...rest);
}

/**
 * The browser to drive. `{ path, from }` when one is found (`from` is
 * `"CHROME_PATH"` or `"install path"`), else `{ path: undefined, problem }`
 * saying what was looked for and how to get one. A `CHROME_PATH` that names
 * no file is a problem, not a reason to look elsewhere: it was set on purpose.
 *
 * @param {{ env?: Record<string, string | undefined>, platform?: string, home?: string,
 *   exists?: (path: string) => boolean }} [machine] - defaults: this process and this machine
 * @returns {{ path: string, from: "CHROME_PATH" | "install path" } | { path: undefined, problem: string }}
 * @example
 * ```js
 * const found = findChromium();
 * if (found.path === undefined) throw new Error(found.problem);
 * ```
 */
export function findChromium(machine = {}) {
  const env = machine.env ?? process.env;
  const platform = machine.platform ?? process.platform;
  const home = machine.home ?? homedir();
  const exists = machine.exists ?? existsSync;
  const chosen = env.CHROME_PATH;
  if (chosen !== undefined && chosen !== "") {
    if (exists(chosen)) return { path: chosen, from: "CHROME_PATH" };
    return { path: undefined, problem: `CHROME_PATH is ${chosen}, and there is no file there.` };
  }
  const candidates = (INSTALL_PATHS[platform] ?? [])
    .map((path) => expand(path, platform, env, home))
    .filter((path) => path !== undefined);
  const found = candidates.find((path) => exists(path));
  if (found !== undefined) return { path: found, from: "install path" };
  const looked = candidates.length === 0 ? "" : ` Looked in: ${candidates.join(", ")}.`;
  const how = HOW_TO_GET_ONE[platform] ?? "Install Google Chrome or Chromium.";
  return {
    path: undefined,
    problem:
      `The playground's browser tests need Chrome or Chromium, and none was found.${looked}\n` +
      `${how}\nOr point CHROME_PATH at one: CHROME_PATH=/path/to/chrome pnpm test`,
  };
}
