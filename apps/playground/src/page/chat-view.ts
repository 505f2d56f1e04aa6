// The Conversation view: talk to a real model (OPENAI_API_KEY on the server)
// or to the built-in scripted model (no key), and see each turn's text and
// tool calls as they stream in, answer the calls the approval policy puts to
// you, and see the outputs sent back.
import type {
  ApiName,
  ApprovalPolicy,
  ApprovalView,
  ElicitationView,
  ChatRequest,
  ChatResponse,
  ChatTurn,
  Json,
  ModelDelta,
  TimelineEvent,
} from "../shared/api-types";
import { ApiError } from "./api-client";
import { approvalCard } from "./approval-card";
import { elicitationCard } from "./elicitation-card";
import { outputPreview, timeline } from "./call-steps";
import { h, replace } from "./dom";
import { jsonBox } from "./json-block";
import type { PageContext, View } from "./page-context";
import { policySelect } from "./policy-words";
import { followEnds, scrollBox } from "./scroll-box";

const API_NAMES: { readonly [api in ApiName]: string } = { chat: "Chat Completions", responses: "Responses" };

/** An answer of the log: what the server returned, the turns before it, and the turns a stop cut short. */
interface Answer {
  readonly kind: "answer";
  readonly response: ChatResponse;
  /** Turns of the conversation before this answer: its turns are numbered on from there. */
  readonly before: number;
  /** Turns that were still streaming when the run stopped: what they had shown is kept, marked so. */
  readonly unfinished: readonly [number, LiveTurn][];
}

/** One conversation: its API (its transcript is in that API's shape) and what the page shows. */
interface Conversation {
  api: ApiName;
  transcript: readonly Json[];
  /** What is shown: user messages and the answers. */
  log: ({ kind: "user"; text: string } | Answer | { kind: "error"; message: string })[];
  /** Model calls so far: the next answer's turns are numbered on from here. */
  turns: number;
}

/** A model's text in a bubble, in a box that scrolls when it is long (`follow`: one still streaming in). */
function modelBubble(text: string, testId?: string, follow = false): HTMLElement {
  return h(
    "div",
    { class: "bubble model", ...(testId === undefined ? {} : { "data-testid": testId }) },
    scrollBox(document.createTextNode(text), text, { follow }),
  );
}

/** The output item answering `callId` in `outputs` (a tool message or a `function_call_output`), if any. */
function outputFor(outputs: readonly Json[], callId: string): Json | undefined {
  return outputs.find((output) => {
    const record = typeof output === "object" && output !== null && !Array.isArray(output) ? output : {};
    return record["call_id"] === callId || record["tool_call_id"] === callId;
  });
}

/** Whether `output` carries an image (a Responses `function_call_output` can). */
function hasImage(output: Json | undefined): boolean {
  return JSON.stringify(output ?? null).includes('"input_image"');
}

function renderTurn(turn: ChatTurn, api: ApiName, number: number): HTMLElement {
  return h(
    "div",
    { class: "turn", "data-testid": `turn-${number}` },
    h("div", { class: "turn-head" }, `Turn ${number}`),
    turn.text === null ? null : modelBubble(turn.text),
    turn.calls.length === 0
      ? null
      : h(
          "div",
          { class: "calls" },
          h("div", { class: "muted" }, `The model called ${turn.calls.length} tool(s):`),
          turn.calls.map((call) => {
            const output = outputFor(turn.outputs, call.callId);
            return h(
              "div",
              { class: "call" },
              h("code", {}, call.name),
              h("div", { class: "args" }, scrollBox(document.createTextNode(call.arguments), call.arguments)),
              h("div", { class: "returned" }, scrollBox(document.createTextNode(`→ ${call.returned}`), call.returned)),
              // An image the model got back is shown as the image, as in the Run view.
              output !== undefined && hasImage(output) ? outputPreview(api, output) : null,
            );
          }),
          h(
            "details",
            {},
            h("summary", {}, `The ${api === "chat" ? "tool messages" : "function_call_output items"} sent back`),
            turn.outputs.map((output) => jsonBox(output)),
          ),
        ),
  );
}

/** The turns a stop cut short: what they had streamed, kept and marked (the model never finished them). */
function renderUnfinished(unfinished: readonly [number, LiveTurn][]): HTMLElement[] {
  return unfinished.map(([number, live]) =>
    h(
      "div",
      { class: "turn stopped", "data-testid": "stopped-turn" },
      h("div", { class: "turn-head" }, `Turn ${number} (stopped while it streamed: not sent back to the model)`),
      live.text === "" ? null : modelBubble(live.text),
      [...live.calls.values()].map((call) =>
        h("div", { class: "call" }, h("code", {}, call.name), h("code", { class: "args" }, call.arguments)),
      ),
    ),
  );
}

function renderAnswer(answer: Answer, api: ApiName): HTMLElement {
  const { response } = answer;
  return h(
    "div",
    { class: "answer" },
    response.turns.map((turn) => renderTurn(turn, api, answer.before + turn.turn)),
    renderUnfinished(answer.unfinished),
    response.modelError === null
      ? null
      : h(
          "div",
          { class: "notice error", "data-testid": "model-error" },
          h(
            "strong",
            {},
            `The model request failed${
              response.modelError.status === null ? "" : ` (HTTP ${response.modelError.status})`
            }: `,
          ),
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
    h("p", { class: "muted stop", "data-testid": "stop-reason" }, response.stopReason),
    h(
      "details",
      {},
      h("summary", {}, `Telemetry (${response.events.length} events)`),
      h(
        "pre",
        { class: "events-text" },
        response.events.map((event) => `+${event.at.toFixed(0)} ms  ${event.type}  ${event.summary}`).join("\n"),
      ),
    ),
  );
}

/** What a turn of the run in flight has streamed so far: its text, and each call's arguments, by call id. */
interface LiveTurn {
  text: string;
  readonly calls: Map<string, { readonly name: string; arguments: string }>;
}

/** Adds a streamed piece to the turns so far. */
function addDelta(turns: Map<number, LiveTurn>, turn: number, delta: ModelDelta): void {
  let live = turns.get(turn);
  if (live === undefined) turns.set(turn, (live = { text: "", calls: new Map() }));
  if (delta.type === "text") {
    live.text += delta.delta;
    return;
  }
  const call = live.calls.get(delta.callId);
  if (call === undefined) live.calls.set(delta.callId, { name: delta.name, arguments: delta.delta });
  else call.arguments += delta.delta;
}

function renderLiveTurns(turns: ReadonlyMap<number, LiveTurn>, before: number): HTMLElement[] {
  return [...turns].map(([turn, live]) =>
    h(
      "div",
      { class: "turn live", "data-testid": `live-turn-${before + turn}` },
      h("div", { class: "turn-head" }, `Turn ${before + turn} (streaming)`),
      live.text === "" ? null : modelBubble(live.text, "live-text", true),
      [...live.calls.values()].map((call) =>
        h(
          "div",
          { class: "call", "data-testid": "live-call" },
          h("code", {}, call.name),
          h("code", { class: "args" }, call.arguments),
        ),
      ),
    ),
  );
}

/** A message the scripted model answers with three calls at once, one of which asks for approval by default. */
const SCRIPTED_EXAMPLE = 'Divide 84 by 2, plot 3 1 4 1 5 as bars, and create an event "Launch" on 2025-06-01';

/** Without a key: the conversation runs on the scripted model; how to talk to a real one. */
function noKey(scriptedModel: string): HTMLElement {
  return h(
    "div",
    { class: "notice info", "data-testid": "no-key" },
    h(
      "p",
      {},
      h("strong", {}, "No OPENAI_API_KEY: "),
      `this conversation runs on the playground's scripted model (“${scriptedModel}”), with no key and no network. `,
      "To talk to a real model, start the playground with a key:",
    ),
    h(
      "pre",
      {},
      "OPENAI_API_KEY=sk-… npx -y pnpm@12.4.2 playground\n# any OpenAI-compatible server:\n" +
        "OPENAI_BASE_URL=http://127.0.0.1:11434/v1 OPENAI_API_KEY=unused npx -y pnpm@12.4.2 playground",
    ),
    h("p", {}, "The key stays on the server: this page only learns that one is set."),
  );
}

/** What the scripted model is, said whenever it is the model chosen. */
function scriptedNote(): HTMLElement {
  return h(
    "p",
    { class: "notice warn", "data-testid": "scripted-note" },
    h("strong", {}, "Scripted model: "),
    "a stand-in built into the playground, not a language model. It calls the tools your message names (several " +
      "at once), with arguments from each tool's schema and the numbers, quoted words and dates of your message; " +
      "it streams its text and arguments, reads what comes back (it tries a failed call once more, and leaves a " +
      "denied one), and answers by quoting the results. It follows a script: it does not understand your words.",
  );
}

/**
 * The Conversation view. It keeps the conversation, the model name and the
 * message being written while the page is open; switching the API of a
 * conversation under way asks first, since its transcript is in one API's shape.
 *
 * @example
 * ```ts
 * const view = createChatView(context);
 * main.append(view.element);
 * ```
 */
export function createChatView(initial: PageContext): View {
  let context = initial;
  const { configured, scriptedModel } = context.state.openai;
  const conversation: Conversation = { api: "responses", transcript: [], log: [], turns: 0 };
  const { withheldTools } = context.state.openai;
  let policy: ApprovalPolicy = "ask-unless-read-only";
  const withheld = h("div", {
    class: "notice info",
    "data-testid": "withheld-tools",
    hidden: withheldTools.length === 0,
  });
  /** Which withheld tools the model gets under the policy: those whose every call waits for the user. */
  const drawWithheld = (): void =>
    replace(
      withheld,
      h(
        "p",
        {},
        "Tools that reach the network are offered to the model only under a policy that asks you " +
          "about each of their calls (the Run view always has them):",
      ),
      h(
        "ul",
        {},
        withheldTools.map((tool) =>
          h(
            "li",
            {},
            h("code", {}, tool.name),
            context.tools.tools.find((each) => each.name === tool.name)?.verdicts[policy] === "asks"
              ? ": offered under this policy; each call waits for your Approve or Deny."
              : `: not offered under this policy (${tool.reason}).`,
          ),
        ),
      ),
    );
  const log = h("div", { class: "log", "data-testid": "conversation" });
  const drawLog = (): void =>
    replace(
      log,
      conversation.log.length === 0
        ? h(
            "p",
            { class: "muted" },
            "Ask something the tools can answer, e.g. “Find science books, newest first” or ",
            "“What is 7 divided by 0?”. Or try ",
            h(
              "button",
              {
                type: "button",
                class: "link",
                "data-testid": "example-message",
                title: "Put this message in the box below",
                onclick: () => {
                  message.value = SCRIPTED_EXAMPLE;
                  message.focus();
                },
              },
              SCRIPTED_EXAMPLE,
            ),
            " (three calls at once; under “ask unless read-only”, the event waits for your Approve or Deny).",
          )
        : null,
      conversation.log.map((entry) =>
        entry.kind === "user"
          ? h("div", { class: "bubble user" }, entry.text)
          : entry.kind === "error"
            ? h("div", { class: "notice error", "data-testid": "chat-error" }, entry.message)
            : renderAnswer(entry, conversation.api),
      ),
    );
  const message = h("textarea", {
    rows: "3",
    "data-testid": "message",
    "aria-label": "message",
    placeholder: "Your message (Ctrl+Enter sends)",
  });
  drawLog();
  // Without a key the scripted model is the only one; with one, it is a choice beside the configured model.
  const model = h("input", {
    type: "text",
    value: context.state.openai.model,
    "data-testid": "model",
    "aria-label": "model",
    list: "chat-models",
    readonly: !configured,
    title: configured
      ? `A model name of the OpenAI API, or “${scriptedModel}” for the scripted model`
      : "No OPENAI_API_KEY: only the scripted model answers",
  });
  const models = h(
    "datalist",
    { id: "chat-models" },
    [...new Set([context.state.openai.model, scriptedModel])].map((name) => h("option", { value: name })),
  );
  const modelNote = h("div", {});
  const drawModelNote = (): void => replace(modelNote, model.value.trim() === scriptedModel ? scriptedNote() : null);
  model.addEventListener("input", drawModelNote);
  drawModelNote();
  const send = h("button", { type: "submit", class: "primary", "data-testid": "send" }, "Send");
  const policyChoice = policySelect("chat-policy", policy, (chosen) => {
    policy = chosen;
    drawWithheld();
  });
  /** The run in flight: its id, and where its pushed events go. */
  let running:
    | {
        readonly runId: string;
        onEvent(event: TimelineEvent): void;
        onDelta(turn: number, delta: ModelDelta): void;
        onApproval(request: ApprovalView): void;
        onElicitation(request: ElicitationView): void;
      }
    | undefined;
  const stop = h("button", { type: "button", class: "danger", "data-testid": "stop", hidden: true }, "Stop");
  stop.addEventListener("click", () => {
    if (running === undefined) return;
    stop.disabled = true;
    void context.api.post("/api/call/cancel", { runId: running.runId }).catch(() => {});
  });
  context.events.listen((event) => {
    if (event.type === "state" || event.type === "server-notification") return;
    if (running === undefined || event.runId !== running.runId) return;
    if (event.type === "call-event") running.onEvent(event.event);
    else if (event.type === "model-delta") running.onDelta(event.turn, event.delta);
    else if (event.type === "approval-request") running.onApproval(event.request);
    else if (event.type === "elicitation-request") running.onElicitation(event.request);
  });
  const strictNote = h("span", { class: "muted" });
  const switchNotice = h("div", { class: "notice warn", "data-testid": "switch-api", hidden: true });
  const apiSelect = h(
    "select",
    { "data-testid": "chat-api", "aria-label": "API" },
    (["responses", "chat"] as const).map((api) =>
      h("option", { value: api, selected: conversation.api === api }, API_NAMES[api]),
    ),
  );
  const startOver = (api: ApiName): void => {
    conversation.api = api;
    conversation.transcript = [];
    conversation.log = [];
    conversation.turns = 0;
    apiSelect.value = api;
    switchNotice.hidden = true;
    drawLog();
  };
  apiSelect.addEventListener("change", () => {
    const wanted = apiSelect.value as ApiName;
    if (conversation.log.length === 0) return startOver(wanted);
    // A transcript is in one API's shape: ask before dropping it.
    apiSelect.value = conversation.api;
    switchNotice.hidden = false;
    replace(
      switchNotice,
      h("strong", {}, `This conversation is in the ${API_NAMES[conversation.api]} shape. `),
      `Switching to ${API_NAMES[wanted]} starts a new conversation (the model would not see the earlier turns). `,
      h(
        "button",
        { type: "button", "data-testid": "switch-api-confirm", onclick: () => startOver(wanted) },
        `Start a new one in ${API_NAMES[wanted]}`,
      ),
      " ",
      h(
        "button",
        { type: "button", "data-testid": "switch-api-keep", onclick: () => (switchNotice.hidden = true) },
        `Keep ${API_NAMES[conversation.api]}`,
      ),
    );
  });

  const submit = (): void => {
    const text = message.value.trim();
    if (text === "" || send.disabled) return;
    const modelName = model.value.trim() || context.state.openai.model;
    conversation.log.push({ kind: "user", text });
    message.value = "";
    send.disabled = true;
    drawLog();
    const runId = crypto.randomUUID();
    const events: TimelineEvent[] = [];
    const turns = new Map<number, LiveTurn>();
    // Each card is made once: redrawing around it keeps what is typed in it.
    const cards: HTMLElement[] = [];
    const progress = h("div", { class: "live-run" });
    const before = conversation.turns;
    const showProgress = (): void => {
      replace(
        progress,
        h(
          "p",
          { class: "muted", "data-testid": "thinking" },
          "Waiting for the model… (its text and calls stream in here, then what the loop does)",
        ),
        renderLiveTurns(turns, before),
        cards,
        timeline(events, "chat-live-events"),
      );
      followEnds(progress);
    };
    showProgress();
    log.append(progress);
    running = {
      runId,
      onEvent: (event) => (events.push(event), showProgress()),
      onDelta: (turn, delta) => (addDelta(turns, turn, delta), showProgress()),
      onApproval: (request) => {
        const card = approvalCard(context.api, runId, request);
        cards.push(card);
        showProgress();
        // A call waits for the user: bring its card into view (it may be far down a long conversation).
        card.scrollIntoView({ block: "nearest" });
      },
      // A tool asks for input (elicitation-card.ts): its form waits here like an approval.
      onElicitation: (request) => {
        const card = elicitationCard(context.api, runId, request);
        cards.push(card);
        showProgress();
        card.scrollIntoView({ block: "nearest" });
      },
    };
    stop.hidden = false;
    stop.disabled = false;
    const request: ChatRequest = {
      api: conversation.api,
      strict: context.strict,
      model: modelName,
      message: text,
      transcript: conversation.transcript,
      runId,
      approval: policy,
    };
    context.api
      .post<ChatResponse>("/api/chat", request)
      .then((response) => {
        conversation.transcript = response.transcript;
        // A turn the model had not finished when the run stopped has no response: keep what it had streamed.
        const unfinished = [...turns]
          .filter(([turn]) => turn > response.turns.length)
          .map(([turn, live]): [number, LiveTurn] => [before + turn, live]);
        conversation.log.push({ kind: "answer", response, before, unfinished });
        conversation.turns = before + response.turns.length + unfinished.length;
      })
      .catch((error: unknown) => {
        conversation.log.push({ kind: "error", message: error instanceof ApiError ? error.message : String(error) });
      })
      .finally(() => {
        running = undefined;
        send.disabled = false;
        stop.hidden = true;
        drawLog();
      });
  };
  message.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  });

  const form = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (event) => {
        event.preventDefault();
        submit();
      },
    },
    switchNotice,
    h(
      "div",
      { class: "row" },
      h("label", { class: "field" }, h("span", {}, "API"), apiSelect),
      h("label", { class: "field" }, h("span", {}, "Model"), model, models),
      h("label", { class: "field" }, h("span", {}, "Approvals"), policyChoice),
      strictNote,
    ),
    modelNote,
    h("label", { class: "field" }, h("span", {}, "Message"), message),
    h(
      "div",
      { class: "actions" },
      send,
      stop,
      h("button", { type: "button", onclick: () => startOver(conversation.api) }, "New conversation"),
    ),
  );
  const element = h(
    "div",
    { class: "chat-view" },
    h(
      "p",
      { class: "intro" },
      "A conversation driven by runToolLoop with the official openai client (or the scripted model, in the same " +
        "shape): the model's text and calls stream in as they arrive, the approval policy decides which calls wait " +
        "for your Approve or Deny, and each turn shows what the model called and what was sent back.",
    ),
    configured ? null : noKey(scriptedModel),
    withheld,
    log,
    form,
  );
  const update = (next: PageContext): void => {
    context = next;
    replace(strictNote, `strict: ${context.strict} (the switch at the top)`);
    drawWithheld();
  };
  update(initial);
  return { element, update };
}
