// A script that forgets close() (and `await using`) still exits once its work
// is done, and its servers' processes end with it: run for real, as a child
// process, with three stdio servers and two over Streamable HTTP: one of
// 2026-07-28 (its subscriptions/listen stream stays open) and one of the 2025
// era (its GET stream stays open).
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { isRunning } from "./__fixtures__/child-processes";
import { everythingServer } from "./__fixtures__/everything-server";
import { startStreamableServer } from "./__fixtures__/http-servers";
import { startV2HttpServer } from "@x/testing";

const tsx = createRequire(import.meta.url).resolve("tsx");
const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));

describe("a script that never closes its servers", () => {
  it("exits when its work is done, and no server process outlives it", async () => {
    const [remote, older] = await Promise.all([startV2HttpServer(), startStreamableServer()]);
    try {
      const dir = mkdtempSync(join(tmpdir(), "x-servers-forgets-"));
      const servers = {
        everything: everythingServer,
        calc: { command: process.execPath, args: ["--import", tsx, fixture("calculator-stdio.ts")] },
        raw: { command: process.execPath, args: [fixture("raw-paging-server.mjs")] },
        remote: { url: remote.url },
        older: { url: older.url },
      };
      writeFileSync(join(dir, "mcp.json"), JSON.stringify({ mcpServers: servers }));
      // execFile's timeout kills a script that hangs: the test then fails on its signal.
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ["--conditions=@x/source", "--import", tsx, fixture("forgets-close.ts"), "mcp.json"],
        { cwd: dir, env: { PATH: process.env["PATH"] }, timeout: 20_000 },
      );
      expect(stderr).toBe("");
      const { content, pids } = JSON.parse(stdout) as { content: unknown; pids: number[] };
      expect(content).toEqual([{ type: "text", text: "5" }]);
      expect(pids).toHaveLength(3);
      // SIGTERM was sent as the script exited; each server ends as it handles it.
      await vi.waitFor(() => expect(pids.filter(isRunning)).toEqual([]), { timeout: 10_000 });
      // The streams that stayed open until the script exited.
      expect(remote.requests.map((request) => request.rpcMethod)).toContain("subscriptions/listen");
      expect(older.requests.map((request) => request.method)).toContain("GET");
    } finally {
      await Promise.all([remote.close(), older.close()]);
    }
  }, 45_000);
});
