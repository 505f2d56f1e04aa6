import { describe, expect, it } from "vitest";
import { createRedactor } from "./redactor";

describe("createRedactor", () => {
  const redactor = createRedactor([
    ["hunter2", "[hidden]"],
    ["pw", "[hidden]"],
  ]);

  it("replaces known secrets in every string and key of an answer, and nothing else", () => {
    expect(redactor.json({ text: "hunter2 twice: hunter2", hunter2: ["a pw"] })).toEqual({
      text: "[hidden] twice: [hidden]",
      "[hidden]": ["a pw"],
    });
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

describe("createRedactor on adversarial text (what a hostile MCP server can send)", () => {
  const redactor = createRedactor([["hunter2", "[hidden]"]]);
  const MB = 1_000_000;
  it.each([
    ["a-a-a-…", "a-".repeat(MB / 2)],
    ["a.a.a.…", "a.".repeat(MB / 2)],
    ["one long word", "a".repeat(MB)],
    ["a scheme with no end", `a://${".".repeat(MB)}`],
    ["a:/a:/…", "a:/".repeat(MB / 3)],
    ["a://. repeated", "a://. ".repeat(MB / 6)],
    ["x+y.z-…", "x+y.z-".repeat(MB / 6)],
    ["almost a secret, repeated", "hunter".repeat(MB / 6)],
  ])("redacts 1 MB of %s in well under a second", (_, text) => {
    const start = performance.now();
    const redacted = redactor.message(text);
    // A generous bound: the quadratic pattern took minutes here, the linear one takes milliseconds.
    expect(performance.now() - start).toBeLessThan(1000);
    expect(redacted).toBe(text);
  });

  it("still finds a URL after a long run of scheme characters", () => {
    expect(redactor.message(`${"a-".repeat(1000)} see http://u:p@host/x`)).toBe(
      `${"a-".repeat(1000)} see http://host/x`,
    );
    expect(redactor.message("(ftp://u:p@host/x).")).toBe("(ftp://host/x).");
  });
});
