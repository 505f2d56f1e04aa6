import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeArguments } from "./encode-arguments";
import type { Plan } from "./plan";
import { restoreArguments } from "./restore-arguments";
import { stripNulls } from "./strip-nulls";
import { ITEMS, type NullPath } from "./types";

const HEADERS: Plan = { nullPaths: [], encodings: [{ kind: "entries", path: ["headers"] }] };
const FILTER: Plan = {
  nullPaths: [["filter"]],
  encodings: [{ kind: "json-text", path: ["filter"], parsesTo: "object" }],
};
const ANY: Plan = { nullPaths: [], encodings: [{ kind: "json-text", path: ["data"], parsesTo: "any" }] };
const REST: Plan = {
  nullPaths: [
    ["o", "_rest"],
    ["o", "b"],
  ],
  encodings: [
    { kind: "json-text", path: ["o", "_rest"], parsesTo: "object" },
    { kind: "rest", path: ["o"], property: "_rest", declared: ["a", "b"] },
  ],
};
/** A map of maps of objects with an optional property: the inner nulls and encodings run through `value`. */
const NESTED: Plan = {
  nullPaths: [["m", ITEMS, "value", ITEMS, "value", "note"]],
  encodings: [
    { kind: "entries", path: ["m", ITEMS, "value"] },
    { kind: "entries", path: ["m"] },
  ],
};

describe("restoreArguments", () => {
  it.each<[string, unknown, Plan, unknown]>([
    [
      "entries become an object",
      {
        headers: [
          { key: "a", value: "1" },
          { key: "b", value: "2" },
        ],
      },
      HEADERS,
      { headers: { a: "1", b: "2" } },
    ],
    ["no entries: an empty object", { headers: [] }, HEADERS, { headers: {} }],
    [
      "an entry's value may be anything",
      {
        headers: [
          { key: "a", value: null },
          { key: "b", value: [1] },
        ],
      },
      HEADERS,
      { headers: { a: null, b: [1] } },
    ],
    ["JSON text is parsed", { filter: '{"x":{"y":[1,2]}}' }, FILTER, { filter: { x: { y: [1, 2] } } }],
    ["an introduced null is stripped before decoding", { filter: null, keep: null }, FILTER, { keep: null }],
    ["JSON text of any value", { data: "null" }, ANY, { data: null }],
    ["JSON text of a string", { data: '"text"' }, ANY, { data: "text" }],
    ["the rest is merged back", { o: { a: 1, b: null, _rest: '{"x":2,"y":3}' } }, REST, { o: { a: 1, x: 2, y: 3 } }],
    ["no rest", { o: { a: 1, b: 2, _rest: null } }, REST, { o: { a: 1, b: 2 } }],
    [
      "a rest key may be the rest property's own name",
      { o: { a: 1, _rest: '{"_rest":0}' } },
      REST,
      { o: { a: 1, _rest: 0 } },
    ],
    [
      "a map of maps, with nulls inside",
      {
        m: [
          {
            key: "k",
            value: [
              { key: "i", value: { n: 1, note: null } },
              { key: "j", value: { n: 2, note: "x" } },
            ],
          },
        ],
      },
      NESTED,
      { m: { k: { i: { n: 1 }, j: { n: 2, note: "x" } } } },
    ],
    [
      "a value in another form (another anyOf branch) passes",
      { headers: "raw", filter: 3 },
      { nullPaths: [], encodings: [...(HEADERS.encodings ?? []), ...(FILTER.encodings ?? [])] },
      { headers: "raw", filter: 3 },
    ],
    ["a missing path is fine", { other: 1 }, NESTED, { other: 1 }],
    ["a non-object comes back as is", "text", HEADERS, "text"],
    [
      "a plan without encodings is stripNulls",
      { a: null, b: [{ c: null }] },
      { nullPaths: [["a"], ["b", ITEMS, "c"]] },
      { b: [{}] },
    ],
  ])("%s", (_name, args, plan, expected) => {
    const before = structuredClone(args);
    expect(restoreArguments(args, plan)).toEqual({ ok: true, value: expected });
    expect(args).toEqual(before);
  });

  it.each<[string, unknown, Plan, (string | number)[], RegExp]>([
    [
      "a key given twice",
      {
        headers: [
          { key: "a", value: 1 },
          { key: "a", value: 2 },
        ],
      },
      HEADERS,
      ["headers", 1, "key"],
      /the key "a" is given twice; send each key once/,
    ],
    [
      "an entry without a key",
      { headers: [{ value: 1 }] },
      HEADERS,
      ["headers", 0],
      /an entry must be an object with a string "key" and a "value", not \{"value":1\}; send it as/,
    ],
    ["an entry that is not an object", { headers: ["a"] }, HEADERS, ["headers", 0], /not "a"/],
    ["an entry without a value", { headers: [{ key: "a" }] }, HEADERS, ["headers", 0], /a "value"/],
    [
      "JSON text that does not parse",
      { filter: "{a:1}" },
      FILTER,
      ["filter"],
      /^At #\/filter: the JSON text does not parse \(.+\); send a JSON object as text/,
    ],
    [
      "JSON text of the wrong kind",
      { filter: "[1]" },
      FILTER,
      ["filter"],
      /^At #\/filter: the JSON text is \[1\], not an object; send a JSON object as text, for example "\{\}"$/,
    ],
    [
      "JSON text of null where an object is due",
      { filter: "null" },
      FILTER,
      ["filter"],
      /the JSON text is null, not an object/,
    ],
    [
      "a rest key that is declared",
      { o: { a: 1, _rest: '{"b":2}' } },
      REST,
      ["o", "_rest"],
      /"b" is a declared property; send it as that property, not in "_rest"/,
    ],
    ["a rest that is not an object", { o: { a: 1, _rest: "[]" } }, REST, ["o", "_rest"], /not an object/],
    [
      "an error deep inside names the whole path",
      {
        m: [
          {
            key: "k",
            value: [
              { key: "i", value: {} },
              { key: "i", value: {} },
            ],
          },
        ],
      },
      NESTED,
      ["m", 0, "value", 1, "key"],
      /^At #\/m\/0\/value\/1\/key: the key "i" is given twice/,
    ],
  ])("refuses %s, naming the path", (_name, args, plan, path, message) => {
    const result = restoreArguments(args, plan);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.path).toEqual(path);
    expect(result.error.message).toMatch(message);
  });

  it("never touches a prototype: __proto__ as a key in entries, JSON text and rest", () => {
    const entries = restoreArguments(
      {
        headers: [
          { key: "__proto__", value: { polluted: true } },
          { key: "constructor", value: 1 },
        ],
      },
      HEADERS,
    );
    const text = restoreArguments({ filter: '{"__proto__":{"polluted":true}}' }, FILTER);
    const rest = restoreArguments({ o: { a: 1, _rest: '{"__proto__":{"polluted":true}}' } }, REST);
    for (const [result, key] of [
      [entries, "headers"],
      [text, "filter"],
      [rest, "o"],
    ] as const) {
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      const restored = (result.value as Record<string, Record<string, unknown>>)[key] as Record<string, unknown>;
      expect(Object.keys(restored)).toContain("__proto__");
      expect(Object.getPrototypeOf(restored)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(restored, "__proto__")?.value).toEqual({ polluted: true });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("restores 1,000,000 entries, and finds a duplicate among them", () => {
    const entries = Array.from({ length: 1_000_000 }, (_, index) => ({ key: `k${index}`, value: index }));
    const result = restoreArguments({ headers: entries }, HEADERS);
    expect(result.ok && Object.keys((result.value as { headers: object }).headers).length).toBe(1_000_000);
    entries.push({ key: "k5", value: 0 });
    expect(restoreArguments({ headers: entries }, HEADERS)).toMatchObject({
      ok: false,
      error: { path: ["headers", 1_000_000, "key"] },
    });
  });

  it("parses JSON text nested 100,000 deep or says it cannot", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const result = restoreArguments({ data: deep }, ANY);
    if (result.ok) expect(Array.isArray((result.value as { data: unknown }).data)).toBe(true);
    else expect(result.error.message).toMatch(/does not parse/);
    const deepObject = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
    expect(() => restoreArguments({ filter: deepObject }, FILTER)).not.toThrow();
  });

  it("never throws on a hostile value or plan", () => {
    const hostile = {
      headers: new Proxy([], {
        get: () => {
          throw new Error("boom");
        },
      }),
    };
    expect(restoreArguments(hostile, HEADERS)).toMatchObject({ ok: false, error: { path: [] } });
    const deepPath: NullPath = Array.from({ length: 200_000 }, () => "a");
    let value: unknown = "{}";
    for (let index = 0; index < 200_000; index += 1) value = { a: value };
    expect(() =>
      restoreArguments(value, {
        nullPaths: [],
        encodings: [{ kind: "json-text", path: deepPath, parsesTo: "object" }],
      }),
    ).not.toThrow();
    for (const plan of [
      null,
      undefined,
      3,
      { nullPaths: "x", encodings: [{ kind: "other", path: [] }, { kind: "entries" }, null] },
    ]) {
      expect(restoreArguments({ a: null }, plan as unknown as Plan)).toEqual({ ok: true, value: { a: null } });
    }
  });

  it("survives its plan going through JSON", () => {
    const args = { o: { a: 1, b: null, _rest: '{"x":2}' } };
    expect(restoreArguments(args, JSON.parse(JSON.stringify(REST)) as Plan)).toEqual(restoreArguments(args, REST));
  });
});

describe("encodeArguments", () => {
  it.each<[string, unknown, Plan, unknown]>([
    [
      "a map becomes entries",
      { headers: { a: "1", b: "2" } },
      HEADERS,
      {
        headers: [
          { key: "a", value: "1" },
          { key: "b", value: "2" },
        ],
      },
    ],
    ["a free-form map becomes JSON text", { filter: { x: [1] } }, FILTER, { filter: '{"x":[1]}' }],
    ["an absent optional property becomes null", {}, FILTER, { filter: null }],
    ["a free-form null becomes the text null", { data: null }, ANY, { data: "null" }],
    ["the rest goes into its property", { o: { a: 1, x: 2 } }, REST, { o: { a: 1, b: null, _rest: '{"x":2}' } }],
    ["no rest: the property is null", { o: { a: 1, b: 2 } }, REST, { o: { a: 1, b: 2, _rest: null } }],
    [
      "a map of maps",
      { m: { k: { i: { n: 1 } } } },
      NESTED,
      { m: [{ key: "k", value: [{ key: "i", value: { n: 1, note: null } }] }] },
    ],
  ])("%s", (_name, value, plan, expected) => {
    const before = structuredClone(value);
    expect(encodeArguments(value, plan)).toEqual(expected);
    expect(value).toEqual(before);
    expect(restoreArguments(expected, plan)).toEqual({ ok: true, value });
  });

  it("never throws: a value JSON cannot hold is left as it is", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(encodeArguments({ data: cyclic }, ANY)).toEqual({ data: cyclic });
    expect(encodeArguments({ data: 1n }, ANY)).toEqual({ data: 1n });
  });
});

/** Plans written by hand, each with values of the shape its original schema accepts. */
/** The value as JSON.parse gives it: plain prototypes, no -0 (JSON text has none). */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
/** JSON text with keys sorted: equal for equal values whatever their key order, own `__proto__` keys included. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    typeof item === "object" && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
const json = fc.jsonValue({ maxDepth: 3 }).map(viaJson);
const key = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom("__proto__", "constructor", "key", "value", "_rest"));
const map = <T>(values: fc.Arbitrary<T>) => fc.dictionary(key, values, { maxKeys: 5 });
const SHAPES: [string, Plan, fc.Arbitrary<unknown>][] = [
  ["a map", HEADERS, fc.record({ headers: map(fc.string()) })],
  ["a free-form map", FILTER, fc.record({ filter: map(json) }, { requiredKeys: [] })],
  ["a free-form value", ANY, fc.record({ data: json })],
  [
    "declared properties and an open rest",
    REST,
    fc.record({
      o: fc
        .tuple(fc.record({ a: fc.integer(), b: fc.integer() }, { requiredKeys: ["a"] }), map(json))
        .map(([declared, rest]) => {
          const object: Record<string, unknown> = {};
          for (const [name, item] of Object.entries(rest))
            if (name !== "a" && name !== "b")
              Object.defineProperty(object, name, {
                value: item,
                enumerable: true,
                writable: true,
                configurable: true,
              });
          return { ...object, ...declared };
        }),
    }),
  ],
  [
    "a map of maps with optional properties",
    NESTED,
    fc.record({ m: map(map(fc.record({ n: fc.integer(), note: fc.string() }, { requiredKeys: ["n"] }))) }),
  ],
  [
    "a list of maps whose values are JSON text",
    {
      nullPaths: [],
      encodings: [
        { kind: "entries", path: ["l", ITEMS] },
        { kind: "json-text", path: ["l", ITEMS, ITEMS, "value"], parsesTo: "any" },
      ],
    },
    fc.record({ l: fc.array(map(json), { maxLength: 3 }) }),
  ],
];

describe("encodeArguments and restoreArguments, property-tested", () => {
  it.each(SHAPES)("round-trips %s exactly", (_name, plan, values) => {
    fc.assert(
      fc.property(values.map(viaJson), (value) => {
        const before = JSON.stringify(value);
        const encoded = encodeArguments(value, plan);
        expect(JSON.stringify(value)).toBe(before);
        const restored = restoreArguments(JSON.parse(JSON.stringify(encoded)), plan);
        // (toEqual: toStrictEqual compares a "constructor" key as a class)
        expect(restored).toEqual({ ok: true, value });
        expect(restored.ok && canonical(restored.value)).toBe(canonical(value));
      }),
    );
  });

  it("restoreArguments never throws on any value and any plan-shaped input", () => {
    const segment = fc.oneof(fc.constant(null), fc.constantFrom("a", "b", "__proto__", "value", "key"));
    const path = fc.array(segment, { maxLength: 4 });
    const encoding = fc.oneof(
      fc.record({ kind: fc.constant("entries"), path }),
      fc.record({ kind: fc.constant("json-text"), path, parsesTo: fc.constantFrom("object", "any") }),
      fc.record({
        kind: fc.constant("rest"),
        path,
        property: fc.constantFrom("a", "_rest"),
        declared: fc.array(fc.constantFrom("a", "b")),
      }),
      fc.jsonValue(),
    );
    const plan = fc.record({
      nullPaths: fc.array(path, { maxLength: 4 }),
      encodings: fc.array(encoding, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.jsonValue(), plan, (value, anyPlan) => {
        const before = JSON.stringify(value);
        const result = restoreArguments(value, anyPlan as Plan);
        expect(JSON.stringify(value)).toBe(before);
        if (!result.ok) expect(result.error.message).toMatch(/^At #/);
        if ((anyPlan.encodings as unknown[]).length === 0 && result.ok)
          expect(result.value).toEqual(stripNulls(value, anyPlan.nullPaths));
      }),
    );
  });
});
