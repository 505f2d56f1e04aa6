// The steps of one call of the Run view, as the page shows them.
import type { ApiName, CallResponse, Json, TimelineEvent } from "../shared/api-types";
import { h, list } from "./dom";
import { jsonBox } from "./json-block";
import { scrollBox } from "./scroll-box";
import { encodingWords } from "./strict-words";

/** Where the model sent a null that never reached the server: the nulls strict mode introduced. */
function removedNulls(sent: Json, received: Json, path = ""): string[] {
  if (typeof sent !== "object" || sent === null) return [];
  if (Array.isArray(sent)) {
    return Array.isArray(received)
      ? sent.flatMap((item, index) => removedNulls(item, received[index] ?? null, `${path}[${index}]`))
      : [];
  }
  const target = typeof received === "object" && received !== null && !Array.isArray(received) ? received : {};
  return Object.entries(sent).flatMap(([key, value]) => {
    const here = path === "" ? key : `${path}.${key}`;
    if (value === null && !Object.prototype.hasOwnProperty.call(target, key)) return [here];
    return removedNulls(value, target[key] ?? null, here);
  });
}

/**
 * What the model reads in an output, as a person sees it: its text, and its images as images.
 *
 * @example
 * ```ts
 * figure.append(outputPreview("responses", result.outputs.responses));
 * ```
 */
export function outputPreview(api: ApiName, output: Json): HTMLElement {
  const preview = h("div", { class: "preview", "data-testid": `preview-${api}` });
  const record = typeof output === "object" && output !== null && !Array.isArray(output) ? output : {};
  const content = api === "chat" ? record["content"] : record["output"];
  const parts: Json[] =
    typeof content === "string" ? [{ type: "input_text", text: content }] : Array.isArray(content) ? content : [];
  for (const part of parts) {
    const item = typeof part === "object" && part !== null && !Array.isArray(part) ? part : {};
    if (item["type"] === "input_image" && typeof item["image_url"] === "string") {
      preview.append(
        h("img", { src: item["image_url"], alt: "image returned by the tool", "data-testid": `image-${api}` }),
      );
    } else if (typeof item["text"] === "string") {
      preview.append(scrollBox(h("pre", { class: "text" }, item["text"]), item["text"]));
    }
  }
  return preview;
}

/**
 * The executor's events as a table, timed from the start of the run.
 *
 * @example
 * ```ts
 * output.append(timeline(result.events));
 * ```
 */
export function timeline(events: readonly TimelineEvent[], testId = "events"): HTMLElement {
  if (events.length === 0) return h("p", { class: "muted", "data-testid": testId }, "No events yet.");
  return h(
    "table",
    { class: "events", "data-testid": testId },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "at"), h("th", {}, "event"), h("th", {}, "duration"), h("th", {}, "details")),
    ),
    h(
      "tbody",
      {},
      events.map((event) =>
        h(
          "tr",
          { class: event.type },
          h("td", { class: "num" }, `+${event.at.toFixed(0)} ms`),
          h("td", {}, h("code", {}, event.type)),
          h("td", { class: "num" }, event.durationMs === undefined ? "" : `${event.durationMs.toFixed(0)} ms`),
          h("td", {}, event.summary),
        ),
      ),
    ),
  );
}

function step(number: number, title: string, explanation: string, ...body: (Node | null)[]): HTMLElement {
  return h(
    "li",
    { class: "step" },
    h("h3", {}, h("span", { class: "step-number" }, String(number)), title),
    h("p", { class: "muted" }, explanation),
    ...body,
  );
}

/**
 * Every step of one call: what the model sent, what the server received and
 * answered, the outputs for both APIs, and the telemetry.
 *
 * @example
 * ```ts
 * output.append(renderCallSteps(await api.post<CallResponse>("/api/call", request)));
 * ```
 */
export function renderCallSteps(result: CallResponse): HTMLElement {
  if (result.search !== undefined && result.search !== null) return searchSteps(result, result.search);
  const sentArguments = (result.sent?.params as { arguments?: Json } | undefined)?.arguments ?? null;
  const modelArguments = (() => {
    const call = result.modelCall.responses as { arguments?: unknown };
    try {
      return JSON.parse(String(call.arguments)) as Json;
    } catch {
      return undefined;
    }
  })();
  const removed =
    result.sent === null || modelArguments === undefined ? [] : removedNulls(modelArguments, sentArguments);
  return h(
    "ol",
    { class: "steps", "data-testid": "run-result" },
    step(
      1,
      "The call, as the model sends it",
      "A function call in each API's response shape; the arguments are JSON text written by the model.",
      h(
        "div",
        { class: "columns two" },
        h(
          "figure",
          {},
          h("figcaption", {}, "Chat Completions: choices[0].message"),
          jsonBox(result.modelCall.chat, "call-chat"),
        ),
        h(
          "figure",
          {},
          h("figcaption", {}, "Responses: an output item"),
          jsonBox(result.modelCall.responses, "call-responses"),
        ),
      ),
      h(
        "figure",
        { class: "parsed" },
        h("figcaption", {}, "The arguments, parsed (the same text in both shapes)"),
        modelArguments === undefined
          ? h("p", { class: "muted" }, "(not JSON: the call is rejected)")
          : jsonBox(modelArguments, "model-arguments"),
      ),
    ),
    step(
      2,
      "What the MCP server receives",
      "The tools/call request after the arguments are decoded, restored from any encoding and the nulls strict mode " +
        "introduced are removed.",
      result.rejected !== null
        ? h(
            "div",
            { class: "notice error", "data-testid": "rejected" },
            h("strong", {}, `Not run (${result.rejected.code}). `),
            result.rejected.message,
            " The model gets this error as the call's output, so it can correct itself.",
          )
        : result.denied !== undefined && result.denied !== null
          ? h(
              "div",
              { class: "notice error", "data-testid": "denied" },
              h("strong", {}, "Not run: denied"),
              result.denied.reason === null ? ". " : ` (${result.denied.reason}). `,
              "The model gets the denial as the call's output (step 4), so it can take another way.",
            )
          : result.sent === null
            ? h("p", { class: "muted" }, "Nothing was sent.")
            : h(
                "div",
                {},
                jsonBox({ server: result.sent.server, method: "tools/call", params: result.sent.params }, "sent"),
                (result.encoded ?? []).length === 0
                  ? null
                  : h(
                      "p",
                      { class: "note", "data-testid": "restored" },
                      "Restored before sending (the model sent them encoded): ",
                      list((result.encoded ?? []).map((encoded) => h("code", {}, encodingWords(encoded)))),
                    ),
                removed.length === 0
                  ? null
                  : h(
                      "p",
                      { class: "note", "data-testid": "removed-nulls" },
                      "Removed before sending: ",
                      list(removed.map((path) => h("code", {}, path))),
                    ),
              ),
    ),
    step(
      3,
      "The MCP result",
      "What the server answered, as received.",
      result.transportError !== null
        ? h(
            "div",
            { class: "notice error", "data-testid": "transport-error" },
            h("strong", {}, "The call failed: "),
            result.transportError,
          )
        : result.result === null
          ? h("p", { class: "muted" }, "No result (the call was not run).")
          : h(
              "div",
              {},
              (result.result as { isError?: unknown }).isError === true
                ? h(
                    "div",
                    { class: "notice error", "data-testid": "tool-error" },
                    h("strong", {}, "The tool reported an error "),
                    "(isError: true). The model is told, with the error prefix.",
                  )
                : null,
              jsonBox(result.result, "mcp-result"),
            ),
    ),
    step(
      4,
      "The tool output the model gets back",
      "Chat tool messages carry text only (images become a placeholder); a Responses function_call_output can carry " +
        "the image itself.",
      h(
        "div",
        { class: "columns two" },
        h(
          "figure",
          {},
          h("figcaption", {}, "Chat Completions: a tool message"),
          outputPreview("chat", result.outputs.chat),
          jsonBox(result.outputs.chat, "output-chat"),
        ),
        h(
          "figure",
          {},
          h("figcaption", {}, "Responses: a function_call_output item"),
          outputPreview("responses", result.outputs.responses),
          jsonBox(result.outputs.responses, "output-responses"),
        ),
      ),
    ),
    step(
      5,
      "Telemetry",
      "The executor's hook events (a slow tool's progress reports among them), timed by the executor from the start " +
        "of the run.",
      timeline(result.events),
    ),
  );
}

/** The steps of a client `tool_search` call: no server runs it, this stack answers it. */
function searchSteps(result: CallResponse, search: NonNullable<CallResponse["search"]>): HTMLElement {
  return h(
    "ol",
    { class: "steps", "data-testid": "run-result" },
    step(
      1,
      "The call, as the model sends it",
      "A client tool_search_call (Responses only: Chat Completions has no tool search).",
      jsonBox(result.modelCall.responses, "call-responses"),
    ),
    step(
      2,
      "The search, answered here",
      "No MCP server sees it: the executor ranks the deferred tools (names, servers, descriptions) for the query.",
      search.reason !== null
        ? h("div", { class: "notice error", "data-testid": "search-reason" }, search.reason)
        : h(
            "p",
            { "data-testid": "search-found" },
            `"${search.query ?? ""}" found ${search.found.length} tool(s)`,
            search.found.length === 0 ? "." : ": ",
            list(search.found.map((name) => h("code", {}, name))),
          ),
    ),
    step(
      3,
      "The output the model gets back",
      "A tool_search_output with the found tools' definitions: the model can call them from its next turn on.",
      jsonBox(result.outputs.responses, "output-responses"),
    ),
    step(4, "Telemetry", "The executor's hook events for this round.", timeline(result.events)),
  );
}
