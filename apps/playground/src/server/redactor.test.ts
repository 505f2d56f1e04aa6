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

  it("hides credential-shaped words in what a tool returned, never in ids, arguments or images", () => {
    const token = "ghp_abcdefghijklmnop1234";
    const id = "call_RdNiwBZ4szKy2NTo12";
    const image = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB";
    expect(
      redactor.outputs({
        content: [
          { type: "text", text: `token ${token}` },
          { type: "image", data: image, mimeType: "image/png" },
        ],
        structuredContent: { env: { TOKEN: token } },
        outputs: {
          chat: { role: "tool", tool_call_id: id, content: `token ${token}` },
          responses: { type: "function_call_output", call_id: id, output: [{ type: "input_image", image_url: image }] },
        },
        arguments: `{"token":"${token}"}`,
      }),
    ).toEqual({
      content: [
        { type: "text", text: "token [hidden]" },
        { type: "image", data: image, mimeType: "image/png" },
      ],
      structuredContent: { env: { TOKEN: "[hidden]" } },
      outputs: {
        chat: { role: "tool", tool_call_id: id, content: "token [hidden]" },
        responses: { type: "function_call_output", call_id: id, output: [{ type: "input_image", image_url: image }] },
      },
      arguments: `{"token":"${token}"}`,
    });
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

describe("createRedactor: a text that arrives in pieces (a streamed answer)", () => {
  const secret = "s3cr3t-t0k3n-XYZ";
  const redactor = createRedactor([
    [secret, "[hidden]"],
    ["t0k3n-XYZ-longer", "[hidden]"],
  ]);
  const text = `The env says API_TOKEN=${secret}; then t0k3n-XYZ-longer, and done.`;
  const whole = redactor.json(text) as string;

  /** Every run of 4 characters of a secret: what must never reach the page. */
  const fragments = [secret, "t0k3n-XYZ-longer"].flatMap((known) =>
    Array.from({ length: known.length - 3 }, (_, i) => known.slice(i, i + 4)),
  );

  it.each([1, 2, 3, 5, 7, 11])("cut every %i characters, shows no part of a secret, in order", (size) => {
    const next = redactor.pieces();
    const shown: string[] = [];
    for (let at = 0; at < text.length; at += size) shown.push(next(text.slice(at, at + size)));
    const joined = shown.join("");
    for (const fragment of fragments) expect(joined).not.toContain(fragment);
    expect(whole.startsWith(joined)).toBe(true);
    // What is held back is at most a secret's length, so the page is never far behind.
    expect(whole.length - joined.length).toBeLessThan("t0k3n-XYZ-longer".length);
  });

  it("cut at every pair of places, shows no part of a secret", () => {
    for (let a = 1; a < text.length; a++) {
      for (let b = a; b < text.length; b++) {
        const next = redactor.pieces();
        const joined = [text.slice(0, a), text.slice(a, b), text.slice(b)].map(next).join("");
        for (const fragment of fragments) expect(joined).not.toContain(fragment);
        expect(whole.startsWith(joined)).toBe(true);
      }
    }
  });

  it("shows a piece that cannot be the start of a secret at once", () => {
    const next = redactor.pieces();
    expect(next("The ")).toBe("The ");
    expect(next("answer is 42.")).toBe("answer is 42.");
  });

  it("holds back an end that a secret starts with, until the next piece shows what it is", () => {
    const next = redactor.pieces();
    expect(next("token s3cr")).toBe("token ");
    expect(next("et, no: s3cr3t-t0k3n-XYZ!")).toBe("s3cret, no: [hidden]!");
  });
});
