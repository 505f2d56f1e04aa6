import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { rawRequest } from "../../test/raw-http";
import { safeHandler } from "./safe-handler";
import type { FailureHandler, Handler } from "./safe-handler";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

/** Serves `/fail` with `failing` and anything else with a 200 "ok", through `safeHandler`. */
async function serve(failing: Handler, onFailure: FailureHandler): Promise<number> {
  const handler: Handler = (request, response) =>
    request.url === "/fail" ? failing(request, response) : void response.end("ok");
  server = createServer(safeHandler(handler, onFailure));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  return (server.address() as AddressInfo).port;
}

const get = (port: number, path: string) => rawRequest(port, { method: "GET", path, headers: { host: "127.0.0.1" } });
const answer500: FailureHandler = (error, _request, response) =>
  void response.writeHead(500).end(`failed: ${String(error)}`);

describe("safeHandler: no exception in a handler ends the process", () => {
  it.each<[string, Handler]>([
    [
      "throws",
      () => {
        throw new Error("boom");
      },
    ],
    ["rejects", async () => Promise.reject(new Error("boom"))],
    ["rejects later", async () => new Promise((_, reject) => setTimeout(() => reject(new Error("boom")), 5))],
  ])("a handler that %s: 500, and the next request is served", async (_, failing) => {
    const port = await serve(failing, answer500);
    const failed = await get(port, "/fail");
    expect(failed.status).toBe(500);
    expect(failed.body).toBe("failed: Error: boom");
    expect((await get(port, "/")).body).toBe("ok");
  });

  it("answers a bare 500 when the failure handler throws too (a logger that fails, say)", async () => {
    const port = await serve(
      () => {
        throw new Error("boom");
      },
      () => {
        throw new Error("the logger failed");
      },
    );
    const failed = await get(port, "/fail");
    expect(failed.status).toBe(500);
    expect(failed.body).toBe("Internal error.\n");
    expect((await get(port, "/")).body).toBe("ok");
  });

  it("closes the connection when the headers were out already, and keeps serving", async () => {
    const port = await serve(
      (_request, response) => {
        response.writeHead(200, { "content-length": "10" });
        response.write("part");
        throw new Error("boom");
      },
      () => {
        throw new Error("cannot answer");
      },
    );
    await expect(get(port, "/fail")).rejects.toThrow();
    expect((await get(port, "/")).body).toBe("ok");
  });
});
