// Which child processes of this test process are alive, as `ps` sees them (a
// server that outlives close() shows here), and which the raw server started
// (it writes its pid to RAW_PID_DIR).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The pids of this process's children that are alive (not zombies), `ps` itself left out. */
export function liveChildren(): number[] {
  const table = execFileSync("ps", ["-A", "-o", "pid=,ppid=,stat=,comm="], { encoding: "utf8" });
  return table.split("\n").flatMap((line) => {
    const [pid, ppid, stat = "", command] = line.trim().split(/\s+/);
    const alive = ppid === String(process.pid) && !stat.startsWith("Z") && command !== "ps";
    return alive ? [Number(pid)] : [];
  });
}

/** Whether a process with this pid exists (a zombie counts: use {@link liveChildren} for children). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A raw server's pid directory and `tools/list` switch, and what they say. */
export interface RawServerProbe {
  /** The environment that points the raw server at them. */
  readonly env: { readonly RAW_PID_DIR: string; readonly RAW_LIST_SWITCH: string };
  /** How the next `tools/list` answers: list, hang or error. */
  setList(behaviour: "list" | "hang" | "error"): void;
  /** Every pid that started, in no particular order. */
  started(): number[];
  /** The pids that received a `tools/list`. */
  listing(): number[];
}

/** A fresh pid directory and list switch (listing normally) in a temporary directory. */
export function createRawServerProbe(): RawServerProbe {
  const dir = mkdtempSync(join(tmpdir(), "x-servers-raw-"));
  const pidDir = mkdtempSync(join(dir, "pids-"));
  const listSwitch = join(dir, "list");
  const pids = (suffix: string) =>
    readdirSync(pidDir)
      .filter((name) => /^\d+$/.test(name.slice(0, name.length - suffix.length)) && name.endsWith(suffix))
      .map((name) => Number(name.slice(0, name.length - suffix.length)));
  return {
    env: { RAW_PID_DIR: pidDir, RAW_LIST_SWITCH: listSwitch },
    setList: (behaviour) => writeFileSync(listSwitch, behaviour),
    started: () => pids(""),
    listing: () => pids(".listing"),
  };
}
