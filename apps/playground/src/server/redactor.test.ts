import { describe, expect, it } from "vitest";
import { createRedactor } from "./redactor";

describe("createRedactor", () => {
  const redactor = createRedactor([
    ["hunter2", "[hidden]"],
    ["pw", "[hidden]"],
  ]);

  it("replaces known secrets in every string and key of an answer, and nothing else", () => {
    expect(redactor.json({ text: "hunter2 twice: hunter2", hunter2: ["a pw"] })).toEqual({ text: "[hidden] twice: [hidden]", "[hidden]": ["a pw"] });
  });

  it("strips the user, password and query of any URL in a message, known or not", () => {
    expect(redactor.message("connect to postgres://bob:xyz@db/app?sslkey=1, then http://example.com/a")).toBe(
      "connect to postgres://db/app, then http://example.com/a",
    );
  });

  it("leaves URLs in tool output alone (only messages are rewritten)", () => {
    expect(redactor.json("https://example.com/search?q=cats")).toBe("https://example.com/search?q=cats");
  });
});
