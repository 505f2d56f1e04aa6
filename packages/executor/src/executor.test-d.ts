import type OpenAI from "openai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { adapter as chat } from "@x/openai-chat";
import type { ChatToolMessage } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import type { ResponsesCallOutput } from "@x/openai-responses";
import type { Toolset } from "@x/toolset";
import { describe, expectTypeOf, it } from "vitest";
import { executeToolCalls } from "./execute-tool-calls";
import type { ExecuteResult } from "./execute-options";
import type { ExecutorHooks } from "./hook-events";
import type { McpClients, McpToolClient } from "./mcp-client";
import { otelHooks } from "./otel/otel-hooks";
import { prepareTools } from "./prepare-tools";
import { runToolLoop } from "./run-tool-loop";

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
    const result = await executeToolCalls(completion, toolset, { files: client }, { adapter: chat });
    expectTypeOf(result).toEqualTypeOf<ExecuteResult<ChatToolMessage>>();
    expectTypeOf(result.outputs).toExtend<OpenAI.ChatCompletionMessageParam[]>();
    expectTypeOf(chat.responseItems(completion)).toExtend<OpenAI.ChatCompletionMessageParam[]>();
  });

  it("Responses: a Response in, input items out", async () => {
    const result = await executeToolCalls(response, toolset, new Map([["files", client]]), { adapter: responses });
    expectTypeOf(result).toEqualTypeOf<ExecuteResult<ResponsesCallOutput>>();
    expectTypeOf(result.outputs).toExtend<OpenAI.Responses.ResponseInputItem[]>();
  });

  it("refuses a response the adapter cannot read", async () => {
    // @ts-expect-error a number is no chat response
    await executeToolCalls(42, toolset, { files: client }, { adapter: chat });
  });
});

describe("prepareTools and runToolLoop with the openai client", () => {
  it("prepareTools gives each API's request tools", () => {
    expectTypeOf(prepareTools(chat, toolset).tools).toExtend<OpenAI.ChatCompletionTool[]>();
    expectTypeOf(prepareTools(responses, toolset).tools).toExtend<OpenAI.Responses.Tool[]>();
  });

  it("runToolLoop's model function is a thin wrapper over openai.chat.completions.create", async () => {
    const input: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Hi" }];
    const result = await runToolLoop({
      model: (messages, tools, { signal }) =>
        openai.chat.completions.create({ model: "gpt-5-mini", messages, tools }, signal === undefined ? {} : { signal }),
      adapter: chat,
      toolset,
      clients: { files: client },
      input,
      hooks: otelHooks(),
    });
    // The response type is the model function's (openai adds `_request_id`), not the adapter's wider input type.
    expectTypeOf(result.response).toExtend<OpenAI.ChatCompletion | undefined>();
    expectTypeOf<OpenAI.ChatCompletion | undefined>().toExtend<typeof result.response>();
    expectTypeOf(result.input).toExtend<OpenAI.ChatCompletionMessageParam[]>();
  });

  it("runToolLoop's model function is a thin wrapper over openai.responses.create", async () => {
    const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "Hi" }];
    const result = await runToolLoop({
      // The Responses adapter types the items it repeats as its own open `{ type: string }`
      // (it does not depend on openai's types), so they need a cast to openai's input type.
      model: (items, tools) => openai.responses.create({ model: "gpt-5-mini", input: items as OpenAI.Responses.ResponseInput, tools }),
      adapter: responses,
      toolset,
      clients: { files: client },
      input,
    });
    expectTypeOf(result.response).toExtend<OpenAI.Responses.Response | undefined>();
    expectTypeOf(result.stopReason).toEqualTypeOf<"completed" | "max-turns" | "aborted">();
  });

  it("otelHooks are hooks", () => {
    expectTypeOf(otelHooks()).toEqualTypeOf<ExecutorHooks>();
  });
});
