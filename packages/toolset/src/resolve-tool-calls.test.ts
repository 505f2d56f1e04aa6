import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildToolset } from "./build-toolset";
import { resolveToolCalls } from "./resolve-tool-calls";
import type { RawToolCall } from "./resolve-tool-calls";
import type { Toolset } from "./build-toolset";
import type { PlansByTool } from "./prepared-tools";

const schema = {
  type: "object",
  properties: { path: { type: "string" }, limit: { type: "integer" } },
  required: ["path"],
};
const { toolset } = buildToolset({
  files: [
    { name: "read", inputSchema: schema },
    { name: "write", inputSchema: schema },
  ],
});
// Plans that strip the null strict mode adds for each named path.
const plansOf = (nullPaths: { [name: string]: (string | null)[][] }): PlansByTool =>
  Object.fromEntries(Object.entries(nullPaths).map(([name, paths]) => [name, { nullPaths: paths, encodings: [] }]));
// Every tool of the toolset offered, with nothing to undo.
const everyTool = (tools: Toolset) => ({
  toolset: tools,
  plans: plansOf(Object.fromEntries(tools.entries.map((e) => [e.name, []]))),
});
const prepared = { toolset, plans: plansOf({ files__read: [["limit"]], files__write: [["limit"]] }) };

const call = (
  callId: string,
  name: string,
  args: unknown,
  index: number,
  kind: RawToolCall["kind"] = "function",
): RawToolCall => ({
  callId,
  name,
  arguments: args,
  index,
  kind,
});

describe("resolveToolCalls", () => {
  it("resolves a function call to its server and original name, with strict nulls stripped", () => {
    expect(resolveToolCalls([call("c1", "files__read", '{"path":"a.txt","limit":null}', 0)], prepared)).toEqual({
      calls: [
        {
          callId: "c1",
          name: "files__read",
          server: "files",
          toolName: "read",
          arguments: { path: "a.txt" },
          index: 0,
        },
      ],
      rejected: [],
      searches: [],
    });
  });

  it("strips nothing without null paths", () => {
    const { calls } = resolveToolCalls([call("c1", "files__read", '{"path":"a","limit":null}', 0)], everyTool(toolset));
    expect(calls[0]?.arguments).toEqual({ path: "a", limit: null });
  });

  it("reads empty arguments as {}", () => {
    expect(resolveToolCalls([call("c1", "files__read", "", 0)], everyTool(toolset)).calls[0]?.arguments).toEqual({});
  });

  it.each<[string, RawToolCall, string, string]>([
    [
      "an unknown name",
      call("c1", "files__delete", "{}", 0),
      "unknown-tool",
      'There is no tool named "files__delete". Available tools: files__read, files__write.',
    ],
    [
      "the original tool name instead of the exposed one",
      call("c1", "read", "{}", 0),
      "unknown-tool",
      'There is no tool named "read".',
    ],
    ["__proto__", call("c1", "__proto__", "{}", 0), "unknown-tool", 'There is no tool named "__proto__".'],
    ["constructor", call("c1", "constructor", "{}", 0), "unknown-tool", 'There is no tool named "constructor".'],
    ["an empty name", call("c1", "", "{}", 0), "unknown-tool", 'There is no tool named "".'],
    ["broken JSON", call("c1", "files__read", '{"path":', 0), "arguments-not-json", "The arguments are not valid JSON"],
    [
      "an array of arguments",
      call("c1", "files__read", "[]", 0),
      "arguments-not-object",
      "The arguments must be a JSON object, got an array.",
    ],
    [
      "a custom tool call",
      call("c1", "shell", "ls", 0, "unsupported"),
      "unsupported-call",
      '"shell" is not a function tool: this client runs function calls only.',
    ],
    [
      "an unsupported call even with a known name",
      call("c1", "files__read", "{}", 0, "unsupported"),
      "unsupported-call",
      "is not a function tool",
    ],
  ])("rejects %s", (_what, raw, code, message) => {
    const { calls, rejected } = resolveToolCalls([raw], prepared);
    expect(calls).toEqual([]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ callId: "c1", name: raw.name, index: 0, error: { code } });
    expect(rejected[0]?.error.message).toContain(message);
  });

  it("shortens a long unknown name in its message", () => {
    const { rejected } = resolveToolCalls([call("c1", "x".repeat(500), "{}", 0)], everyTool(toolset));
    expect(rejected[0]?.error.message).toContain(`"${"x".repeat(100)}…"`);
    expect(rejected[0]?.error.message).not.toContain("x".repeat(101));
  });

  it("lists the first 20 names and how many more", () => {
    const many = buildToolset({
      s: Array.from({ length: 25 }, (_, i) => ({ name: `t${String(i).padStart(2, "0")}`, inputSchema: schema })),
    });
    const { rejected } = resolveToolCalls([call("c1", "nope", "{}", 0)], everyTool(many.toolset));
    const listed = Array.from({ length: 20 }, (_, i) => `s__t${String(i).padStart(2, "0")}`).join(", ");
    expect(rejected[0]?.error.message).toBe(`There is no tool named "nope". Available tools: ${listed} and 5 more.`);
  });

  it("says when there is no tool at all", () => {
    const { rejected } = resolveToolCalls([call("c1", "nope", "{}", 0)], everyTool(buildToolset({}).toolset));
    expect(rejected[0]?.error.message).toBe('There is no tool named "nope". No tools are available.');
  });

  it("rejects every call sharing an id, and answers that id once, at its first index", () => {
    const { calls, rejected } = resolveToolCalls(
      [
        call("dup", "files__write", '{"path":"b"}', 3),
        call("dup", "files__read", '{"path":"a"}', 0),
        call("ok", "files__read", '{"path":"c"}', 1),
        call("dup", "nope", "not json", 2),
      ],
      everyTool(toolset),
    );
    expect(calls.map((c) => c.callId)).toEqual(["ok"]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({
      callId: "dup",
      name: "files__read",
      index: 0,
      error: { code: "duplicate-call-id", fault: "model" },
    });
    expect(rejected[0]?.error.message).toBe(
      '3 calls share the call id "dup" (indexes 0, 2, 3), so none of them was run. Give each call its own id.',
    );
  });

  it("returns calls and rejections each in index order, whatever the input order", () => {
    const { calls, rejected } = resolveToolCalls(
      [
        call("c4", "nope", "{}", 4),
        call("c2", "files__write", '{"path":"b"}', 2),
        call("c3", "files__read", "[", 3),
        call("c0", "files__read", '{"path":"a"}', 0),
        call("c1", "nope", "{}", 1),
      ],
      everyTool(toolset),
    );
    expect(calls.map((c) => c.index)).toEqual([0, 2]);
    expect(rejected.map((r) => r.index)).toEqual([1, 3, 4]);
  });

  it("reads plans only from the record's own keys: an inherited key offers nothing", () => {
    const own = buildToolset(
      {
        s: [
          { name: "constructor", inputSchema: schema },
          { name: "toString", inputSchema: schema },
        ],
      },
      { prefix: false },
    );
    const { calls, rejected } = resolveToolCalls(
      [
        call("c1", "constructor", '{"path":"a","limit":null}', 0),
        call("c2", "toString", '{"path":"a","limit":null}', 1),
      ],
      { toolset: own.toolset, plans: plansOf({ toString: [] }) },
    );
    expect(rejected).toMatchObject([
      {
        callId: "c1",
        error: { code: "unknown-tool", message: 'There is no tool named "constructor". Available tools: toString.' },
      },
    ]);
    expect(calls).toMatchObject([{ callId: "c2", arguments: { path: "a", limit: null } }]);
  });

  describe("only the tools offered resolve", () => {
    const three = buildToolset({
      files: ["read", "write", "delete"].map((name) => ({ name, inputSchema: schema })),
    }).toolset;
    // What prepareToolDefinitions reports when files__delete was left out (strict: true, no strict form).
    const offered = { toolset: three, plans: plansOf({ files__read: [["limit"]], files__write: [] }) };

    it("rejects a toolset tool that was not offered as unknown-tool, listing only the offered names", () => {
      const { calls, rejected } = resolveToolCalls(
        [call("c1", "files__delete", '{"path":"a"}', 0), call("c2", "files__read", '{"path":"a","limit":null}', 1)],
        offered,
      );
      expect(rejected).toHaveLength(1);
      expect(rejected[0]).toMatchObject({
        callId: "c1",
        name: "files__delete",
        index: 0,
        error: { code: "unknown-tool", fault: "model" },
      });
      expect(rejected[0]?.error.message).toBe(
        'There is no tool named "files__delete". Available tools: files__read, files__write.',
      );
      expect(calls).toEqual([
        { callId: "c2", name: "files__read", server: "files", toolName: "read", arguments: { path: "a" }, index: 1 },
      ]);
    });

    it("runs a tool offered with nothing to undo (sent non-strict) with its arguments as sent", () => {
      const { calls } = resolveToolCalls([call("c1", "files__write", '{"path":"a","limit":null}', 0)], offered);
      expect(calls[0]?.arguments).toEqual({ path: "a", limit: null });
    });

    it("lists only names of the toolset: a plan the toolset has no tool for is not offered", () => {
      const { rejected } = resolveToolCalls([call("c1", "ghost", "{}", 0)], {
        toolset: three,
        plans: plansOf({ ghost: [], files__read: [] }),
      });
      expect(rejected[0]?.error.message).toBe('There is no tool named "ghost". Available tools: files__read.');
    });

    it("says when nothing was offered", () => {
      const { rejected } = resolveToolCalls([call("c1", "files__read", "{}", 0)], { toolset: three, plans: {} });
      expect(rejected[0]?.error.message).toBe('There is no tool named "files__read". No tools are available.');
    });

    it("never runs a call to a tool that was not offered (property)", () => {
      const names = fc.constantFrom("files__read", "files__write", "files__delete", "nope");
      const offeredSets = fc.subarray(["files__read", "files__write", "files__delete"]);
      fc.assert(
        fc.property(fc.array(names, { maxLength: 8 }), offeredSets, (called, offeredNames) => {
          const paths = plansOf(Object.fromEntries(offeredNames.map((name) => [name, []])));
          const raw = called.map((name, index) => call(`c${index}`, name, "{}", index));
          const { calls, rejected } = resolveToolCalls(raw, { toolset: three, plans: paths });
          for (const c of calls) expect(offeredNames).toContain(c.name);
          for (const r of rejected) expect(offeredNames.includes(r.name)).toBe(false);
          expect(calls.length + rejected.length).toBe(raw.length);
        }),
        { numRuns: 200 },
      );
    });
  });

  it("gives nothing for no calls", () => {
    expect(resolveToolCalls([], prepared)).toEqual({ calls: [], rejected: [], searches: [] });
  });

  it("answers every call id exactly once, in index order, and never throws", () => {
    const raw = fc
      .array(
        fc.record({
          callId: fc.constantFrom("a", "b", "c", "d", "e", "f", ""),
          name: fc.constantFrom("files__read", "files__write", "nope", "__proto__", ""),
          arguments: fc.oneof(
            fc.constantFrom('{"path":"x"}', '{"path":"x","limit":null}', "", "[", "[]", "null"),
            fc.string(),
            fc.anything(),
          ),
          kind: fc.constantFrom<RawToolCall["kind"]>("function", "function", "unsupported"),
        }),
        { maxLength: 10 },
      )
      .chain((calls) =>
        fc.shuffledSubarray(
          calls.map((c, index) => ({ ...c, index })),
          { minLength: calls.length },
        ),
      );
    fc.assert(
      fc.property(raw, (calls) => {
        const { calls: run, rejected } = resolveToolCalls(calls, prepared);
        const answered = [...run.map((c) => c.callId), ...rejected.map((r) => r.callId)].sort();
        expect(answered).toEqual([...new Set(calls.map((c) => c.callId))].sort());
        const indexes = (items: readonly { index: number }[]): number[] => items.map((item) => item.index);
        expect(indexes(run)).toEqual([...indexes(run)].sort((x, y) => x - y));
        expect(indexes(rejected)).toEqual([...indexes(rejected)].sort((x, y) => x - y));
        for (const c of run) expect(toolset.resolve(c.name)).toMatchObject({ server: c.server, toolName: c.toolName });
      }),
      { numRuns: 300 },
    );
  });
});
