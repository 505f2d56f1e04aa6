// The elicitation form subset of the 2026-07-28 specification
// (client/elicitation, "Requested Schema"), rule by rule, with the last value
// that passes and the first that fails.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkElicitationContent } from "./check-elicitation-content";
import { readElicitationRequest } from "./elicitation-request";
import type { ElicitationField, ElicitationSchema } from "./elicitation-request";

function form(field: ElicitationField, required = true): ElicitationSchema {
  return { type: "object", properties: { f: field }, ...(required ? { required: ["f"] } : {}) };
}

const COLORS = ["red", "green"];

describe("checkElicitationContent", () => {
  it.each<[string, ElicitationField, unknown, string[]]>([
    ["text", { type: "string" }, "hi", []],
    ["text, not a number", { type: "string" }, 1, ["content.f must be text; got 1."]],
    ["minLength, the last that passes", { type: "string", minLength: 2 }, "ab", []],
    [
      "minLength, the first that fails",
      { type: "string", minLength: 2 },
      "a",
      ["content.f must be at least 2 characters long; got 1."],
    ],
    ["maxLength counts code points", { type: "string", maxLength: 2 }, "😀😀", []],
    [
      "maxLength, the first that fails",
      { type: "string", maxLength: 2 },
      "abc",
      ["content.f must be at most 2 characters long; got 3."],
    ],
    ["enum", { type: "string", enum: COLORS }, "green", []],
    [
      "enum, not an option",
      { type: "string", enum: COLORS },
      "blue",
      ['content.f must be one of "red", "green"; got "blue".'],
    ],
    ["oneOf options", { type: "string", oneOf: [{ const: "#f00", title: "Red" }] }, "#f00", []],
    [
      "oneOf, a title is not an option",
      { type: "string", oneOf: [{ const: "#f00", title: "Red" }] },
      "Red",
      ['content.f must be one of "#f00"; got "Red".'],
    ],
    ["email", { type: "string", format: "email" }, "ada@example.com", []],
    [
      "email, no domain",
      { type: "string", format: "email" },
      "ada@",
      ['content.f must be an email address; got "ada@".'],
    ],
    ["uri", { type: "string", format: "uri" }, "https://example.com/a", []],
    ["uri, relative", { type: "string", format: "uri" }, "/a", ['content.f must be an absolute URI; got "/a".']],
    ["date", { type: "string", format: "date" }, "2024-02-29", []],
    [
      "date, not in the calendar",
      { type: "string", format: "date" },
      "2023-02-29",
      ['content.f must be a date (YYYY-MM-DD); got "2023-02-29".'],
    ],
    ["date-time", { type: "string", format: "date-time" }, "2026-07-28T09:30:00+02:00", []],
    [
      "date-time, no offset",
      { type: "string", format: "date-time" },
      "2026-07-28T09:30:00",
      ['content.f must be a date and time (RFC 3339, such as 2026-07-28T09:30:00Z); got "2026-07-28T09:30:00".'],
    ],
    ["number", { type: "number" }, 1.5, []],
    ["number, not text", { type: "number" }, "1", ['content.f must be a number; got "1".']],
    ["minimum, the last that passes", { type: "number", minimum: 0 }, 0, []],
    [
      "minimum, the first that fails",
      { type: "number", minimum: 0 },
      -0.5,
      ["content.f must be at least 0; got -0.5."],
    ],
    ["maximum, the first that fails", { type: "integer", maximum: 10 }, 11, ["content.f must be at most 10; got 11."]],
    ["integer", { type: "integer" }, 3, []],
    ["integer, a fraction", { type: "integer" }, 3.5, ["content.f must be an integer; got 3.5."]],
    ["boolean", { type: "boolean" }, false, []],
    ["boolean, not text", { type: "boolean" }, "false", ['content.f must be true or false; got "false".']],
    ["multi-select", { type: "array", items: { type: "string", enum: COLORS } }, ["red"], []],
    ["multi-select with titles", { type: "array", items: { anyOf: [{ const: "r", title: "Red" }] } }, ["r"], []],
    [
      "multi-select, not an option",
      { type: "array", items: { type: "string", enum: COLORS } },
      ["red", "blue"],
      ['content.f[1] must be one of "red", "green"; got "blue".'],
    ],
    [
      "multi-select, not a list",
      { type: "array", items: { type: "string", enum: COLORS } },
      "red",
      ['content.f must be a list of the chosen options; got "red".'],
    ],
    ["minItems, the last that passes", { type: "array", items: { enum: COLORS }, minItems: 1 }, ["red"], []],
    [
      "minItems, the first that fails",
      { type: "array", items: { enum: COLORS }, minItems: 1 },
      [],
      ["content.f must have at least 1 chosen; got 0."],
    ],
    [
      "maxItems, the first that fails",
      { type: "array", items: { enum: COLORS }, maxItems: 1 },
      ["red", "green"],
      ["content.f must have at most 1 chosen; got 2."],
    ],
  ])("%s", (_rule, field, value, problems) => {
    expect(checkElicitationContent({ f: value }, form(field))).toEqual(problems);
  });

  it("wants every required field, and an optional one may be left out", () => {
    expect(checkElicitationContent({}, form({ type: "string" }))).toEqual(["content.f is required."]);
    expect(checkElicitationContent({}, form({ type: "string" }, false))).toEqual([]);
  });

  it("refuses a field the form does not have, naming the form's fields", () => {
    expect(checkElicitationContent({ f: "a", g: 1 }, form({ type: "string" }))).toEqual([
      "content.g is not a field of the form (its fields: f).",
    ]);
  });

  it("refuses content that is not an object", () => {
    expect(checkElicitationContent(["a"], form({ type: "string" }))).toEqual([
      'content must be an object of the form\'s fields; got ["a"].',
    ]);
  });

  it("never throws, whatever the content", () => {
    const schema: ElicitationSchema = {
      type: "object",
      properties: {
        a: { type: "string", format: "date" },
        b: { type: "integer" },
        c: { type: "array", items: { enum: ["x"] } },
      },
      required: ["a"],
    };
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.dictionary(fc.constantFrom("a", "b", "c", "d"), fc.jsonValue()),
        (value, record) => {
          expect(Array.isArray(checkElicitationContent(value, schema))).toBe(true);
          expect(Array.isArray(checkElicitationContent(record, schema))).toBe(true);
        },
      ),
    );
  });
});

describe("readElicitationRequest", () => {
  const origin = { server: "s", tool: "t", callId: "c" };

  it("reads a form request, its mode form when left out", () => {
    const requestedSchema = form({ type: "string" });
    expect(readElicitationRequest({ message: "Name?", requestedSchema }, origin)).toEqual({
      request: { ...origin, message: "Name?", mode: "form", requestedSchema },
    });
  });

  it("reads a URL request", () => {
    expect(readElicitationRequest({ mode: "url", message: "Go", url: "https://example.com" }, origin)).toEqual({
      request: { ...origin, message: "Go", mode: "url", url: "https://example.com" },
    });
  });

  it.each<[string, unknown, string]>([
    ["no message", { requestedSchema: form({ type: "string" }) }, "it carried no message"],
    [
      "a nested object",
      { message: "m", requestedSchema: form({ type: "object" } as never) },
      'its form\'s field "f" is not a text, number, yes/no or choice field',
    ],
    ["not an object", { message: "m", requestedSchema: { type: "array" } }, "its form is not a flat object of fields"],
    ["an unknown mode", { message: "m", mode: "voice" }, 'its mode "voice" is unknown'],
  ])("says why it cannot show %s", (_case, params, problem) => {
    expect(readElicitationRequest(params, origin)).toEqual({ problem });
  });
});
