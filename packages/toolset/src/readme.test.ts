import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as example from "./__fixtures__/readme-example";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const exampleSource = readFileSync(new URL("./__fixtures__/readme-example.ts", import.meta.url), "utf8");

describe("the README example", () => {
  it("is the file the test runs, word for word", () => {
    expect(readme).toContain(`\`\`\`ts\n${exampleSource}\`\`\``);
  });

  it("gives what its comments say", () => {
    expect(example.built.toolset.entries.map((e) => e.name)).toEqual(["notes__search", "web__fetch_page"]);
    expect(example.built.report.renamed).toEqual([
      { server: "web", toolName: "fetch.page", name: "web__fetch_page", reasons: ["invalid-characters"] },
    ]);
    expect(example.built.report.sanitized).toEqual([
      {
        server: "notes",
        toolName: "search",
        name: "notes__search",
        changes: [{ path: ["description"], removed: 1, cut: false, bytes: 22 }],
      },
    ]);
    expect(example.prepared.tools[0]).toEqual({
      name: "notes__search",
      description: "Searches the notes.",
      strict: true,
      parameters: {
        type: "object",
        properties: { query: { type: "string" }, limit: { type: ["integer", "null"] } },
        required: ["limit", "query"],
        additionalProperties: false,
      },
    });
    expect(example.prepared.plans.notes__search).toEqual({ nullPaths: [["limit"]], encodings: [] });
    expect(example.prepared.plans.web__fetch_page?.nullPaths).toEqual([["headers"]]);
    expect(example.prepared.report.encoded).toEqual({ web__fetch_page: [{ kind: "entries", path: ["headers"] }] });
    expect(example.resolved.calls).toEqual([
      {
        callId: "call_1",
        name: "notes__search",
        server: "notes",
        toolName: "search",
        arguments: { query: "cats" },
        index: 0,
      },
      {
        callId: "call_3",
        name: "web__fetch_page",
        server: "web",
        toolName: "fetch.page",
        arguments: { url: "https://x.dev", headers: { accept: "text/html" } },
        index: 2,
      },
    ]);
    expect(example.resolved.rejected[0]?.error.message).toBe(
      'There is no tool named "notes__delete". Available tools: notes__search, web__fetch_page.',
    );
    expect(example.text).toBe("3 notes about cats\n[image: image/png, 8 bytes]");
  });
});
