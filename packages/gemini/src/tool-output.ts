import type { RenderOptions, ToolOutcome } from "@x/toolset";
import { renderResult, renderedText } from "@x/toolset/adapter";
import type { CallRef, RenderedPart, RenderedResult } from "@x/toolset/adapter";
import { isMadeUp } from "./call-id";
import { geminiName } from "./gemini-name";
import type { GeminiAnswer, GeminiFunctionResponseMedia } from "./gemini-types";
import { responseMedia } from "./response-media";

/**
 * Where a result's images and files go: `"parts"` (default), into the
 * function response's own media parts (multimodal function responses, Gemini
 * 3 and later), or `"placeholder"`, into the text as placeholders such as
 * `[image: image/png, 1024 bytes]`, for models without them.
 */
export type ResponseMedia = "parts" | "placeholder";

/** Options of {@link toolOutput}: how the result is rendered, and where its media go. */
export interface GeminiOutputOptions extends RenderOptions {
  /** Default `"parts"`. */
  readonly media?: ResponseMedia | undefined;
}

/**
 * The `functionResponse` part answering `call` with `outcome`:
 * `renderedOutput(call, renderResult(outcome, options))`.
 *
 * @param call - the call answered: `callId` and `name` (a call or a rejection `toolCalls` gave)
 * @param outcome - the MCP result of running the call, or the `ToolError` that stopped it
 * @param options - `errorPrefix` (default `"Error: "`), `structured` (default `"auto"`), `maxOutputBytes`
 *   (default: no limit), `media` (default `"parts"`)
 * @returns the part; `turnItems` puts a turn's answers in one `user` content
 * @example
 * ```ts
 * const result = await client.callTool({ name: call.toolName, arguments: call.arguments });
 * answers.push(toolOutput(call, toCallToolResult(result)));
 * ```
 */
export function toolOutput(call: CallRef, outcome: ToolOutcome, options?: GeminiOutputOptions): GeminiAnswer {
  return answer(
    callAnswered(call.callId, geminiName(call.name)),
    renderResult(outcome, options),
    options?.media ?? "parts",
  );
}

/**
 * The `functionResponse` part answering `call` with a rendered result: what
 * `@x/executor` calls, after rendering once.
 *
 * `{ functionResponse: { id, name, response } }`: `id` is the call's own id
 * (left out when the model sent the call without one), `name` the name the
 * model called, `response` `{ output: text }`, or `{ error: text }` for an
 * error result or a `ToolError` ("Use 'output' key to specify function output
 * and 'error' key to specify error details": `FunctionResponse.response` in
 * `@google/genai`'s src/types.ts, https://ai.google.dev/api/caching#FunctionResponse). PNG, JPEG and WebP
 * images and PDF files go into the response's `parts` as `inlineData` (see
 * {@link ResponseMedia}); other media stay in the text as placeholders.
 *
 * @param call - the call answered: `callId` and exposed `name`
 * @param rendered - from `renderResult` (`@x/toolset/adapter`)
 * @returns the part
 * @example
 * ```ts
 * answers.push(renderedOutput(call, renderResult(outcome, { maxOutputBytes: 10_000 })));
 * ```
 */
export function renderedOutput(call: CallRef, rendered: RenderedResult): GeminiAnswer {
  return answer(callAnswered(call.callId, geminiName(call.name)), rendered, "parts");
}

/** {@link renderedOutput} with media as placeholders (`media: "placeholder"`). */
export function renderedOutputWithPlaceholders(call: CallRef, rendered: RenderedResult): GeminiAnswer {
  return answer(callAnswered(call.callId, geminiName(call.name)), rendered, "placeholder");
}

/** A call as its answer names it: the id to repeat (none for a made-up one) and the name the model called. */
export interface CallAnswered {
  readonly id: string | undefined;
  readonly name: string;
}

/** The call as its answer names it: made-up ids are not repeated. */
export function callAnswered(callId: string, calledName: string): CallAnswered {
  return { id: isMadeUp(callId) ? undefined : callId, name: calledName };
}

/** The answer to a call named as the model called it. */
export function answer(call: CallAnswered, rendered: RenderedResult, media: ResponseMedia): GeminiAnswer {
  const sent: GeminiFunctionResponseMedia[] = [];
  // Each part either goes as media or stays in the text (as its placeholder).
  const textual: RenderedPart[] = rendered.parts.filter((part) => {
    if (media === "placeholder" || part.type === "text") return true;
    const found = responseMedia(part.mimeType, part.data);
    if (found !== undefined) sent.push(found);
    return found === undefined;
  });
  const text = renderedText({ parts: textual });
  return {
    functionResponse: {
      ...(call.id === undefined ? {} : { id: call.id }),
      name: call.name,
      response: rendered.isError ? { error: text } : { output: text },
      ...(sent.length > 0 ? { parts: sent } : {}),
    },
  };
}
