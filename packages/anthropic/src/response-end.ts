import type { ResponseEnd } from "@x/toolset/adapter";
import type { AnthropicMessage, AnthropicResponse } from "./anthropic-types";
import { isRecord, text } from "./read-tool-uses";

/**
 * How a reply ended when it has no call left to answer, from its
 * `stop_reason` (https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons):
 * `end_turn`, `stop_sequence` and `tool_use` are `"complete"`; `pause_turn`
 * is `"continue"` (the API paused a long turn: send the reply back as it is
 * and the model goes on); `max_tokens`, `refusal` and
 * `model_context_window_exceeded` are `{ incomplete: reason }`; a reply
 * `collectStream` gathered from a stream that ended early (`null`) is
 * incomplete too, saying so (and naming the error of an `error` event). A
 * `content` list (no `stop_reason`) is `"complete"`.
 *
 * @param response - a `Message`, or its content
 * @returns `"complete"`, `"continue"` or `{ incomplete }`
 * @example
 * ```ts
 * responseEnd(message); // "complete" | "continue" | { incomplete: "max_tokens" }
 * ```
 */
export function responseEnd(response: AnthropicResponse): ResponseEnd {
  if (Array.isArray(response) || !isRecord(response)) return "complete";
  const message = response as AnthropicMessage & { readonly error?: unknown };
  const reason: unknown = message.stop_reason;
  switch (reason) {
    case undefined:
    case "end_turn":
    case "stop_sequence":
    case "tool_use":
      return "complete";
    case "pause_turn":
      return "continue";
    case null: {
      const error = isRecord(message.error) ? message.error : undefined;
      return {
        incomplete:
          error === undefined
            ? "the stream ended before the reply was complete"
            : `the stream failed: ${text(error.type)}: ${text(error.message)}`,
      };
    }
    default:
      return { incomplete: typeof reason === "string" ? reason : "unknown-stop-reason" };
  }
}
