import type OpenAI from "openai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { adapter as chat } from "@x/openai-chat";
import type { ChatMessage, ChatToolMessage } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import type { ResponsesAnswer, ResponsesItem } from "@x/openai-responses";
import type { Toolset } from "@x/toolset";
import { describe, expectTypeOf, it } from "vitest";
import { executeToolCalls } from "./execute-tool-calls";
import type { ExecuteResult } from "./run-round";
import type { ExecutorHooks } from "./hook-events";
import type { McpClients, McpToolClient } from "./mcp-client";
import { otelHooks } from "./otel/otel-hooks";
import { resumeToolLoop } from "./resume-tool-loop";
import { runToolLoop } from "./run-tool-loop";
import type { AdapterOutput, AdapterTool, ToolLoopOptions } from "./run-tool-loop";
import type { ToolLoopState } from "./loop-state";

declare const toolset: Toolset;
declare const openai: OpenAI;
declare const completion: OpenAI.ChatCompletion;
declare const response: OpenAI.Responses.Response;
const client = new Client({ name: "agent", version: "1.0.0" });

describe("the MCP SDK's Client", () => {
  it("is an McpToolClient as is", () => {
    expectTypeOf<Client>().toExtend<McpToolClient>();
    expectTypeOf({ files: client }).toExtend<McpClients>();
    expectTypeOf(new Map([["files", client]])).toExtend<McpClients>();
  });

  it("is not confused with something without callTool", () => {
    expectTypeOf<{ listTools(): Promise<unknown> }>().not.toExtend<McpToolClient>();
  });
});

describe("each adapter is accepted by executeToolCalls, with the official openai types", () => {
  it("Chat Completions: a ChatCompletion in, tool messages out that the next request takes", async () => {
    const result = await executeToolCalls(completion, chat.tools(toolset), { files: client });
    expectTypeOf(result).toEqualTypeOf<ExecuteResult<ChatToolMessage, ChatMessage>>();
    expectTypeOf(result.outputs).toExtend<OpenAI.ChatCompletionMessageParam[]>();
    expectTypeOf(result.items).toExtend<OpenAI.ChatCompletionMessageParam[]>();
    expectTypeOf(chat.responseItems(completion)).toExtend<OpenAI.ChatCompletionMessageParam[]>();
  });

  it("Responses: a Response in, input items out", async () => {
    const result = await executeToolCalls(response, responses.tools(toolset), new Map([["files", client]]));
    expectTypeOf(result).toEqualTypeOf<ExecuteResult<ResponsesAnswer, ResponsesItem>>();
    expectTypeOf(result.outputs).toExtend<OpenAI.Responses.ResponseInputItem[]>();
  });

  it("refuses a response the adapter cannot read", async () => {
    // @ts-expect-error a number is no chat response
    await executeToolCalls(42, chat.tools(toolset), { files: client });
  });
});

describe("tools() and runToolLoop with the openai client", () => {
  it("each adapter's tools() gives its API's request tools", () => {
    expectTypeOf(chat.tools(toolset).tools).toExtend<OpenAI.ChatCompletionTool[]>();
    expectTypeOf(responses.tools(toolset).tools).toExtend<OpenAI.Responses.Tool[]>();
  });

  it("runToolLoop's model function is a thin wrapper over openai.chat.completions.create", async () => {
    const input: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Hi" }];
    const result = await runToolLoop({
      model: (messages, tools, { signal }) =>
        openai.chat.completions.create(
          { model: "gpt-5-mini", messages, tools },
          signal === undefined ? {} : { signal },
        ),
      adapter: chat,
      servers: { toolset, clients: { files: client } },
      input,
      hooks: otelHooks(),
    });
    // The response type is the model function's (openai adds `_request_id`), not the adapter's wider input type.
    expectTypeOf(result.response).toExtend<OpenAI.ChatCompletion | undefined>();
    expectTypeOf<OpenAI.ChatCompletion | undefined>().toExtend<typeof result.response>();
    expectTypeOf(result.input).toExtend<OpenAI.ChatCompletionMessageParam[]>();
  });

  it("runToolLoop's model function is a thin wrapper over openai.responses.create, with no cast", async () => {
    const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "Hi" }];
    const result = await runToolLoop({
      model: (items, tools, { signal }) => {
        // The repeated output items are typed as input items (the adapter's api is "responses"), checked below.
        expectTypeOf(items).toExtend<OpenAI.Responses.ResponseInput>();
        return openai.responses.create(
          { model: "gpt-5-mini", input: items, tools },
          signal === undefined ? {} : { signal },
        );
      },
      adapter: responses,
      servers: { toolset, clients: { files: client } },
      input,
    });
    expectTypeOf(result.response).toExtend<OpenAI.Responses.Response | undefined>();
    expectTypeOf(result.input).toExtend<OpenAI.Responses.ResponseInput>();
    expectTypeOf(result.input).toEqualTypeOf<(OpenAI.Responses.ResponseInputItem | ResponsesAnswer)[]>();
    expectTypeOf(result.stopReason).toEqualTypeOf<
      "completed" | "incomplete" | "max-turns" | "aborted" | "needs-approval" | "needs-input" | "stop-when"
    >();
    // The transcript goes into the next request as it is.
    await openai.responses.create({
      model: "gpt-5-mini",
      input: [...result.input, { role: "user", content: "And then?" }],
    });
  });

  it("runToolLoop checks that claim: an input type that cannot hold the response's output items is refused", () => {
    void runToolLoop({
      model: () => ({}) as OpenAI.Responses.Response,
      // A reasoning or function_call item is no user message:
      // @ts-expect-error the transcript could not be typed as the input
      adapter: responses,
      servers: { toolset, clients: {} },
      input: [{ role: "user" as const, content: "Hi" }],
    });
    void runToolLoop({
      model: () => ({}) as OpenAI.Responses.Response,
      adapter: responses,
      servers: { toolset, clients: {} },
      input: [{ role: "user" as const, content: "Hi" }] as OpenAI.Responses.ResponseInputItem[],
    });
  });

  it("a plain-string input: the Chat transcript is messages openai takes", async () => {
    const result = await runToolLoop({
      model: (messages, tools) => openai.chat.completions.create({ model: "gpt-5-mini", messages, tools }),
      adapter: chat,
      servers: { toolset, clients: {} },
      input: "Hi",
    });
    expectTypeOf(result.input).toExtend<OpenAI.ChatCompletionMessageParam[]>();
    await openai.chat.completions.create({ model: "gpt-5-mini", messages: result.input });
  });

  it("the Chat transcript is its messages, with no cast, even when the input is written inline", async () => {
    const result = await runToolLoop({
      model: (messages, tools) => openai.chat.completions.create({ model: "gpt-5-mini", messages, tools }),
      adapter: chat,
      servers: { toolset, clients: {} },
      input: [{ role: "user" as const, content: "Hi" }],
    });
    expectTypeOf(result.input).toExtend<OpenAI.ChatCompletionMessageParam[]>();
    await openai.chat.completions.create({ model: "gpt-5-mini", messages: result.input });
  });

  it("the tool, output and repeated item types come from the adapter's type", () => {
    expectTypeOf<AdapterTool<typeof chat>>().toExtend<OpenAI.ChatCompletionTool>();
    expectTypeOf<AdapterTool<typeof responses>>().toExtend<OpenAI.Responses.Tool>();
    expectTypeOf<AdapterOutput<typeof chat>>().toEqualTypeOf<ChatToolMessage>();
    expectTypeOf<AdapterOutput<typeof responses>>().toEqualTypeOf<ResponsesAnswer>();
    // Three type parameters, which a caller can also write out (here: options written apart from the call).
    const options: ToolLoopOptions<typeof chat, OpenAI.ChatCompletion, OpenAI.ChatCompletionMessageParam> = {
      model: (messages, tools) => openai.chat.completions.create({ model: "gpt-5-mini", messages, tools }),
      adapter: chat,
      servers: { toolset, clients: {} },
      input: [],
    };
    void runToolLoop<typeof chat, OpenAI.ChatCompletion, OpenAI.ChatCompletionMessageParam>(options);
  });

  it("refuses an adapter of the other API than the model function's", () => {
    void runToolLoop({
      model: () => ({}) as OpenAI.ChatCompletion,
      // @ts-expect-error the Responses adapter cannot read a ChatCompletion
      adapter: responses,
      servers: { toolset, clients: {} },
      input: [] as OpenAI.Responses.ResponseInputItem[],
    });
  });

  it("otelHooks are hooks", () => {
    expectTypeOf(otelHooks()).toEqualTypeOf<ExecutorHooks>();
  });
});

describe("resumeToolLoop with the openai client", () => {
  it("Chat: a state read back from JSON, typed by its messages, resumes to a transcript openai takes", async () => {
    const state = JSON.parse("{}") as ToolLoopState<OpenAI.ChatCompletionMessageParam>;
    const result = await resumeToolLoop(
      state,
      { call_1: true },
      {
        model: (messages, tools, { signal }) =>
          openai.chat.completions.create({ model: "gpt-5-mini", messages, tools }, { signal }),
        adapter: chat,
        servers: { toolset, clients: { files: client } },
      },
    );
    expectTypeOf(result.response).toExtend<OpenAI.ChatCompletion | undefined>();
    expectTypeOf(result.input).toExtend<OpenAI.ChatCompletionMessageParam[]>();
    await openai.chat.completions.create({ model: "gpt-5-mini", messages: result.input });
    if (result.state !== undefined) {
      // Paused again: the new state resumes the same way.
      await resumeToolLoop(
        result.state,
        {},
        { model: () => completion, adapter: chat, servers: { toolset, clients: {} } },
      );
    }
  });

  it("Responses: the state of a paused run resumes to a ResponseInput, with no cast", async () => {
    const paused = await runToolLoop({
      model: (items, tools) => openai.responses.create({ model: "gpt-5-mini", input: items, tools }),
      adapter: responses,
      servers: { toolset, clients: {} },
      input: [{ role: "user", content: "Hi" }] as OpenAI.Responses.ResponseInput,
    });
    if (paused.state === undefined) return;
    const result = await resumeToolLoop(
      paused.state,
      {},
      {
        model: (items, tools, { previousResponseId }) => {
          expectTypeOf(items).toExtend<OpenAI.Responses.ResponseInput>();
          return openai.responses.create({
            model: "gpt-5-mini",
            input: items,
            tools,
            previous_response_id: previousResponseId,
          });
        },
        adapter: responses,
        servers: { toolset, clients: {} },
      },
    );
    expectTypeOf(result.input).toEqualTypeOf<(OpenAI.Responses.ResponseInputItem | ResponsesAnswer)[]>();
    await openai.responses.create({ model: "gpt-5-mini", input: result.input });
  });

  it("refuses a state whose entries cannot hold the response's output items, and a wrong adapter", () => {
    const userMessages = JSON.parse("{}") as ToolLoopState<{ role: "user"; content: string }>;
    void resumeToolLoop(
      userMessages,
      {},
      {
        model: () => response,
        // @ts-expect-error a reasoning or function_call item is no user message
        adapter: responses,
        servers: { toolset, clients: {} },
      },
    );
    const items = JSON.parse("{}") as ToolLoopState<OpenAI.Responses.ResponseInputItem>;
    void resumeToolLoop(items, {}, { model: () => response, adapter: responses, servers: { toolset, clients: {} } });
    void resumeToolLoop(
      items,
      {},
      {
        model: () => response,
        // @ts-expect-error the Chat adapter cannot read a Response
        adapter: chat,
        servers: { toolset, clients: {} },
      },
    );
  });
});
