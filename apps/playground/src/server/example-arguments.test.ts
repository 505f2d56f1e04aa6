import { restoreArguments, strictSchema } from "@x/strict-schema";
import { encodeArguments } from "@x/strict-schema/encode";
import { describe, expect, it } from "vitest";
import { exampleArguments, modelArguments } from "./example-arguments";

describe("exampleArguments", () => {
  it.each([
    [
      "required properties only",
      { type: "object", properties: { q: { type: "string" }, n: { type: "integer" } }, required: ["q"] },
      { q: "history" },
    ],
    [
      "strings by the schema's examples, format, description and the property's name; never empty",
      {
        type: "object",
        properties: {
          given: { type: "string", examples: ["from the schema"] },
          on: { type: "string", format: "date" },
          day: { type: "string", description: "YYYY-MM-DD" },
          home: { type: "string", format: "uri" },
          contactEmail: { type: "string" },
          start_time: { type: "string" },
          flavour: { type: "string" },
          code: { type: "string", minLength: 20, maxLength: 24 },
        },
        required: ["given", "on", "day", "home", "contactEmail", "start_time", "flavour", "code"],
      },
      {
        given: "from the schema",
        on: "2025-06-01",
        day: "2025-06-01",
        home: "https://example.com/",
        contactEmail: "ada@example.com",
        start_time: "09:30",
        flavour: "example flavour",
        code: "example codexxxxxxxx",
      },
    ],
    [
      "numbers within their bounds",
      {
        type: "object",
        properties: {
          n: { type: "integer", minimum: 10 },
          x: { type: "number", maximum: 2 },
          k: { type: "integer", exclusiveMinimum: 8 },
        },
        required: ["n", "x", "k"],
      },
      { n: 10, x: 2, k: 9 },
    ],
    [
      "a map with a value schema: one entry",
      {
        type: "object",
        properties: { labels: { type: "object", additionalProperties: { type: "integer", minimum: 10 } } },
        required: ["labels"],
      },
      { labels: { key: 10 } },
    ],
    [
      "a free-form map and a free-form value: {}",
      {
        type: "object",
        properties: { map: { type: "object", additionalProperties: true }, any: { description: "anything" } },
        required: ["map", "any"],
      },
      { map: {}, any: {} },
    ],
    [
      "a null-only type stays null",
      { type: "object", properties: { x: { type: "null" } }, required: ["x"] },
      { x: null },
    ],
    [
      "a $ref into another property's schema",
      {
        type: "object",
        properties: { a: { type: "boolean" }, b: { $ref: "#/properties/a" } },
        required: ["b"],
      },
      { b: false },
    ],
    [
      "__proto__ as a property name, as plain data",
      { type: "object", properties: { ["__proto__"]: { type: "string" } }, required: ["__proto__"] },
      JSON.parse('{"__proto__": "example proto"}') as unknown,
    ],
  ])("%s", (_, schema, expected) => {
    const example = exampleArguments(schema);
    expect(example).toEqual(expected);
    expect(Object.keys(example as object)).toEqual(Object.keys(expected as object));
  });

  it("encoded with the schema's plan, comes back from restoreArguments as it was", () => {
    const schema = {
      type: "object",
      properties: {
        name: { type: "string" },
        note: { type: "string" },
        labels: { type: "object", additionalProperties: { type: "string" } },
        value: {},
      },
      required: ["name", "labels", "value"],
    };
    const plan = strictSchema(schema, { encode: true });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const example = exampleArguments(schema);
    const sent = encodeArguments(example, plan);
    expect(sent).toEqual({ name: "example", labels: [{ key: "key", value: "blue" }], value: "{}", note: null });
    expect(restoreArguments(sent, plan)).toEqual({ ok: true, value: example });
  });
});

describe("modelArguments", () => {
  const strictDemo = {
    type: "object",
    properties: {
      title: { type: "string" },
      start: {
        type: "object",
        properties: { date: { type: "string", description: "YYYY-MM-DD" }, time: { type: ["string", "null"] } },
        required: ["date", "time"],
        additionalProperties: false,
      },
      sort: { type: ["string", "null"], enum: ["relevance", "newest", null] },
      kind: { type: "string", enum: ["relevance", "newest"] },
      reminder: { anyOf: [{ type: "integer" }, { type: "null" }] },
      values: { type: "array", items: { type: "number" } },
      count: { type: "integer", minimum: 1, maximum: 20 },
      value: { type: "string", description: "Any JSON value, as JSON text." },
    },
    required: ["title", "start", "sort", "kind", "reminder", "values", "count", "value"],
    additionalProperties: false,
  };

  it("fills a strict schema as a model does: null where null is allowed, the hints first", () => {
    const args = modelArguments(strictDemo, {
      numbers: [99, 3, 1, 4],
      texts: ["Launch"],
      dates: ["2026-01-02"],
      words: ["newest", "first"],
    });
    expect(args).toEqual({
      title: "Launch",
      start: { date: "2026-01-02", time: null },
      sort: null,
      kind: "newest",
      reminder: null,
      values: [99, 3, 1, 4],
      count: 8,
      value: "{}",
    });
  });

  it("without hints, still sends no empty string", () => {
    expect(JSON.stringify(modelArguments(strictDemo))).not.toContain('""');
  });

  it("is what the strict schema accepts, for every demo-like schema strictSchema makes", () => {
    const schema = {
      type: "object",
      properties: {
        query: { type: "string" },
        genre: { type: "string", enum: ["fiction", "science"] },
        max_results: { type: "integer", minimum: 1, maximum: 20 },
        labels: { type: "object", additionalProperties: { type: "string" } },
      },
      required: ["query", "labels"],
    };
    const plan = strictSchema(schema, { encode: true });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const sent = modelArguments(plan.schema);
    expect(restoreArguments(sent, plan)).toEqual({ ok: true, value: { query: "history", labels: { team: "blue" } } });
  });
});
