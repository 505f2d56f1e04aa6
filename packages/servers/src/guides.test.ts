// The connecting servers guide (docs/connecting-servers.md): its example is the fixture guide-servers-hooks.ts,
// word for word, and it runs: an in-process server of the SDK, whose added tool the hook reports.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { createCalculator } from "./__fixtures__/calculator-server";
import { connectWatched } from "./__fixtures__/guide-servers-hooks";

const guide = readFileSync(new URL("../../../docs/connecting-servers.md", import.meta.url), "utf8");
const fixture = readFileSync(new URL("./__fixtures__/guide-servers-hooks.ts", import.meta.url), "utf8");

describe("the connecting servers guide", () => {
  it("shows the example word for word", () => {
    expect(guide).toContain(`\`\`\`ts\n${fixture}\`\`\``);
  });

  it("tells each server's state and each change of its tools", async () => {
    const lines: string[] = [];
    const calculator = createCalculator();
    await using servers = await connectWatched({ calc: calculator }, (line) => lines.push(line));
    expect(servers.toolset.entries.map((entry) => entry.name)).toEqual(["calc__add", "calc__multiply"]);
    const changed = new Promise<void>((resolve) => {
      const seen = setInterval(() => {
        if (lines.includes("calc: +1 -0 tools")) resolve(clearInterval(seen));
      }, 5);
    });
    calculator.registerTool("negate", { inputSchema: z.object({ a: z.number() }) }, ({ a }) => ({
      content: [{ type: "text", text: String(-a) }],
    }));
    await changed;
    // (a ready server whose tools changed is reported ready again, with its new tools)
    expect(lines.slice(0, 2)).toEqual(["calc: ready", "calc: +1 -0 tools"]);
  });
});
