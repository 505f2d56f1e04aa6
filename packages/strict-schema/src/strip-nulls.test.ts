import { describe, expect, it } from "vitest";
import { stripNulls } from "./strip-nulls";
import { ITEMS, type NullPath } from "./types";

describe("stripNulls", () => {
  it.each<[string, unknown, NullPath[], unknown]>([
    ["a null at a path", { a: null, b: 1 }, [["a"]], { b: 1 }],
    ["a null elsewhere stays", { a: 1, b: null }, [["a"]], { a: 1, b: null }],
    [
      "a non-null value at a path stays",
      { a: 0, b: "", c: false, d: [] },
      [["a"], ["b"], ["c"], ["d"]],
      { a: 0, b: "", c: false, d: [] },
    ],
    ["a missing path is fine", { a: 1 }, [["x"], ["x", "y"], ["a", "b"]], { a: 1 }],
    ["nested objects", { o: { p: { q: null, r: null } } }, [["o", "p", "q"]], { o: { p: { r: null } } }],
    [
      "every array element (ITEMS)",
      { l: [{ k: null, j: null }, { k: 1 }, null, 3, [{ k: null }]] },
      [["l", ITEMS, "k"]],
      { l: [{ j: null }, { k: 1 }, null, 3, [{ k: null }]] },
    ],
    ["arrays of arrays", { g: [[{ v: null }], [{ v: 2 }]] }, [["g", ITEMS, ITEMS, "v"]], { g: [[{}], [{ v: 2 }]] }],
    [
      "ITEMS does not match an object key",
      { l: { "0": { k: null } } },
      [["l", ITEMS, "k"]],
      { l: { "0": { k: null } } },
    ],
    [
      "a name does not match an array index",
      { l: [null, { k: null }] },
      [
        ["l", "0"],
        ["l", "1", "k"],
      ],
      { l: [null, { k: null }] },
    ],
    [
      "a property called items, * or []",
      { items: null, "*": null, "[]": null, keep: null },
      [["items"], ["*"], ["[]"]],
      { keep: null },
    ],
    ["a parent removed and a child path under it", { o: null }, [["o"], ["o", "p"]], {}],
    ["a parent kept and a child removed", { o: { p: null } }, [["o"], ["o", "p"]], { o: {} }],
    ["a null element of an array at a path ending in ITEMS stays", { l: [null, 1] }, [["l", ITEMS]], { l: [null, 1] }],
    ["the empty path changes nothing", { a: null }, [[]], { a: null }],
    ["no paths", { a: null }, [], { a: null }],
  ])("%s", (_name, value, nullPaths, expected) => {
    const before = structuredClone(value);
    const result = stripNulls(value, nullPaths);
    expect(result).toEqual(expected);
    expect(value).toEqual(before);
  });

  it("returns a new value and never mutates its input", () => {
    const value = { a: null, o: { b: null }, shared: { c: 1 } };
    const result = stripNulls(value, [["a"], ["o", "b"]]);
    expect(result).not.toBe(value);
    expect(result.o).not.toBe(value.o);
    expect(value).toEqual({ a: null, o: { b: null }, shared: { c: 1 } });
  });

  it.each<[string, unknown]>([
    ["null", null],
    ["a string", "s"],
    ["a number", 4],
    ["undefined", undefined],
    ["a function", () => null],
    ["a BigInt", 10n],
    ["a Date", new Date(0)],
    ["a Map", new Map([["a", null]])],
  ])("gives back %s as is", (_name, value) => {
    expect(stripNulls(value, [["a"]])).toBe(value);
  });

  it("handles __proto__ and constructor keys without touching a prototype", () => {
    const value = JSON.parse('{"__proto__":null,"constructor":null,"o":{"__proto__":{"x":null}}}') as Record<
      string,
      unknown
    >;
    const result = stripNulls(value, [["__proto__"], ["constructor"], ["o", "__proto__", "x"]]);
    expect(Object.keys(result)).toEqual(["o"]);
    const o = result.o as Record<string, unknown>;
    expect(Object.keys(o)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(Object.keys(o.__proto__ as object)).toEqual([]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("keeps a __proto__ key that is not null as an own property", () => {
    const value = JSON.parse('{"__proto__":{"polluted":true},"a":null}') as Record<string, unknown>;
    const result = stripNulls(value, [["a"]]);
    expect(Object.keys(result)).toEqual(["__proto__"]);
    expect((result as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("never throws on malformed null paths, a cycle, or a hostile object", () => {
    const cyclic: Record<string, unknown> = { a: null };
    cyclic.self = cyclic;
    expect(stripNulls(cyclic, [["self", "self", "a"]])).toMatchObject({ a: null, self: { self: {} } });
    expect(
      stripNulls({ a: null }, [["a", 1 as unknown as string], [{}] as unknown as NullPath, "a" as unknown as NullPath]),
    ).toEqual({ a: null });
    expect(stripNulls({ a: null }, null as unknown as NullPath[])).toEqual({ a: null });
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error("trap");
        },
      },
    );
    expect(stripNulls(hostile, [["a"]])).toBe(hostile);
  });

  it("survives null paths that went through JSON", () => {
    const nullPaths: NullPath[] = JSON.parse(JSON.stringify([["l", ITEMS, "k"]])) as NullPath[];
    expect(stripNulls({ l: [{ k: null }] }, nullPaths)).toEqual({ l: [{}] });
  });
});
