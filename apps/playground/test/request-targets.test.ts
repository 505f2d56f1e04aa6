// Request targets that are not URLs, sent byte for byte over a TCP socket (no
// HTTP client would send them): the playground answers 400 and keeps serving.
// A web page can send some of them (`<img src="http://127.0.0.1:PORT//">`).
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../src/server/logger";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { rawRequest } from "./raw-http";

let playground: Playground;

/** Writes `text` to a fresh connection and resolves with everything the server sent until it closed. */
function sendBytes(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
}

async function stillServing(): Promise<void> {
  const response = await rawRequest(playground.port, {
    method: "GET",
    path: "/api/state",
    headers: { host: `127.0.0.1:${playground.port}`, authorization: `Bearer ${playground.token}` },
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  playground = await startPlayground({ servers: [], port: 0, logger: silentLogger });
});

afterAll(async () => {
  await playground?.close();
});

describe("request targets that are not URLs", () => {
  it.each(["//", "///", "//[", "//%", "//@", "//[::1", "//a:b@"])(
    "answers %s with 400 and keeps serving",
    async (target) => {
      const answer = await sendBytes(
        playground.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${playground.port}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('"code":"bad-target"');
      await stillServing();
    },
  );
});
