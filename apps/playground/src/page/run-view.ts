// The Run view ("you are the model"): write a tool call as a model would,
// run it through the executor, and see every step it goes through.
import type { ApiName, CallRequest, CallResponse, Json, TimelineEvent, ToolView } from "../shared/api-types";
import { ApiError } from "./api-client";
import { h, replace } from "./dom";
import { jsonBlock } from "./json-block";
import type { PageContext } from "./main";

let runApi: ApiName = "responses";
const UNKNOWN_TOOL = "no_such_tool";
/** Edited arguments per tool (and strict setting), kept while the page is open. */
const drafts = new Map<string, string>();

function draftKey(context: PageContext, tool: string): string {
  return `${context.strict}:${tool}`;
}

/** Models write compact JSON: valid JSON is sent compact, anything else exactly as typed. */
function asModelWrites(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

function exampleText(tool: ToolView | undefined): string {
  return JSON.stringify(tool?.example ?? {}, null, 2);
}

/** Where the model sent a null that never reached the server: the nulls strict mode introduced. */
function removedNulls(sent: Json, received: Json, path = ""): string[] {
  if (typeof sent !== "object" || sent === null) return [];
  if (Array.isArray(sent)) {
    return Array.isArray(received) ? sent.flatMap((item, index) => removedNulls(item, received[index] ?? null, `${path}[${index}]`)) : [];
  }
  const target = typeof received === "object" && received !== null && !Array.isArray(received) ? received : {};
  return Object.entries(sent).flatMap(([key, value]) => {
    const here = path === "" ? key : `${path}.${key}`;
    if (value === null && !Object.prototype.hasOwnProperty.call(target, key)) return [here];
    return removedNulls(value, target[key] ?? null, here);
  });
}

function outputPreview(api: ApiName, output: Json): HTMLElement {
  const preview = h("div", { class: "preview", "data-testid": `preview-${api}` });
  const record = typeof output === "object" && output !== null && !Array.isArray(output) ? output : {};
  const content = api === "chat" ? record["content"] : record["output"];
  const parts: Json[] = typeof content === "string" ? [{ type: "input_text", text: content }] : Array.isArray(content) ? content : [];
  for (const part of parts) {
    const item = typeof part === "object" && part !== null && !Array.isArray(part) ? part : {};
    if (item["type"] === "input_image" && typeof item["image_url"] === "string") {
      preview.append(h("img", { src: item["image_url"], alt: "image returned by the tool", "data-testid": `image-${api}` }));
    } else if (typeof item["text"] === "string") {
      preview.append(h("pre", { class: "text" }, item["text"]));
    }
  }
  return preview;
}

function timeline(events: readonly TimelineEvent[]): HTMLElement {
  if (events.length === 0) return h("p", { class: "muted" }, "No events.");
  return h(
    "table",
    { class: "events", "data-testid": "events" },
    h("thead", {}, h("tr", {}, h("th", {}, "at"), h("th", {}, "event"), h("th", {}, "duration"), h("th", {}, "details"))),
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

function renderResult(result: CallResponse): HTMLElement {
  const sentArguments = (result.sent?.params as { arguments?: Json } | undefined)?.arguments ?? null;
  const modelArguments = (() => {
    const call = result.modelCall.responses as { arguments?: unknown };
    try {
      return JSON.parse(String(call.arguments)) as Json;
    } catch {
      return undefined;
    }
  })();
  const removed = result.sent === null || modelArguments === undefined ? [] : removedNulls(modelArguments, sentArguments);
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
        h("figure", {}, h("figcaption", {}, "Chat Completions: choices[0].message"), jsonBlock(result.modelCall.chat, "call-chat")),
        h("figure", {}, h("figcaption", {}, "Responses: an output item"), jsonBlock(result.modelCall.responses, "call-responses")),
      ),
      h(
        "figure",
        { class: "parsed" },
        h("figcaption", {}, "The arguments, parsed (the same text in both shapes)"),
        modelArguments === undefined ? h("p", { class: "muted" }, "(not JSON: the call is rejected)") : jsonBlock(modelArguments, "model-arguments"),
      ),
    ),
    step(
      2,
      "What the MCP server receives",
      "The tools/call request after the arguments are decoded and the nulls strict mode introduced are removed.",
      result.rejected !== null
        ? h(
            "div",
            { class: "notice error", "data-testid": "rejected" },
            h("strong", {}, `Not run (${result.rejected.code}). `),
            result.rejected.message,
            " The model gets this error as the call's output, so it can correct itself.",
          )
        : result.sent === null
          ? h("p", { class: "muted" }, "Nothing was sent.")
          : h(
              "div",
              {},
              jsonBlock({ server: result.sent.server, method: "tools/call", params: result.sent.params }, "sent"),
              removed.length === 0
                ? null
                : h("p", { class: "note", "data-testid": "removed-nulls" }, "Removed before sending: ", removed.map((path) => h("code", {}, path))),
            ),
    ),
    step(
      3,
      "The MCP result",
      "What the server answered, as received.",
      result.transportError !== null
        ? h("div", { class: "notice error", "data-testid": "transport-error" }, h("strong", {}, "The call failed: "), result.transportError)
        : result.result === null
          ? h("p", { class: "muted" }, "No result (the call was not run).")
          : h(
              "div",
              {},
              (result.result as { isError?: unknown }).isError === true
                ? h("div", { class: "notice error", "data-testid": "tool-error" }, h("strong", {}, "The tool reported an error "), "(isError: true). The model is told, with the error prefix.")
                : null,
              jsonBlock(result.result, "mcp-result"),
            ),
    ),
    step(
      4,
      "The tool output the model gets back",
      "Chat tool messages carry text only (images become a placeholder); a Responses function_call_output can carry the image itself.",
      h(
        "div",
        { class: "columns two" },
        h("figure", {}, h("figcaption", {}, "Chat Completions: a tool message"), outputPreview("chat", result.outputs.chat), jsonBlock(result.outputs.chat, "output-chat")),
        h(
          "figure",
          {},
          h("figcaption", {}, "Responses: a function_call_output item"),
          outputPreview("responses", result.outputs.responses),
          jsonBlock(result.outputs.responses, "output-responses"),
        ),
      ),
    ),
    step(5, "Telemetry", "The executor's hook events (a slow tool's progress reports among them), timed by the executor from the start of the run.", timeline(result.events)),
  );
}

/**
 * The Run view.
 *
 * @example
 * ```ts
 * main.append(renderRunView(context));
 * ```
 */
export function renderRunView(context: PageContext): HTMLElement {
  const runnable = context.tools.tools.filter((tool) => tool.strict !== null);
  const initial = runnable.find((tool) => tool.name === context.selectedTool) ?? runnable[0];
  let current = initial?.name ?? "";

  const output = h("div", { class: "run-output" });
  const textarea = h("textarea", { rows: "12", spellcheck: "false", "data-testid": "arguments", "aria-label": "arguments" });
  textarea.value = drafts.get(draftKey(context, current)) ?? exampleText(initial);
  textarea.addEventListener("input", () => drafts.set(draftKey(context, current), textarea.value));
  const info = h("p", { class: "muted", "data-testid": "tool-info" });
  const describe = (): void => {
    const tool = context.tools.tools.find((candidate) => candidate.name === current);
    replace(
      info,
      tool === undefined
        ? "A name no tool has: the call is rejected, and the model is told which names exist."
        : [
            h("strong", {}, `${tool.server} / ${tool.toolName}`),
            tool.description === null ? "" : ` — ${tool.description}`,
            h("br"),
            tool.fallback !== null
              ? `Sent with strict: false: its schema has no strict form (${tool.fallback.keyword} at /${tool.fallback.path.join("/")}), so the model's arguments are not checked against it.`
              : `Sent with strict: ${String(tool.strict)}.` +
                (tool.strict === true && tool.nullPaths.length > 0 ? " Optional arguments are pre-filled with null, as a strict model sends them." : ""),
          ],
    );
  };
  describe();

  const select = h(
    "select",
    {
      "data-testid": "tool-select",
      "aria-label": "tool",
      onchange: (event) => {
        current = (event.target as HTMLSelectElement).value;
        const tool = runnable.find((candidate) => candidate.name === current);
        textarea.value = drafts.get(draftKey(context, current)) ?? exampleText(tool);
        describe();
      },
    },
    runnable.map((tool) => h("option", { value: tool.name, selected: tool.name === current }, tool.name)),
    h("option", { value: UNKNOWN_TOOL }, `${UNKNOWN_TOOL} (no such tool: see how a bad call is answered)`),
  );

  const apiChoice = h(
    "span",
    { class: "segmented" },
    (["responses", "chat"] as const).map((api) =>
      h(
        "label",
        {},
        h("input", {
          type: "radio",
          name: "run-api",
          value: api,
          checked: api === runApi,
          "data-testid": `run-api-${api}`,
          onchange: () => {
            runApi = api;
          },
        }),
        api === "chat" ? " Chat Completions" : " Responses",
      ),
    ),
  );

  const button = h("button", { type: "submit", class: "primary", "data-testid": "call" }, "Call the tool");
  const form = h(
    "form",
    {
      class: "run-form",
      onsubmit: (event) => {
        event.preventDefault();
        button.disabled = true;
        replace(output, h("p", { class: "muted", "data-testid": "running" }, `Calling ${current}…`));
        const request: CallRequest = { tool: current, arguments: asModelWrites(textarea.value), strict: context.strict, api: runApi };
        context.api
          .post<CallResponse>("/api/call", request)
          .then((result) => replace(output, renderResult(result)))
          .catch((error: unknown) =>
            replace(output, h("div", { class: "notice error" }, error instanceof ApiError ? error.message : String(error))),
          )
          .finally(() => {
            button.disabled = false;
          });
      },
    },
    h("label", { class: "field" }, h("span", {}, "Tool"), select),
    info,
    h("div", { class: "field inline" }, h("span", {}, "Run it through"), apiChoice, h("span", { class: "muted" }, " (the other API's output is made from the same result)")),
    h("label", { class: "field" }, h("span", {}, "Arguments, as JSON text — exactly what the model would write"), textarea),
    h(
      "div",
      { class: "actions" },
      button,
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            drafts.delete(draftKey(context, current));
            textarea.value = exampleText(runnable.find((tool) => tool.name === current));
          },
        },
        "Reset to the example",
      ),
    ),
  );
  return h(
    "div",
    { class: "run-view" },
    h(
      "p",
      { class: "intro" },
      "No API key needed: you play the model. Write a tool call, and the playground runs it exactly as it would run a model's call — through executeToolCalls, with the adapter of the API you choose.",
    ),
    form,
    output,
  );
}
