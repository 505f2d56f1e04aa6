import { createServer } from "node:net";
import type { Server } from "node:net";
import { describe, expect, it } from "vitest";
import { choosePort, DEFAULT_PORT } from "./choose-port";

describe("choosePort", () => {
  it.each([
    ["0", 0],
    ["8123", 8123],
  ])("takes PORT=%s as it is", async (text, port) => {
    await expect(choosePort(text)).resolves.toEqual({ port });
  });

  it.each(["abc", "-1", "65536", "1.5"])("refuses PORT=%s, saying what it takes", async (text) => {
    const choice = await choosePort(text);
    expect("error" in choice && choice.error).toContain(`PORT=${JSON.stringify(text)} is not a port number`);
  });

  it("falls back to a free port, and says so, when the default one is busy", async () => {
    // Hold the default port (unless something else holds it already: busy either way).
    const holder: Server = createServer();
    await new Promise<void>((resolve) => {
      holder.once("error", () => resolve());
      holder.listen(DEFAULT_PORT, "127.0.0.1", () => resolve());
    });
    try {
      await expect(choosePort(undefined)).resolves.toEqual({
        port: 0,
        note: `port ${DEFAULT_PORT} is busy (another playground?): using a free one`,
      });
    } finally {
      await new Promise<void>((resolve) => (holder.listening ? holder.close(() => resolve()) : resolve()));
    }
  });
});
