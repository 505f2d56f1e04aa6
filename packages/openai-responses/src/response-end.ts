import type { ResponseEnd } from "@x/toolset/adapter";
import { isRecord, readOutput } from "./read-output";
import type { ResponsesItem, ResponsesResponse } from "./responses-types";

/**
 * How a response without calls to answer ended, from its `status`:
 * `"completed"` is complete; `"incomplete"` is incomplete with
 * `incomplete_details.reason` (`max_output_tokens`, `content_filter`);
 * `"failed"`, `"cancelled"` and any other status are incomplete with that
 * status. A response without a status (its items, or a hand-made one) is
 * complete. A response holding a `computer_call` (which only the caller can
 * answer, with a screenshot) is incomplete whatever its status.
 */
export function responseEnd(response: ResponsesResponse | readonly ResponsesItem[]): ResponseEnd {
  // A computer call waits for the caller's screenshot: this client cannot answer it, so the run cannot go on.
  if (readOutput(response).some((item) => isRecord(item) && item.type === "computer_call")) {
    return {
      incomplete:
        "computer_call: the response waits for a computer action's screenshot, which this client does not take",
    };
  }
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
