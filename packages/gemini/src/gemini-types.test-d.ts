import type {
  Content,
  FunctionDeclaration,
  GenerateContentConfig,
  GenerateContentResponse,
  Part,
  Tool,
  ToolConfig,
} from "@google/genai";
import { FunctionCallingConfigMode } from "@google/genai";
import { describe, expectTypeOf, it } from "vitest";
import type {
  GeminiCollectedResponse,
  GeminiAnswer,
  GeminiContent,
  GeminiFunctionDeclaration,
  GeminiPart,
  GeminiResponse,
  GeminiTool,
} from "./index";
import type { collectStream, responseItems, toolCalls, tools, turnItems, userMessage } from "./index";
import { allowedTools } from "./index";

describe("what this package writes, against @google/genai's request types", () => {
  it("gives tools and declarations the SDK takes", () => {
    expectTypeOf<GeminiTool>().toExtend<Tool>();
    expectTypeOf<GeminiFunctionDeclaration>().toExtend<FunctionDeclaration>();
    expectTypeOf<ReturnType<typeof tools>["tools"]>().toExtend<NonNullable<GenerateContentConfig["tools"]>>();
  });

  it("gives contents and parts the SDK takes", () => {
    expectTypeOf<GeminiContent>().toExtend<Content>();
    expectTypeOf<GeminiPart>().toExtend<Part>();
    expectTypeOf<GeminiAnswer>().toExtend<Part>();
    expectTypeOf<ReturnType<typeof responseItems>>().toExtend<Content[]>();
    expectTypeOf<ReturnType<typeof turnItems>>().toExtend<Content[]>();
    expectTypeOf<ReturnType<typeof userMessage>>().toExtend<Content>();
  });

  it("gives a toolConfig the SDK takes when given its enum member", () => {
    expectTypeOf(allowedTools(["a"], FunctionCallingConfigMode.ANY)).toExtend<ToolConfig>();
    expectTypeOf(allowedTools(["a"], FunctionCallingConfigMode.VALIDATED)).toExtend<ToolConfig>();
    expectTypeOf(allowedTools(["a"], FunctionCallingConfigMode.NONE)).toExtend<ToolConfig>();
    // A plain string is not the SDK's enum: why the mode is a type parameter.
    expectTypeOf(allowedTools(["a"], "ANY")).not.toExtend<ToolConfig>();
  });
});

describe("what the SDK returns, against what this package reads", () => {
  it("reads a GenerateContentResponse", () => {
    expectTypeOf<GenerateContentResponse>().toExtend<GeminiResponse>();
    expectTypeOf<GenerateContentResponse>().toExtend<Parameters<typeof toolCalls>[0]>();
    expectTypeOf<GenerateContentResponse>().toExtend<Parameters<typeof responseItems>[0]>();
  });

  it("collects generateContentStream's chunks", () => {
    expectTypeOf<AsyncGenerator<GenerateContentResponse>>().toExtend<Parameters<typeof collectStream>[0]>();
    expectTypeOf<GeminiCollectedResponse>().toExtend<Parameters<typeof toolCalls>[0]>();
  });

  it("reads back the contents it wrote", () => {
    expectTypeOf<GeminiContent[]>().toExtend<Parameters<typeof toolCalls>[0]>();
  });
});
