// What the Tools view says an API changed in a schema: each kind of change at
// its place, from real adapter output (strictSchema's openai and gemini
// targets) and from hand-made pairs for the kinds the demo tools lack.
import { strictSchema } from "@x/strict-schema";
import { describe, expect, it } from "vitest";
import { schemaChanges, schemaPathOf } from "./schema-changes";

const event = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: {
    title: { type: "string" },
    start: {
      type: "object",
      properties: { date: { type: "string" }, time: { type: "string" } },
      required: ["date"],
    },
    labels: { type: "object", additionalProperties: { type: "string" } },
  },
  required: ["title", "start"],
};

const summary = (changes: ReturnType<typeof schemaChanges>): string[] =>
  changes.map(
    (change) => `${change.kind} /${[...change.path, ...(change.keyword === null ? [] : [change.keyword])].join("/")}`,
  );

describe("schemaChanges", () => {
  it("says what OpenAI's strict form added, dropped, made nullable and encoded, each at its place", () => {
    const strict = strictSchema(event, { encode: true });
    if (!strict.ok) throw new Error(strict.error.message);
    const changes = schemaChanges(event, strict.schema, {
      nullPaths: strict.nullPaths,
      encoded: strict.plan.encodings,
      described: strict.described,
      rewrites: strict.rewrites,
    });
    expect(summary(changes).sort()).toEqual(
      [
        "added /additionalProperties",
        "dropped /$schema",
        "changed /required",
        "added /properties/start/additionalProperties",
        "changed /properties/start/required",
        "nullable /properties/start/properties/time",
        "encoded /properties/labels",
      ].sort(),
    );
    expect(changes.find((change) => change.keyword === "required" && change.path.length === 0)?.words).toBe(
      "required: + labels",
    );
  });

  it("finds nothing to say where the API takes the schema as it is", () => {
    expect(schemaChanges(event, structuredClone(event), {})).toEqual([]);
  });

  it.each([
    [
      "a keyword written into the description",
      { type: "string", minLength: 2 },
      { type: "string", description: "at least 2 characters" },
      { described: [{ path: ["minLength"], keyword: "minLength", text: "at least 2 characters" }] },
      ["described /minLength"],
    ],
    [
      "a $ref spelled out",
      { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "string" } } },
      { type: "object", properties: { a: { type: "string" } } },
      { rewrites: [{ kind: "ref-inlined" as const, path: ["properties", "a"] }] },
      ["rewritten /properties/a", "dropped /$defs"],
    ],
    [
      "a oneOf sent as anyOf",
      { oneOf: [{ type: "string" }, { type: "number" }] },
      { anyOf: [{ type: "string" }, { type: "number" }] },
      { relaxed: [{ kind: "oneOf-as-anyOf" as const, path: [] }] },
      ["relaxed /oneOf"],
    ],
    [
      "a nullable wrapper around a schema without a type",
      { type: "object", properties: { a: { enum: [1, 2] } } },
      { type: "object", properties: { a: { anyOf: [{ enum: [1, 2] }, { type: "null" }] } } },
      { nullPaths: [["a"]] },
      ["nullable /properties/a"],
    ],
    [
      "a property a map of schemas lost, and a value that changed",
      { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } } },
      { type: "object", properties: { a: { type: "number" } } },
      {},
      ["changed /properties/a/type", "dropped /properties/b"],
    ],
  ])("says %s", (_what, original, sent, report, expected) => {
    expect(summary(schemaChanges(original, sent, report))).toEqual(expected);
  });

  it("reads an instance path as the schema path of the original", () => {
    expect(schemaPathOf(["attendees", null, "name"])).toEqual([
      "properties",
      "attendees",
      "items",
      "properties",
      "name",
    ]);
    expect(schemaPathOf(["items"])).toEqual(["properties", "items"]);
  });
});
