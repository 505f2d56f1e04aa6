// The v2 calculator over stdio as the SDK serves MCP 2026-07-28 (`serveStdio`:
// the era is the one the client opens with), plus `grow`, which adds the tool
// `subtract` to the running server (its tools change).
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";
import { createCalculator } from "./calculator-server";

serveStdio(() => {
  const server = createCalculator();
  server.registerTool("grow", { description: "Adds the tool subtract.", inputSchema: z.object({}) }, () => {
    server.registerTool(
      "subtract",
      { description: "Subtracts b from a.", inputSchema: z.object({ a: z.number(), b: z.number() }) },
      ({ a, b }) => ({ content: [{ type: "text", text: String(a - b) }] }),
    );
    return { content: [{ type: "text", text: "grew" }] };
  });
  return server;
});
