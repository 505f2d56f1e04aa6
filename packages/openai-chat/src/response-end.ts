import type { ResponseEnd } from "@x/toolset/adapter";
import type { ChatResponse } from "./chat-types";
import { isRecord } from "./read-tool-calls";

/**
 * How a completion without calls to answer ended, from its first choice's
 * `finish_reason`: `"stop"` (and `"tool_calls"`, whose calls were all
 * answered) is complete; `"length"`, `"content_filter"` and any other reason
 * is incomplete, with that reason; `null` (a stream cut before its end) is
 * incomplete too. A bare message, which has no reason, is complete.
 */
export function responseEnd(response: ChatResponse): ResponseEnd {
  if (!isRecord(response) || !Array.isArray(response.choices)) return "complete";
  const first: unknown = response.choices[0];
  if (!isRecord(first) || !("finish_reason" in first)) return "complete";
  const reason = first.finish_reason;
  if (reason === "stop" || reason === "tool_calls") return "complete";
  if (reason === null) return { incomplete: "the stream ended before the response was complete" };
  return { incomplete: typeof reason === "string" ? reason : "unknown finish_reason" };
}
