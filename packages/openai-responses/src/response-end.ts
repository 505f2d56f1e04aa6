import type { ResponseEnd } from "@x/toolset/adapter";
import { isRecord } from "./read-output";
import type { ResponsesItem, ResponsesResponse } from "./responses-types";

/**
 * How a response without calls to answer ended, from its `status`:
 * `"completed"` is complete; `"incomplete"` is incomplete with
 * `incomplete_details.reason` (`max_output_tokens`, `content_filter`);
 * `"failed"`, `"cancelled"` and any other status are incomplete with that
 * status. A response without a status (its items, or a hand-made one) is
 * complete.
 */
export function responseEnd(response: ResponsesResponse | readonly ResponsesItem[]): ResponseEnd {
  if (!isRecord(response) || !("status" in response)) return "complete";
  const { status } = response;
  if (status === "completed" || status === undefined || status === null) return "complete";
  if (status === "incomplete") {
    const details = response.incomplete_details;
    const reason = isRecord(details) && typeof details.reason === "string" ? details.reason : "incomplete";
    return { incomplete: reason };
  }
  return { incomplete: typeof status === "string" ? status : "unknown status" };
}
