// How `pnpm playground` ends, over real signals and real processes: the
// server process itself (Ctrl-C, SIGTERM and SIGHUP end it with exit code 0;
// it stops when the shell it was started under goes away), and the same under
// pnpm 12, which passes SIGINT and SIGTERM on to the script it runs: the
// scripts exec node, so the signal reaches the playground, not a shell that
// would die of it and have pnpm report `ELIFECYCLE … Command failed`.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const MAIN = fileURLToPath(new URL("../src/server/main.ts", import.meta.url));
const WORKSPACE = fileURLToPath(new URL("../../../", import.meta.url));
/** What `pnpm playground` builds before it starts the server. */
const BUILT_PAGE = fileURLToPath(new URL("../dist/page/index.html", import.meta.url));
const TSX = createRequire(import.meta.url).resolve("tsx");
/** The server alone: no MCP server to start, a free port. */
const ARGS = ["--conditions=@x/source", "--import", TSX, MAIN, "--no-builtin"];

function waitForOutput(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes(text)) resolve();
    });
    child.once("exit", (code) =>
      reject(new Error(`exited (${code}) before printing ${JSON.stringify(text)}: ${output}`)),
    );
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the playground process", () => {
  it.each(["SIGINT", "SIGTERM", "SIGHUP"] as const)("ends with exit code 0 on %s", async (signal) => {
    const child = spawn(process.execPath, ARGS, {
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    await waitForOutput(child, "Open http://127.0.0.1:");
    const exited = exitOf(child);
    child.kill(signal);
    await expect(exited).resolves.toBe(0);
  });

  it("ends when the shell it was started under is killed (pnpm stopped alone)", async () => {
    const command = [process.execPath, ...ARGS].map((word) => `'${word}'`).join(" ");
    // `; true` keeps sh from replacing itself with node: the shell stays the parent, as under pnpm.
    const shell = spawn("sh", ["-c", `${command} & echo $!; wait; true`], {
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const started = waitForOutput(shell, "Open http://127.0.0.1:");
    const pid = await new Promise<number>((resolve) =>
      shell.stdout?.once("data", (chunk: Buffer) => resolve(Number(chunk.toString("utf8").split("\n")[0]))),
    );
    await started;
    expect(isRunning(pid)).toBe(true);
    shell.kill("SIGKILL");
    const deadline = Date.now() + 10_000;
    while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(pid)).toBe(false);
  });
});

/** What a pnpm run printed and how pnpm ended. */
interface PnpmRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `pnpm …args` in the workspace, in a process group of its own (as a terminal runs it), and once it has printed
 * `waitFor` sends `signal` to pnpm alone or to the whole group (what Ctrl-C in a terminal does).
 */
function runPnpm(
  args: readonly string[],
  stop?: { readonly waitFor: string; readonly signal: NodeJS.Signals; readonly to: "pnpm" | "group" },
): Promise<PnpmRun & { url: string | undefined }> {
  const child = spawn("pnpm", args, {
    cwd: WORKSPACE,
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  let sent = false;
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    if (stop === undefined || sent || !stdout.includes(stop.waitFor)) return;
    sent = true;
    if (stop.to === "group") process.kill(-(child.pid ?? 0), stop.signal);
    else child.kill(stop.signal);
  });
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise((resolve) =>
    child.once("close", (code, signal) =>
      resolve({ code, signal, stdout, stderr, url: /Open (http:\/\/\S+)/.exec(stdout)?.[1] }),
    ),
  );
}

// Each test starts pnpm, then node with tsx, then the server: on a loaded two-core machine that alone has taken
// longer than the default 20 s.
describe("under pnpm", { timeout: 60_000 }, () => {
  it.each(["playground", "start", "serve"])("the %s script execs node (no shell left to die of a signal)", (name) => {
    const root = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      scripts: { [name: string]: string };
    };
    const app = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as typeof root;
    const script = name === "playground" ? root.scripts["playground"] : app.scripts[name];
    expect(script).toMatch(/(^|&& )exec node /);
  });

  it.each([
    ["Ctrl-C (SIGINT to the whole process group)", "SIGINT", "group"],
    ["SIGTERM to the pnpm process alone", "SIGTERM", "pnpm"],
  ] as const)("%s: the playground stops, pnpm exits with 0 and reports nothing", async (_, signal, to) => {
    const run = await runPnpm(["--filter", "@x/playground", "serve", "--no-builtin"], {
      waitFor: "Open http://127.0.0.1:",
      signal,
      to,
    });
    expect({ code: run.code, signal: run.signal }).toEqual({ code: 0, signal: null });
    expect(run.stderr).not.toContain("ELIFECYCLE");
    expect(run.stderr).not.toContain("Command failed");
    expect(run.url).toBeDefined();
    // The playground itself is gone, not left behind without its parent.
    await expect(
      fetch(run.url ?? "").then(
        () => "answered",
        () => "refused",
      ),
    ).resolves.toBe("refused");
  });

  it("pnpm playground with a mistake on the command line: exit code 1 and our message, before any build", async () => {
    const builtAt = (): number | undefined => statSync(BUILT_PAGE, { throwIfNoEntry: false })?.mtimeMs;
    const before = builtAt();
    const run = await runPnpm(["playground", "--no-such-flag"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("playground: Unknown option '--no-such-flag'");
    // pnpm adds its `[ELIFECYCLE] Command failed with exit code 1.` after it, whatever its reporter settings.
    expect(builtAt()).toBe(before);
  });
});
