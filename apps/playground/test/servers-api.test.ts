// The API of what servers do besides answering, over real HTTP: a tool's
// request for input pushed as an event and answered by `POST /api/elicit`
// (and its refusals), the request answered `cancel` when the call is
// cancelled, and `GET /api/notifications` (behind the token like every
// other API request). Against server-everything over stdio.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallResponse, NotificationsResponse, PushedEvent } from "../src/shared/api-types";
import { silentLogger } from "../src/server/logger";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { everythingServerSpec } from "../src/server/server-spec";
import { openTestEventStream } from "./event-stream-client";
import { rawRequest } from "./raw-http";

let playground: Playground;

beforeAll(async () => {
  playground = await startPlayground({ servers: [everythingServerSpec()], port: 0, logger: silentLogger });
});

afterAll(async () => {
  await playground?.close();
});

function headers(extra: { [name: string]: string } = {}): { [name: string]: string } {
  return {
    host: `127.0.0.1:${playground.port}`,
    authorization: `Bearer ${playground.token}`,
    origin: `http://127.0.0.1:${playground.port}`,
    "content-type": "application/json",
    ...extra,
  };
}

async function post(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await rawRequest(playground.port, {
    method: "POST",
    path,
    headers: headers(),
    body: JSON.stringify(body),
  });
  return { status: response.status, json: response.json() };
}

const isElicitation = (event: PushedEvent): boolean => event.type === "elicitation-request";

describe("POST /api/elicit", () => {
  it("answers a tool's request for input that the page was shown", async () => {
    const stream = await openTestEventStream(playground.port, headers());
    const called = post("/api/call", {
      tool: "everything__trigger-elicitation-request",
      arguments: "{}",
      strict: "false",
      api: "chat",
      runId: "elicit-1",
    });
    const event = await stream.next(isElicitation);
    if (event.type !== "elicitation-request") throw new Error("not an elicitation-request");
    expect(event.runId).toBe("elicit-1");
    expect(event.request).toMatchObject({
      server: "everything",
      toolName: "trigger-elicitation-request",
      mode: "form",
      message: "Please provide inputs for the following fields:",
      url: null,
    });
    const { elicitationId } = event.request;
    const answered = await post("/api/elicit", {
      runId: "elicit-1",
      elicitationId,
      action: "accept",
      content: { name: "Grace Hopper" },
    });
    expect(answered).toEqual({ status: 200, json: { answered: elicitationId, action: "accept" } });
    const { status, json } = await called;
    expect(status).toBe(200);
    expect(JSON.stringify((json as CallResponse).outputs.chat)).toContain("Name: Grace Hopper");
    // Answered once: a second answer finds nothing waiting.
    expect((await post("/api/elicit", { runId: "elicit-1", elicitationId, action: "decline" })).status).toBe(404);
    stream.close();
  });

  it("answers cancel for a request whose call is cancelled, and the page can no longer answer it", async () => {
    const stream = await openTestEventStream(playground.port, headers());
    const called = post("/api/call", {
      tool: "everything__trigger-elicitation-request",
      arguments: "{}",
      strict: "false",
      api: "chat",
      runId: "elicit-2",
    });
    const event = await stream.next(isElicitation);
    if (event.type !== "elicitation-request") throw new Error("not an elicitation-request");
    expect((await post("/api/call/cancel", { runId: "elicit-2" })).status).toBe(200);
    expect((await called).status).toBe(200);
    const late = await post("/api/elicit", {
      runId: "elicit-2",
      elicitationId: event.request.elicitationId,
      action: "accept",
    });
    expect(late.status).toBe(404);
    stream.close();
  });

  it.each([
    ["no body fields", {}],
    ["an unknown action", { runId: "r", elicitationId: "e", action: "maybe" }],
    ["content with decline", { runId: "r", elicitationId: "e", action: "decline", content: {} }],
    ["content that is not an object", { runId: "r", elicitationId: "e", action: "accept", content: [1] }],
  ])("refuses a malformed answer (%s) with 400", async (_, body) => {
    expect((await post("/api/elicit", body)).status).toBe(400);
  });

  it("refuses an answer to a request nobody made with 404", async () => {
    expect((await post("/api/elicit", { runId: "r", elicitationId: "e", action: "cancel" })).status).toBe(404);
  });
});

describe("GET /api/notifications", () => {
  it("lists what the servers sent, behind the token", async () => {
    const refused = await rawRequest(playground.port, {
      method: "GET",
      path: "/api/notifications",
      headers: { host: `127.0.0.1:${playground.port}` },
    });
    expect(refused.status).toBe(401);
    const response = await rawRequest(playground.port, {
      method: "GET",
      path: "/api/notifications",
      headers: headers(),
    });
    expect(response.status).toBe(200);
    // server-everything says its tool list changed once it knows the client can answer requests for input.
    const { notifications } = response.json<NotificationsResponse>();
    expect(notifications.some((n) => n.server === "everything" && n.kind === "list")).toBe(true);
  });
});
