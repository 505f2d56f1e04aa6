import type {
  ResponseInputItem,
  ResponseOutputItem,
  ResponseOutputMessage,
  ResponseOutputRefusal,
  ResponseOutputText,
} from "openai/resources/responses/responses";
import { describe, expectTypeOf, it } from "vitest";
import type { CONTENT_PART_FIELDS, INPUT_FIELDS } from "./input-fields";

type Listed = typeof INPUT_FIELDS;
// The input member of each type; for messages, the assistant message replayed (openai's ResponseOutputMessage).
type InputOf<T extends string> = T extends "message" ? ResponseOutputMessage : Extract<ResponseInputItem, { type: T }>;
type Mismatches = {
  [T in keyof Listed]: [Listed[T][number]] extends [keyof InputOf<T>]
    ? [keyof InputOf<T>] extends [Listed[T][number]]
      ? never
      : T
    : T;
}[keyof Listed];

describe("INPUT_FIELDS against the openai package's types", () => {
  it("lists, for each type, exactly the keys of its ResponseInputItem member", () => {
    expectTypeOf<Mismatches>().toEqualTypeOf<never>();
  });

  it("covers every type of output item", () => {
    expectTypeOf<ResponseOutputItem["type"]>().toEqualTypeOf<keyof Listed>();
  });

  it("lists the keys of the input's message content parts", () => {
    expectTypeOf<(typeof CONTENT_PART_FIELDS)["output_text"][number]>().toEqualTypeOf<keyof ResponseOutputText>();
    expectTypeOf<(typeof CONTENT_PART_FIELDS)["refusal"][number]>().toEqualTypeOf<keyof ResponseOutputRefusal>();
  });
});
