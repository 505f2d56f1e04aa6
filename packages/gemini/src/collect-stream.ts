import { readStream } from "@x/toolset/adapter";
import type { CollectStreamOptions, StreamEvents } from "@x/toolset";
import type { GeminiPart, GeminiResponse, GeminiUsage } from "./gemini-types";
import { isRecord } from "./is-record";

type Fields = { readonly [key: string]: unknown };

/** One candidate as {@link collectStream} gathers it. */
export interface GeminiCollectedCandidate {
  content: { role: string; parts: GeminiPart[] };
  finishReason?: string;
  finishMessage?: string;
  index?: number;
  [field: string]: unknown;
}

/** The response {@link collectStream} gathers: the one `generateContent` would have returned. */
export interface GeminiCollectedResponse {
  candidates: GeminiCollectedCandidate[];
  responseId?: string;
  modelVersion?: string;
  usageMetadata?: GeminiUsage;
  promptFeedback?: { readonly blockReason?: string; readonly blockReasonMessage?: string };
  [field: string]: unknown;
}

// Fields of a part that make it more than text: such a part is never merged.
const textOnly = (part: Fields): boolean =>
  typeof part.text === "string" && Object.keys(part).every((key) => key === "text" || key === "thought");

/**
 * Gathers the chunks of a streamed response (`generateContentStream`, or any
 * iterable of chunks) into the response `generateContent` returns, so that
 * `toolCalls`, `responseItems` and the executor work on it unchanged.
 *
 * Each candidate's parts are kept in order; a text chunk is appended to the
 * text part before it when both are plain text of the same kind (thought or
 * not) and neither has a `thoughtSignature`: a part with a signature is never
 * merged with another, the signature stays on the part it came with (the
 * signature may come "in a final chunk with an empty text part",
 * https://ai.google.dev/gemini-api/docs/thought-signatures). Function calls
 * come whole in one chunk each and are kept as they came. The last chunk's
 * `finishReason` and `usageMetadata` are the response's; its envelope
 * (`responseId`, `modelVersion`, `promptFeedback`) is the first chunk that
 * has each. Text that is not a thought goes to `onDelta` as it arrives.
 *
 * A stream that ends before a chunk with a `finishReason` is collected as it
 * is, without one: `toolCalls` then answers its calls as cut short (never
 * runs them) and `responseEnd` says it was cut. With `signal`, an abort stops
 * the reading and rejects with the signal's reason.
 *
 * @param chunks - the stream's chunks
 * @param options - `onDelta` (text deltas), `signal`
 * @returns the collected response
 * @example
 * ```ts
 * const stream = await ai.models.generateContentStream({ model, contents, config: { tools: prepared.tools } });
 * const response = await collectStream(stream, { onDelta: (delta) => process.stdout.write(delta.delta) });
 * ```
 */
export async function collectStream(
  chunks: StreamEvents<GeminiResponse>,
  options?: CollectStreamOptions,
): Promise<GeminiCollectedResponse> {
  const onDelta = options?.onDelta;
  const response: GeminiCollectedResponse = { candidates: [] };
  await readStream(
    chunks,
    (chunk) => {
      if (!isRecord(chunk)) return;
      readEnvelope(response, chunk);
      const candidates = Array.isArray(chunk.candidates) ? (chunk.candidates as unknown[]) : [];
      candidates.forEach((candidate, position) => {
        if (!isRecord(candidate)) return;
        const index = typeof candidate.index === "number" ? candidate.index : position;
        const text = readCandidate(candidateAt(response, index), candidate);
        if (index === 0 && text !== "" && onDelta !== undefined) onDelta({ type: "text", delta: text });
      });
    },
    options?.signal,
  );
  return response;
}

function readEnvelope(response: GeminiCollectedResponse, chunk: Fields): void {
  for (const field of ["responseId", "modelVersion", "createTime", "promptFeedback"]) {
    if (chunk[field] !== undefined && response[field] === undefined) response[field] = structuredClone(chunk[field]);
  }
  if (isRecord(chunk.usageMetadata)) response.usageMetadata = structuredClone(chunk.usageMetadata);
}

function candidateAt(response: GeminiCollectedResponse, index: number): GeminiCollectedCandidate {
  let candidate = response.candidates.find((collected) => collected.index === index);
  if (candidate === undefined) {
    candidate = { content: { role: "model", parts: [] }, index };
    response.candidates.push(candidate);
    response.candidates.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  }
  return candidate;
}

/** Reads one chunk's candidate into the collected one; returns the text (not thought) it added. */
function readCandidate(collected: GeminiCollectedCandidate, chunk: Fields): string {
  for (const [field, value] of Object.entries(chunk)) {
    if (field !== "content" && field !== "index" && value !== undefined) collected[field] = structuredClone(value);
  }
  const content = isRecord(chunk.content) ? chunk.content : undefined;
  if (typeof content?.role === "string") collected.content.role = content.role;
  const parts = content !== undefined && Array.isArray(content.parts) ? (content.parts as unknown[]) : [];
  let added = "";
  for (const part of parts) {
    if (!isRecord(part)) continue;
    const copy = structuredClone(part) as GeminiPart;
    const merged = collected.content.parts;
    const last = merged.at(-1);
    if (
      last !== undefined &&
      textOnly(part) &&
      textOnly(last as Fields) &&
      (last.thought === true) === (part.thought === true)
    ) {
      merged[merged.length - 1] = { ...last, text: `${last.text ?? ""}${copy.text ?? ""}` };
    } else {
      merged.push(copy);
    }
    if (typeof part.text === "string" && part.thought !== true) added += part.text;
  }
  return added;
}
