// The Conversation view: talk to a real model (OPENAI_API_KEY on the server),
// and see each turn's tool calls and the outputs sent back.
import type { ApiName, ChatRequest, ChatResponse, ChatTurn, Json } from "../shared/api-types";
import { ApiError } from "./api-client";
import { h, replace } from "./dom";
import { jsonBlock } from "./json-block";
import type { PageContext } from "./main";

interface Conversation {
  api: ApiName;
  model: string | null;
  transcript: readonly Json[];
  /** What is shown: user messages and the answers. */
  log: ({ kind: "user"; text: string } | { kind: "answer"; response: ChatResponse } | { kind: "error"; message: string })[];
}

const conversation: Conversation = { api: "responses", model: null, transcript: [], log: [] };

/** The text of the output answering `callId` (images as "[image]"), as the model reads it. */
function outputText(outputs: readonly Json[], callId: string): string {
  for (const output of outputs) {
    if (typeof output !== "object" || output === null || Array.isArray(output)) continue;
    if (output["tool_call_id"] !== callId && output["call_id"] !== callId) continue;
    const content = output["content"] ?? output["output"];
    if (typeof content === "string") return content;
    if (Array.isArray(content)) {
      return content
        .map((part) => (typeof part === "object" && part !== null && !Array.isArray(part) ? (typeof part["text"] === "string" ? part["text"] : "[image]") : ""))
        .join(" ");
    }
  }
  return "(no output)";
}

function renderTurn(turn: ChatTurn, api: ApiName): HTMLElement {
  return h(
    "div",
    { class: "turn", "data-testid": `turn-${turn.turn}` },
    h("div", { class: "turn-head" }, `Turn ${turn.turn}`),
    turn.text === null ? null : h("div", { class: "bubble model" }, turn.text),
    turn.calls.length === 0
      ? null
      : h(
          "div",
          { class: "calls" },
          h("div", { class: "muted" }, `The model called ${turn.calls.length} tool(s):`),
          turn.calls.map((call) =>
            h(
              "div",
              { class: "call" },
              h("code", {}, call.name),
              h("code", { class: "args" }, call.arguments),
              h("span", { class: "returned" }, "→ ", outputText(turn.outputs, call.callId)),
            ),
          ),
          h("details", {}, h("summary", {}, `The ${api === "chat" ? "tool messages" : "function_call_output items"} sent back`), turn.outputs.map((output) => jsonBlock(output))),
        ),
  );
}

function renderAnswer(response: ChatResponse, api: ApiName): HTMLElement {
  return h(
    "div",
    { class: "answer" },
    response.turns.map((turn) => renderTurn(turn, api)),
    response.modelError === null
      ? null
      : h(
          "div",
          { class: "notice error", "data-testid": "model-error" },
          h("strong", {}, `The model request failed${response.modelError.status === null ? "" : ` (HTTP ${response.modelError.status})`}: `),
          response.modelError.message,
        ),
    response.cutBytes === 0
      ? null
      : h(
          "p",
          { class: "notice info", "data-testid": "cut-note" },
          "The model's answer was too long to keep whole: each text is kept to 100 000 bytes, and " +
            `${response.cutBytes} bytes were cut (marked “[… cut by the playground …]”).`,
        ),
    h("p", { class: "muted stop" }, `Stopped: ${response.stopReason}.`),
    h("details", {}, h("summary", {}, `Telemetry (${response.events.length} events)`), h("pre", { class: "events-text" }, response.events.map((event) => `+${event.at.toFixed(0)} ms  ${event.type}  ${event.summary}`).join("\n"))),
  );
}

/**
 * The Conversation view.
 *
 * @example
 * ```ts
 * main.append(renderChatView(context));
 * ```
 */
export function renderChatView(context: PageContext): HTMLElement {
  if (!context.state.openai.configured) {
    return h(
      "div",
      { class: "chat-view" },
      h(
        "div",
        { class: "notice info", "data-testid": "no-key" },
        h("h2", {}, "Talk to a model"),
        h("p", {}, "Start the playground with OPENAI_API_KEY set, and this view runs a conversation with runToolLoop: the model calls the tools above, the playground runs them and sends the outputs back, turn after turn."),
        h("pre", {}, "OPENAI_API_KEY=sk-… pnpm playground\n# any OpenAI-compatible server:\nOPENAI_BASE_URL=http://127.0.0.1:11434/v1 OPENAI_API_KEY=unused pnpm playground"),
        h("p", {}, "The key stays on the server: this page only learns that one is set. Meanwhile, the Run view lets you play the model yourself."),
      ),
    );
  }
  conversation.model ??= context.state.openai.model;
  const { withheldTools } = context.state.openai;
  const withheld =
    withheldTools.length === 0
      ? null
      : h(
          "div",
          { class: "notice info", "data-testid": "withheld-tools" },
          h("p", {}, "Not offered to the model (the Run view still has them):"),
          h(
            "ul",
            {},
            withheldTools.map((tool) => h("li", {}, h("code", {}, tool.name), `: ${tool.reason}.`)),
          ),
        );
  const log = h("div", { class: "log", "data-testid": "conversation" });
  const drawLog = (): void =>
    replace(
      log,
      conversation.log.length === 0 ? h("p", { class: "muted" }, "Ask something the tools can answer, e.g. “Find science books, newest first” or “What is 7 divided by 0?”.") : null,
      conversation.log.map((entry) =>
        entry.kind === "user"
          ? h("div", { class: "bubble user" }, entry.text)
          : entry.kind === "error"
            ? h("div", { class: "notice error", "data-testid": "chat-error" }, entry.message)
            : renderAnswer(entry.response, conversation.api),
      ),
    );
  drawLog();

  const message = h("textarea", { rows: "3", "data-testid": "message", "aria-label": "message", placeholder: "Your message" });
  const model = h("input", { type: "text", value: conversation.model, "data-testid": "model", "aria-label": "model" });
  const send = h("button", { type: "submit", class: "primary", "data-testid": "send" }, "Send");
  const apiSelect = h(
    "select",
    {
      "data-testid": "chat-api",
      "aria-label": "API",
      onchange: (event) => {
        // A transcript is in one API's shape: switching starts over.
        conversation.api = (event.target as HTMLSelectElement).value as ApiName;
        conversation.transcript = [];
        conversation.log = [];
        drawLog();
      },
    },
    h("option", { value: "responses", selected: conversation.api === "responses" }, "Responses"),
    h("option", { value: "chat", selected: conversation.api === "chat" }, "Chat Completions"),
  );
  const form = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (event) => {
        event.preventDefault();
        const text = message.value.trim();
        if (text === "") return;
        conversation.model = model.value.trim() || context.state.openai.model;
        conversation.log.push({ kind: "user", text });
        message.value = "";
        send.disabled = true;
        drawLog();
        log.append(h("p", { class: "muted", "data-testid": "thinking" }, "Waiting for the model…"));
        const request: ChatRequest = { api: conversation.api, strict: context.strict, model: conversation.model, message: text, transcript: conversation.transcript };
        context.api
          .post<ChatResponse>("/api/chat", request)
          .then((response) => {
            conversation.transcript = response.transcript;
            conversation.log.push({ kind: "answer", response });
          })
          .catch((error: unknown) => {
            conversation.log.push({ kind: "error", message: error instanceof ApiError ? error.message : String(error) });
          })
          .finally(() => {
            send.disabled = false;
            drawLog();
          });
      },
    },
    h(
      "div",
      { class: "row" },
      h("label", { class: "field" }, h("span", {}, "API"), apiSelect),
      h("label", { class: "field" }, h("span", {}, "Model"), model),
      h("span", { class: "muted" }, `strict: ${context.strict} (the switch at the top)`),
    ),
    h("label", { class: "field" }, h("span", {}, "Message"), message),
    h(
      "div",
      { class: "actions" },
      send,
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            conversation.transcript = [];
            conversation.log = [];
            drawLog();
          },
        },
        "New conversation",
      ),
    ),
  );
  return h(
    "div",
    { class: "chat-view" },
    h("p", { class: "intro" }, "A conversation driven by runToolLoop with the official openai client: each turn shows what the model called and what was sent back."),
    withheld,
    log,
    form,
  );
}
