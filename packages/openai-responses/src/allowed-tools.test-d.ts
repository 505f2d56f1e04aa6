import type { ResponseCreateParams } from "openai/resources/responses/responses";
import { describe, expectTypeOf, it } from "vitest";
import type { allowedTools } from "./index";

describe("allowedTools against the openai package's types", () => {
  it("is a tool_choice", () => {
    expectTypeOf<ReturnType<typeof allowedTools>>().toExtend<NonNullable<ResponseCreateParams["tool_choice"]>>();
  });
});
