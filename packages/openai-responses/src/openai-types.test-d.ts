import type {
  FunctionTool,
  NamespaceTool,
  Response,
  ResponseInputItem,
  ResponseItem,
  ResponseOutputItem,
  ResponseToolSearchCall,
  ResponseToolSearchOutputItemParam,
  Tool,
  ToolSearchTool,
} from "openai/resources/responses/responses";
import type { Adapter } from "@x/toolset/adapter";
import { describe, expectTypeOf, it } from "vitest";
import type {
  ResponsesFunctionTool,
  ResponsesInputFile,
  ResponsesItem,
  ResponsesNamespaceTool,
  ResponsesResponse,
  ResponsesToolSearchOutput,
  ResponsesToolSearchTool,
} from "./responses-types";
import { responseItems } from "./response-items";
import type { adapter, toolCalls, toolOutput, tools } from "./index";

// The local wire types against the official `openai` package, both ways:
// what the API returns goes in, what this package returns goes into a request.
describe("against the openai package's types", () => {
  it("tools are request tools: functions, namespaces and the tool_search tool", () => {
    expectTypeOf<ReturnType<typeof tools>["tools"]>().toExtend<Tool[]>();
    expectTypeOf<ResponsesFunctionTool>().toExtend<FunctionTool>();
    expectTypeOf<ResponsesNamespaceTool>().toExtend<NamespaceTool>();
    expectTypeOf<ResponsesToolSearchTool>().toExtend<ToolSearchTool>();
  });

  it("a tool search answer is an input item, and its tools are what a tool_search_output takes", () => {
    expectTypeOf<ResponsesToolSearchOutput>().toExtend<ResponseToolSearchOutputItemParam>();
    expectTypeOf<ResponsesToolSearchOutput>().toExtend<ResponseInputItem>();
    expectTypeOf<ReturnType<typeof toolCalls>["searches"][number]["output"]>().toExtend<ResponseInputItem>();
  });

  it("a function_call_output with a file is an input item", () => {
    expectTypeOf<{
      type: "function_call_output";
      call_id: string;
      output: ResponsesInputFile[];
    }>().toExtend<ResponseInputItem>();
  });

  it("toolCalls takes tool search calls and namespaced function calls", () => {
    expectTypeOf<ResponseToolSearchCall[]>().toExtend<Parameters<typeof toolCalls>[0]>();
    expectTypeOf<Response["output"]>().toExtend<Parameters<typeof toolCalls>[0]>();
  });

  it("toolCalls takes a response or its output items", () => {
    expectTypeOf<Response>().toExtend<Parameters<typeof toolCalls>[0]>();
    expectTypeOf<ResponseOutputItem[]>().toExtend<Parameters<typeof toolCalls>[0]>();
    expectTypeOf<ResponseItem[]>().toExtend<Parameters<typeof toolCalls>[0]>();
    expectTypeOf<string>().not.toExtend<Parameters<typeof toolCalls>[0]>();
  });

  it("outputs are input items", () => {
    expectTypeOf<ReturnType<typeof toolOutput>>().toExtend<ResponseInputItem.FunctionCallOutput>();
    expectTypeOf<ReturnType<typeof toolOutput>>().toExtend<ResponseInputItem>();
    expectTypeOf<ReturnType<typeof toolCalls>["rejected"][number]["output"]>().toExtend<ResponseInputItem>();
  });

  it("responseItems gives a response's output items as input items", () => {
    const response = {} as Response;
    expectTypeOf(responseItems(response)).toExtend<ResponseInputItem[]>();
    expectTypeOf(responseItems(response.output)).toExtend<ResponseInputItem[]>();
    // Without the narrowing, openai's own output items are not all input items:
    // the day this fails, ResponsesReplayItem can go.
    expectTypeOf<ResponseOutputItem>().not.toExtend<ResponseInputItem>();
  });

  it("the adapter is an Adapter for these types", () => {
    expectTypeOf<typeof adapter>().toExtend<
      Adapter<Tool, ResponsesResponse | readonly ResponsesItem[], ResponseInputItem, ResponsesItem>
    >();
    // What lets @x/executor's runToolLoop type its transcript as the caller's input items.
    expectTypeOf<(typeof adapter)["api"]>().toEqualTypeOf<"responses">();
    expectTypeOf<ReturnType<typeof toolOutput>>().toExtend<ResponseInputItem.FunctionCallOutput>();
    expectTypeOf(({} as typeof adapter).responseItems({} as Response)).toExtend<ResponseInputItem[]>();
  });
});
