import { strictSchema } from "@x/strict-schema";
import { describe, expect, it } from "vitest";
import { buildToolset } from "./build-toolset";
import { prepareToolDefinitions } from "./prepare-tool-definitions";
import type { StrictMode } from "./prepare-tool-definitions";

const convertible = {
  type: "object",
  properties: { q: { type: "string" }, limit: { type: "integer" } },
  required: ["q"],
};
const strictForm = {
  type: "object",
  properties: { q: { type: "string" }, limit: { type: ["integer", "null"] } },
  required: ["limit", "q"],
  additionalProperties: false,
};
const unconvertible = { type: "object", properties: { v: { oneOf: [{ type: "string" }, { type: "number" }] } } };
const oneOfError = strictSchema(unconvertible);

const { toolset } = buildToolset({
  s: [
    { name: "search", description: "Searches.", inputSchema: convertible },
    { name: "pick", title: "Pick", inputSchema: unconvertible },
    { name: "bare", inputSchema: { type: "object" } },
  ],
});

describe("prepareToolDefinitions", () => {
  it("the strict result of the fixtures is what the tests below expect", () => {
    expect(strictSchema(convertible)).toMatchObject({ ok: true, schema: strictForm, nullPaths: [["limit"]] });
    expect(oneOfError).toMatchObject({ ok: false, error: { path: ["properties", "v"], keyword: "oneOf" } });
  });

  it.each<[string, StrictMode | undefined]>([
    ["auto by default", undefined],
    ["auto", "auto"],
  ])(
    "%s: strict where possible, the others sent non-strict with their original schema and listed in fallbacks",
    (_what, strict) => {
      const { tools, report, plans } = prepareToolDefinitions(toolset, strict === undefined ? {} : { strict });
      expect(tools).toEqual([
        {
          name: "s__bare",
          parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
          strict: true,
        },
        { name: "s__pick", description: "Pick", parameters: unconvertible, strict: false },
        { name: "s__search", description: "Searches.", parameters: strictForm, strict: true },
      ]);
      expect(report).toEqual({
        fallbacks: { s__pick: oneOfError.ok ? undefined : oneOfError.error },
        excluded: {},
        relaxed: {},
        encoded: {},
        described: {},
        rewrites: {},
      });
      expect(plans).toEqual({
        s__bare: { nullPaths: [], encodings: [] },
        s__pick: { nullPaths: [], encodings: [] },
        s__search: { nullPaths: [["limit"]], encodings: [] },
      });
    },
  );

  it("true: tools without a strict form are left out and listed in excluded", () => {
    const { tools, report, plans } = prepareToolDefinitions(toolset, { strict: true });
    expect(tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ["s__bare", true],
      ["s__search", true],
    ]);
    expect(report.fallbacks).toEqual({});
    expect(Object.keys(report.excluded)).toEqual(["s__pick"]);
    // The excluded tool has no plan: it was not offered, so no call to it resolves.
    expect(Object.keys(plans)).toEqual(["s__bare", "s__search"]);
    expect(plans["s__search"]?.nullPaths).toEqual([["limit"]]);
    expect(report.excluded["s__pick"]).toMatchObject({ keyword: "oneOf" });
  });

  it("false: every tool non-strict with its original schema, each offered with no null paths", () => {
    const { tools, report, plans } = prepareToolDefinitions(toolset, { strict: false });
    expect(tools).toEqual([
      { name: "s__bare", parameters: { type: "object" }, strict: false },
      { name: "s__pick", description: "Pick", parameters: unconvertible, strict: false },
      { name: "s__search", description: "Searches.", parameters: convertible, strict: false },
    ]);
    const none = { nullPaths: [], encodings: [] };
    expect(report).toEqual({ fallbacks: {}, excluded: {}, relaxed: {}, encoded: {}, described: {}, rewrites: {} });
    expect(plans).toEqual({ s__bare: none, s__pick: none, s__search: none });
  });

  it.each<[StrictMode]>([["auto"], [true], [false]])(
    "strict %s: plans has an entry for exactly the tools sent",
    (strict) => {
      const { tools, plans } = prepareToolDefinitions(toolset, { strict });
      expect(Object.keys(plans)).toEqual(tools.map((tool) => tool.name));
      for (const tool of tools)
        expect(plans[tool.name]?.nullPaths).toEqual(tool.strict && tool.name === "s__search" ? [["limit"]] : []);
    },
  );

  it("passes strictOptions to strictSchema", () => {
    const { report } = prepareToolDefinitions(toolset, {
      strict: "auto",
      strictOptions: { limits: { maxProperties: 1 } },
    });
    expect(report.fallbacks["s__search"]).toMatchObject({ keyword: "max_properties" });
  });

  describe("relaxations (strictOptions.relax) are reported", () => {
    const discriminated = {
      type: "object",
      properties: {
        shape: {
          oneOf: [
            {
              type: "object",
              properties: { kind: { const: "circle" }, r: { type: "number" } },
              required: ["kind", "r"],
            },
            {
              type: "object",
              properties: { kind: { const: "square" }, side: { type: "number" } },
              required: ["kind", "side"],
            },
          ],
        },
        both: {
          allOf: [
            { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
            { type: "object", properties: { b: { type: "string" } }, required: ["b"] },
          ],
        },
      },
      required: ["shape", "both"],
    };
    const relaxable = buildToolset({
      s: [
        { name: "draw", inputSchema: discriminated },
        { name: "search", inputSchema: convertible },
      ],
    }).toolset;

    it.each<[StrictMode]>([["auto"], [true]])(
      "strict %s: each tool a relaxation made strict, with where and which",
      (strict) => {
        const { tools, report } = prepareToolDefinitions(relaxable, {
          strict,
          strictOptions: { relax: { oneOf: true, allOf: true } },
        });
        expect(tools.map((tool) => [tool.name, tool.strict])).toEqual([
          ["s__draw", true],
          ["s__search", true],
        ]);
        expect(report.relaxed).toEqual({
          s__draw: [
            { kind: "oneOf-as-anyOf", path: ["properties", "shape"] },
            { kind: "allOf-merged", path: ["properties", "both"] },
          ],
        });
        expect(Object.getPrototypeOf(report.relaxed)).toBeNull();
      },
    );

    it("lists what strictSchema lists, tool by tool", () => {
      const { report } = prepareToolDefinitions(relaxable, { strictOptions: { relax: { oneOf: true, allOf: true } } });
      const result = strictSchema(discriminated, { relax: { oneOf: true, allOf: true } });
      expect(result.ok && report.relaxed["s__draw"]).toEqual(result.ok ? result.relaxations : undefined);
    });

    it("is empty without relax (the tool falls back), and under strict: false", () => {
      expect(prepareToolDefinitions(relaxable).report.relaxed).toEqual({});
      expect(Object.keys(prepareToolDefinitions(relaxable).report.fallbacks)).toEqual(["s__draw"]);
      expect(
        prepareToolDefinitions(relaxable, { strict: false, strictOptions: { relax: { oneOf: true } } }).report.relaxed,
      ).toEqual({});
    });
  });

  describe("encodings (on unless strictOptions.encode is false)", () => {
    const maps = buildToolset({
      s: [
        {
          name: "request",
          inputSchema: {
            type: "object",
            properties: {
              url: { type: "string" },
              headers: { type: "object", additionalProperties: { type: "string" } },
            },
            required: ["url"],
          },
        },
      ],
    }).toolset;

    it("sends a tool with an open map strict, lists it in encoded, and reports its plan", () => {
      const { tools, report, plans } = prepareToolDefinitions(maps);
      const converted = strictSchema(maps.entries[0]?.tool.inputSchema, { encode: true });
      expect(converted.ok).toBe(true);
      if (!converted.ok) return;
      expect(tools).toEqual([{ name: "s__request", parameters: converted.schema, strict: true }]);
      expect(report.encoded).toEqual({ s__request: [{ kind: "entries", path: ["headers"] }] });
      expect(plans).toEqual({
        s__request: { nullPaths: [["headers"]], encodings: [{ kind: "entries", path: ["headers"] }] },
      });
      expect(JSON.parse(JSON.stringify(plans))).toEqual(plans);
      expect(report.fallbacks).toEqual({});
    });

    it.each<[StrictMode]>([["auto"], [true]])("strict %s with encode: false: the map has no strict form", (strict) => {
      const { tools, report } = prepareToolDefinitions(maps, { strict, strictOptions: { encode: false } });
      expect(report.encoded).toEqual({});
      expect(Object.keys(strict === true ? report.excluded : report.fallbacks)).toEqual(["s__request"]);
      expect(tools.every((tool) => !tool.strict)).toBe(true);
    });
  });

  it("keys its records by exposed name in null-prototype objects", () => {
    const own = buildToolset(
      {
        s: [
          { name: "__proto__", inputSchema: convertible },
          { name: "constructor", inputSchema: unconvertible },
        ],
      },
      { prefix: false },
    );
    const { report, plans } = prepareToolDefinitions(own.toolset);
    for (const record of [report.fallbacks, report.excluded, report.relaxed, plans, report.encoded]) {
      expect(Object.getPrototypeOf(record)).toBeNull();
    }
    expect(Object.keys(plans)).toEqual(["__proto__", "constructor"]);
    expect(plans["__proto__"]?.nullPaths).toEqual([["limit"]]);
    expect(Object.keys(report.fallbacks)).toEqual(["constructor"]);
    expect("toString" in plans).toBe(false);
  });

  it("gives parameters the caller may change without touching the toolset", () => {
    for (const strict of ["auto", true, false] as const) {
      const { tools } = prepareToolDefinitions(toolset, { strict });
      for (const tool of tools) {
        expect(Object.isFrozen(tool.parameters)).toBe(false);
        tool.parameters["x-changed"] = true;
      }
    }
    expect(
      prepareToolDefinitions(toolset, { strict: false }).tools.every((tool) => !("x-changed" in tool.parameters)),
    ).toBe(true);
    expect(toolset.resolve("s__search")?.tool.inputSchema).toEqual(convertible);
  });

  it.each(["yes", 1, null])("refuses strict %j: a caller's mistake", (strict) => {
    expect(() => prepareToolDefinitions(toolset, { strict: strict as unknown as StrictMode })).toThrow(
      expect.objectContaining({
        code: "invalid-options",
        message: expect.stringContaining('strict must be "auto", true or false') as string,
      }),
    );
  });

  it("gives nothing for an empty toolset", () => {
    expect(prepareToolDefinitions(buildToolset({}).toolset)).toEqual({
      tools: [],
      report: { fallbacks: {}, excluded: {}, relaxed: {}, encoded: {}, described: {}, rewrites: {} },
      plans: {},
    });
  });
});
