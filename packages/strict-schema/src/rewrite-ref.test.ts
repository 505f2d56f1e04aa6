// strictSchema with encode: encodings through $refs, and $ref targets hoisted into $defs.
import { describe, expect, it } from "vitest";
import { checkStrict } from "./check-strict";
import { ITEMS } from "./types";
import { root, strictEncoded } from "./__fixtures__/encoded-schemas";

describe("strictSchema with encode: $refs", () => {
  it("expands encodings through $refs, once per use", () => {
    const result = strictEncoded({
      ...root({ a: { $ref: "#/$defs/labels" }, b: { type: "array", items: { $ref: "#/$defs/labels" } } }),
      $defs: {
        labels: { type: "object", additionalProperties: { type: "string" } },
        unused: { type: "object", additionalProperties: { type: "string" } },
      },
    });
    expect(result).toMatchObject({
      ok: true,
      encodings: [
        { kind: "entries", path: ["a"] },
        { kind: "entries", path: ["b", ITEMS] },
      ],
    });
    expect(result.ok && Object.keys(result.schema.$defs ?? {})).toEqual(["labels"]);
  });

  it(
    "hoists the target of a $ref into something other than a definition into $defs, under a name that is not " +
      "taken",
    () => {
      const schema = {
        ...root({
          a: { type: "object", properties: { file: { type: "string" } }, required: ["file"] },
          b: { $ref: "#/properties/a" },
        }),
        $defs: { properties_a: { type: "string" }, other: { $ref: "#/$defs/properties_a" } },
      };
      const result = strictEncoded(schema);
      expect(result).toMatchObject({ ok: true, encodings: [] });
      if (!result.ok) return;
      expect(result.schema.properties?.b).toEqual({ $ref: "#/$defs/properties_a_2" });
      expect(result.schema.$defs?.properties_a_2).toEqual({
        type: "object",
        properties: { file: { type: "string" } },
        required: ["file"],
        additionalProperties: false,
      });
      expect(checkStrict(result.schema)).toEqual([]);
    },
  );

  it("refuses a recursive $ref through an encoding, and keeps one without", () => {
    const recursive = {
      ...root({ node: { $ref: "#/$defs/node" } }),
      $defs: {
        node: {
          type: "object",
          properties: { data: {}, children: { type: "array", items: { $ref: "#/$defs/node" } } },
          required: ["data", "children"],
        },
      },
    };
    expect(strictEncoded(recursive)).toMatchObject({
      ok: false,
      error: { keyword: "$ref", path: ["$defs", "node", "properties", "children", "items"] },
    });
    const plain = {
      ...root({ node: { $ref: "#/$defs/node" } }),
      $defs: {
        node: {
          type: "object",
          properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } },
          required: ["children"],
        },
      },
    };
    expect(strictEncoded(plain)).toMatchObject({ ok: true, encodings: [] });
  });
});
