// The scripted model speaking the Gemini API: it reads the request's
// `contents` (the user's last message, the model contents with
// `functionCall` parts since, and the `functionResponse` parts answering
// them) and `config.tools`, and streams its turn as `generateContentStream`
// chunks: its text in pieces, then each function call whole in a chunk of its
// own (Gemini does not stream a call's arguments), then the finish reason
// (https://ai.google.dev/gemini-api/docs/function-calling). Like Gemini 3, it
// puts a thought signature on the first function call of a turn and refuses a
// request whose replayed turn lost it or moved it
// (https://ai.google.dev/gemini-api/docs/thought-signatures); on a turn
// without calls, the signature comes in a last chunk with an empty text part.
import { createHash, randomBytes } from "node:crypto";
import { FinishReason, GenerateContentResponse } from "@google/genai";
import type { Content, GenerateContentParameters, Part, ToolListUnion } from "@google/genai";
import type { OfferedTool } from "./choose-tools";
import { pause, PIECE_PAUSE_MS, textPieces } from "./pieces";
import { ScriptedRefusal } from "./refusal";
import { IMAGE_NOTE, nextTurn } from "./script";
import type { ReadCall, Reading, Turn } from "./script";

type Fields = { readonly [key: string]: unknown };
const isRecord = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The signature the scripted model gives the first call of a turn: made from
 * the call itself, so a signature moved to another part, or a call changed,
 * no longer matches.
 */
function signatureOf(name: string, args: unknown): string {
  // Opaque base64, as the API's are: what it encodes is the scripted model's own business.
  return createHash("sha256")
    .update(JSON.stringify(["scripted-thought", name, args ?? {}]))
    .digest("base64");
}

/** The request's contents as a list (a string is one user message). */
function contentsOf(contents: GenerateContentParameters["contents"]): Content[] {
  if (typeof contents === "string") return [{ role: "user", parts: [{ text: contents }] }];
  const list: unknown[] = Array.isArray(contents) ? contents : [contents];
  return list.filter((content): content is Content => isRecord(content) && Array.isArray(content["parts"]));
}

/** A user content that says something (not only function responses): where a turn starts. */
const saysSomething = (content: Content): boolean =>
  content.role !== "model" && (content.parts ?? []).some((part) => part.functionResponse === undefined);

/** What a function response says, as the model reads it: its output or error, images as {@link IMAGE_NOTE}. */
function answerOf(part: Part | undefined): { output: string | undefined; isError: boolean } {
  const answer = part?.functionResponse;
  if (answer === undefined) return { output: undefined, isError: false };
  const response: Fields = isRecord(answer.response) ? answer.response : {};
  const said = response["error"] ?? response["output"];
  const text = typeof said === "string" ? said : JSON.stringify(said ?? null);
  const images = (answer.parts ?? []).filter((media) => media.inlineData !== undefined).length;
  return {
    output: images === 0 ? text : `${text} ${IMAGE_NOTE}`,
    isError: Object.hasOwn(response, "error"),
  };
}

/**
 * Refuses a turn whose first call came back without the signature the model
 * gave it, as Gemini 3 does (400 INVALID_ARGUMENT).
 */
function checkSignature(content: Content, position: number): void {
  const parts = content.parts ?? [];
  const first = parts.find((part) => part.functionCall !== undefined);
  if (first?.functionCall === undefined) return;
  const signatures = parts.filter((part) => part.thoughtSignature !== undefined);
  const expected = signatureOf(first.functionCall.name ?? "", first.functionCall.args);
  if (first.thoughtSignature === expected && signatures.length === 1) return;
  throw new ScriptedRefusal(
    400,
    "Function call is missing a thought_signature in functionCall parts. This is required for tools to work " +
      `correctly. Additional data, function call \`default_api:${first.functionCall.name ?? ""}\`, position ` +
      `${position + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
  );
}

/** The user's last message, and each model content's calls since, with the function responses answering them. */
function read(contents: readonly Content[]): Reading {
  const start = contents.findLastIndex(saysSomething);
  const rounds: ReadCall[][] = [];
  for (let at = start + 1; at < contents.length; at++) {
    const content = contents[at];
    if (content?.role !== "model") continue;
    checkSignature(content, at);
    const calls = (content.parts ?? []).flatMap((part) => (part.functionCall === undefined ? [] : [part.functionCall]));
    if (calls.length === 0) continue;
    // The next content answers them all, in call order (by id when the calls had ids).
    const answers = (contents[at + 1]?.parts ?? []).filter((part) => part.functionResponse !== undefined);
    rounds.push(
      calls.map((call, position) => {
        const byId = call.id === undefined ? undefined : answers.find((part) => part.functionResponse?.id === call.id);
        const { output, isError } = answerOf(byId ?? answers[position]);
        return { name: call.name ?? "", arguments: JSON.stringify(call.args ?? {}), output, isError };
      }),
    );
  }
  const message = (contents[start]?.parts ?? []).map((part) => part.text ?? "").join("");
  return { message, rounds };
}

/** The function declarations of the request, as the model is offered them. */
function offeredTools(tools: ToolListUnion | undefined): OfferedTool[] {
  return (tools ?? []).flatMap((tool) =>
    "functionDeclarations" in tool
      ? (tool.functionDeclarations ?? []).map((declaration) => ({
          name: declaration.name ?? "",
          description: declaration.description ?? "",
          parameters: declaration.parametersJsonSchema ?? declaration.parameters ?? {},
        }))
      : [],
  );
}

/**
 * The scripted model's answer to a `generateContentStream` request, as the
 * chunks the API streams. The request is read at once: a replayed turn
 * without its thought signature is refused with the API's 400 before any
 * chunk, as the API answers. A stop (`config.abortSignal`) ends the stream
 * between two pieces.
 *
 * @param params - the request (`model`, `contents`, `config.tools`)
 * @throws {ScriptedRefusal} the 400 Gemini 3 gives a call turn that lost its signature
 * @example
 * ```ts
 * const response = await collectStream(geminiStream({ model: "scripted", contents, config: { tools } }));
 * ```
 */
export function geminiStream(params: GenerateContentParameters): AsyncGenerator<GenerateContentResponse> {
  const turn = nextTurn(read(contentsOf(params.contents)), offeredTools(params.config?.tools));
  return streamTurn(turn, params.model, params.config?.abortSignal);
}

async function* streamTurn(
  turn: Turn,
  model: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<GenerateContentResponse> {
  const responseId = randomBytes(12).toString("base64url");
  const chunk = (parts: Part[], finishReason?: FinishReason): GenerateContentResponse =>
    Object.assign(new GenerateContentResponse(), {
      candidates: [
        { content: { role: "model", parts }, index: 0, ...(finishReason === undefined ? {} : { finishReason }) },
      ],
      modelVersion: model,
      responseId,
    });
  for (const piece of textPieces(turn.text)) {
    await pause(PIECE_PAUSE_MS, signal);
    yield chunk([{ text: piece }]);
  }
  for (const [position, call] of turn.calls.entries()) {
    await pause(PIECE_PAUSE_MS, signal);
    const args = JSON.parse(call.arguments) as { [name: string]: unknown };
    const part: Part = { functionCall: { name: call.name, args } };
    // Gemini 3 signs the first function call of a turn only, parallel ones after it go unsigned.
    yield chunk([position === 0 ? { ...part, thoughtSignature: signatureOf(call.name, args) } : part]);
  }
  const last: Part[] = turn.calls.length === 0 ? [{ text: "", thoughtSignature: signatureOf("", turn.text) }] : [];
  yield chunk(last, FinishReason.STOP);
}
