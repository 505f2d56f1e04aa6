import { restoreArguments, strictSchema } from "@x/strict-schema";
import { encodeArguments } from "@x/strict-schema/encode";
import { describe, expect, it } from "vitest";
import { exampleArguments } from "./example-arguments";

describe("exampleArguments", () => {
  it.each([
    [
      "required properties only",
      { type: "object", properties: { q: { type: "string" }, n: { type: "integer" } }, required: ["q"] },
      { q: "" },
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
      JSON.parse('{"__proto__": ""}') as unknown,
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
    expect(sent).toEqual({ name: "", labels: [{ key: "key", value: "" }], value: "{}", note: null });
    expect(restoreArguments(sent, plan)).toEqual({ ok: true, value: example });
  });
});
