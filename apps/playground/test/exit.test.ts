// How `pnpm playground` ends: the server process itself, over real signals.
// Ctrl-C and SIGTERM end it with exit code 0 (so pnpm reports no failure), and
// it stops when the shell pnpm ran it under goes away.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const MAIN = fileURLToPath(new URL("../src/server/main.ts", import.meta.url));
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
  it.each(["SIGINT", "SIGTERM"] as const)("ends with exit code 0 on %s", async (signal) => {
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
