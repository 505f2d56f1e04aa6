// The fake OpenAI server's streamed answers (`stream: true`): a finished
// completion or response taken apart into the events the API streams, text
// and arguments in several pieces, written as server-sent events. A gate
// lets a test hold a stream after its first piece of text, to see what the
// page shows before the rest arrives.
import type { ServerResponse } from "node:http";

type Item = { readonly [key: string]: unknown };

/** Holds streams after their first piece of text until released. */
export interface StreamGate {
  /** From now on, a stream waits after its first text piece until the returned function is called. */
  hold(): () => void;
  /** Resolves at once, or once the hold in force is released. */
  passed(): Promise<void>;
}

/**
 * A gate that holds nothing until {@link StreamGate.hold} is called.
 *
 * @example
 * ```ts
 * const gate = createStreamGate();
 * const release = gate.hold();
 * ```
 */
export function createStreamGate(): StreamGate {
  let held: Promise<void> | undefined;
  return {
    hold: () => {
      let release = (): void => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    passed: () => held ?? Promise.resolve(),
  };
}

/** `text` in up to four pieces, cut after a space where there is one (a token stream is cut anywhere). */
export function pieces(text: string): string[] {
  const words = text.split(/(?<= )/);
  const size = Math.max(1, Math.ceil(words.length / 4));
  const out: string[] = [];
  for (let at = 0; at < words.length; at += size) out.push(words.slice(at, at + size).join(""));
  return out.filter((piece) => piece !== "");
}

/** A completion as `chat.completion.chunk`s: the role, the text in pieces, each call's arguments in pieces. */
export function chatChunks(completion: Item): Item[] {
  const choice = (completion["choices"] as Item[])[0] ?? {};
  const message = (choice["message"] ?? {}) as Item;
  const base = {
    id: completion["id"],
    object: "chat.completion.chunk",
    created: completion["created"],
    model: completion["model"],
  };
  const chunk = (delta: Item, finish: unknown = null): Item => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const chunks = [chunk({ role: "assistant", content: "" })];
  if (typeof message["content"] === "string")
    for (const piece of pieces(message["content"])) chunks.push(chunk({ content: piece }));
  for (const [index, call] of ((message["tool_calls"] ?? []) as Item[]).entries()) {
    const fn = call["function"] as Item;
    chunks.push(
      chunk({
        tool_calls: [{ index, id: call["id"], type: "function", function: { name: fn["name"], arguments: "" } }],
      }),
    );
    for (const piece of halves(String(fn["arguments"])))
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  }
  chunks.push(chunk({}, choice["finish_reason"] ?? null), { ...base, choices: [], usage: completion["usage"] });
  return chunks;
}

function halves(text: string): string[] {
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)].filter((piece) => piece !== "");
}

/** A response as Responses stream events: each item added, its text or arguments in pieces, done; then the whole. */
export function responseEvents(response: Item): Item[] {
  const events: Item[] = [{ type: "response.created", response: { ...response, status: "in_progress", output: [] } }];
  for (const [at, item] of (response["output"] as Item[]).entries()) {
    const where = { output_index: at, item_id: item["id"] };
    if (item["type"] === "function_call") {
      events.push({ type: "response.output_item.added", output_index: at, item: { ...item, arguments: "" } });
      for (const delta of halves(String(item["arguments"])))
        events.push({ type: "response.function_call_arguments.delta", ...where, delta });
      events.push({ type: "response.function_call_arguments.done", ...where, arguments: item["arguments"] });
    } else if (item["type"] === "message") {
      const first: unknown = ((item["content"] as Item[])[0] ?? {})["text"];
      const text = typeof first === "string" ? first : "";
      const part = { ...where, content_index: 0 };
      events.push({ type: "response.output_item.added", output_index: at, item: { ...item, content: [] } });
      events.push({
        type: "response.content_part.added",
        ...part,
        part: { type: "output_text", text: "", annotations: [] },
      });
      for (const delta of pieces(text))
        events.push({ type: "response.output_text.delta", ...part, delta, logprobs: [] });
      events.push({ type: "response.output_text.done", ...part, text, logprobs: [] });
      events.push({
        type: "response.content_part.done",
        ...part,
        part: { type: "output_text", text, annotations: [] },
      });
    } else {
      events.push({ type: "response.output_item.added", output_index: at, item });
    }
    events.push({ type: "response.output_item.done", output_index: at, item });
  }
  events.push({ type: "response.completed", response });
  return events.map((event, at) => ({ ...event, sequence_number: at }));
}

/** Whether `event` carries a piece of text (a Chat chunk's content, a Responses text delta). */
function isTextPiece(event: Item): boolean {
  if (event["type"] === "response.output_text.delta") return true;
  const delta = ((event["choices"] as Item[] | undefined)?.[0]?.["delta"] ?? {}) as Item;
  return typeof delta["content"] === "string" && delta["content"] !== "";
}

/**
 * Writes `events` as server-sent events (Chat's end with `data: [DONE]`),
 * waiting at `gate` after the first piece of text.
 *
 * @example
 * ```ts
 * await writeStream(response, chatChunks(completion), gate, { done: true });
 * ```
 */
export async function writeStream(
  response: ServerResponse,
  events: readonly Item[],
  gate: StreamGate,
  options: { readonly done: boolean },
): Promise<void> {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  let textSeen = false;
  for (const event of events) {
    const name = typeof event["type"] === "string" ? `event: ${event["type"]}\n` : "";
    response.write(`${name}data: ${JSON.stringify(event)}\n\n`);
    if (!textSeen && isTextPiece(event)) {
      textSeen = true;
      await gate.passed();
    }
  }
  response.end(options.done ? "data: [DONE]\n\n" : undefined);
}
