// `pnpm test` and `pnpm test:e2e` run this first: the playground's end-to-end
// tests drive an installed Chrome or Chromium (find-chromium.mjs says which:
// CHROME_PATH, else the usual install paths), because browser downloads
// (`npx playwright install`) are not available everywhere. When none is found
// on a Debian machine, Debian's chromium is installed (as root, or through
// passwordless sudo); elsewhere this says how to get one, and fails.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import process from "node:process";
import { findChromium } from "./find-chromium.mjs";

const found = findChromium();
if (found.path !== undefined) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = fs.existsSync("/usr/bin/apt-get");
const canSudo = () => {
  try {
    execFileSync("sudo", ["-n", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

// A CHROME_PATH that names nothing is the user's choice to fix, not a reason to install another browser.
if (process.env.CHROME_PATH === undefined && hasApt && (isRoot || canSudo())) {
  const prefix = isRoot ? [] : ["sudo", "-n"];
  const run = (args) => {
    const [cmd, ...rest] = [...prefix, ...args];
    execFileSync(cmd, rest, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  };
  process.stdout.write("No Chrome or Chromium found: installing Debian's chromium for the browser tests\n");
  run(["apt-get", "update"]);
  run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"]);
  if (findChromium().path !== undefined) process.exit(0);
}

process.stderr.write(`${found.problem}\n`);
process.exit(1);
