// The tool loop over either OpenAI API on the notebook of notes-server.ts,
// with the official openai client over HTTP (to a stand-in such as
// notes-turns-api.ts): the same run and resume written once for both APIs,
// so a test's table can take the API as a column.
import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import OpenAI from "openai";
import type { ApprovalDecisions, ToolLoopState } from "../loop-state";
import { resumeToolLoop } from "../resume-tool-loop";
import type { ResumeOptions } from "../resume-tool-loop";
import { runToolLoop } from "../run-tool-loop";
import type { ToolLoopOptions, ToolLoopResult } from "../run-tool-loop";
import type { NotesServer } from "./notes-server";

/** Which OpenAI API a run speaks. */
export type Api = "chat" | "responses";

/** The loop's options that do not depend on the API. */
export type NotesLoopExtras = Pick<
  ToolLoopOptions<typeof chat, unknown, unknown>,
  "approve" | "stopWhen" | "hooks" | "conversation" | "maxTurns"
> & { readonly claim?: ResumeOptions<typeof chat, unknown, unknown>["claim"] };

/** A run's end as the tests read it: the transcript as plain objects. */
export type NotesLoopResult = ToolLoopResult<unknown, object>;

/** The official client, pointed at the stand-in. */
export const openaiAt = (baseURL: string): OpenAI => new OpenAI({ apiKey: "test", baseURL, maxRetries: 0 });

const servers = (notes: NotesServer) => ({ toolset: notes.toolset, clients: { notes: notes.client } });

function chatOptions(openai: OpenAI, notes: NotesServer) {
  return {
    model: (
      messages: OpenAI.ChatCompletionMessageParam[],
      tools: OpenAI.ChatCompletionTool[],
      { signal }: { signal: AbortSignal | undefined },
    ) => openai.chat.completions.create({ model: "gpt-test", messages, tools }, { signal }),
    adapter: chat,
    servers: servers(notes),
  };
}

function responsesOptions(openai: OpenAI, notes: NotesServer) {
  return {
    model: (
      input: OpenAI.Responses.ResponseInputItem[],
      tools: OpenAI.Responses.Tool[],
      { signal, previousResponseId }: { signal: AbortSignal | undefined; previousResponseId: string | null },
    ) =>
      openai.responses.create(
        {
          model: "gpt-test",
          input,
          tools,
          ...(previousResponseId === null ? {} : { previous_response_id: previousResponseId }),
        },
        { signal },
      ),
    adapter: responses,
    servers: servers(notes),
  };
}

/** Runs the loop from one user message ("Tidy my notes."). */
export async function runNotes(
  api: Api,
  openai: OpenAI,
  notes: NotesServer,
  extras: NotesLoopExtras = {},
): Promise<NotesLoopResult> {
  const input = "Tidy my notes.";
  return api === "chat"
    ? await runToolLoop({ ...chatOptions(openai, notes), ...extras, input: [{ role: "user", content: input }] })
    : await runToolLoop({ ...responsesOptions(openai, notes), ...extras, input: [{ role: "user", content: input }] });
}

/** Resumes a paused run (the state as read back: any JSON) with the decisions. */
export async function resumeNotes(
  api: Api,
  state: unknown,
  decisions: ApprovalDecisions,
  run: { readonly openai: OpenAI; readonly notes: NotesServer; readonly extras?: NotesLoopExtras },
): Promise<NotesLoopResult> {
  const extras = run.extras ?? {};
  return api === "chat"
    ? await resumeToolLoop(state as ToolLoopState<OpenAI.ChatCompletionMessageParam>, decisions, {
        ...chatOptions(run.openai, run.notes),
        ...extras,
      })
    : await resumeToolLoop(state as ToolLoopState<OpenAI.Responses.ResponseInputItem>, decisions, {
        ...responsesOptions(run.openai, run.notes),
        ...extras,
      });
}

/** The call ids the transcript answers, in order (tool messages and function_call_output items). */
export const answeredIdsOf = (transcript: readonly object[]): string[] =>
  transcript.flatMap((item) =>
    "tool_call_id" in item && typeof item.tool_call_id === "string"
      ? [item.tool_call_id]
      : "type" in item && item.type === "function_call_output" && "call_id" in item && typeof item.call_id === "string"
        ? [item.call_id]
        : [],
  );
