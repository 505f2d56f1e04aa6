// `pnpm test` runs this first: the playground's end-to-end tests drive the
// system Chromium (/usr/bin/chromium, Debian's `chromium` package), because
// browser downloads (`npx playwright install`) are not available everywhere.
// On a Debian machine where it is missing, install it (as root, or through
// passwordless sudo); elsewhere, say exactly what to do and fail.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
if (fs.existsSync(CHROMIUM)) process.exit(0);

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

if (hasApt && (isRoot || canSudo())) {
  const prefix = isRoot ? [] : ["sudo", "-n"];
  const run = (args) => {
    const [cmd, ...rest] = [...prefix, ...args];
    execFileSync(cmd, rest, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  };
  process.stdout.write(`${CHROMIUM} is missing: installing Debian's chromium for the browser tests\n`);
  run(["apt-get", "update"]);
  run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"]);
  if (fs.existsSync(CHROMIUM)) process.exit(0);
}

process.stderr.write(
  `The playground's browser tests need Chromium at ${CHROMIUM}.\n` +
    `On Debian or Ubuntu: sudo apt-get install -y chromium\n`,
);
process.exit(1);
