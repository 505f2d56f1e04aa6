// The Conversation view: talk to a real model in any of four APIs (its
// provider's key on the server) or to the built-in scripted model (no key),
// and see each turn's text and tool calls as they stream in, answer the calls
// the approval policy puts to you, and see the outputs sent back.
import type {
  ApprovalPolicy,
  ApprovalView,
  ElicitationView,
  ChatRequest,
  ChatResponse,
  ChatTurn,
  ConversationApi,
  Json,
  ModelDelta,
  ModelProvider,
  TimelineEvent,
} from "../shared/api-types";
import { ApiError } from "./api-client";
import { approvalCard } from "./approval-card";
import { elicitationCard } from "./elicitation-card";
import { timeline } from "./call-steps";
import { h, replace } from "./dom";
import { jsonBox } from "./json-block";
import { imagesIn } from "./output-images";
import type { PageContext, View } from "./page-context";
import { policySelect } from "./policy-words";
import { followEnds, scrollBox } from "./scroll-box";

/** What a turn's answers are called in each API, and where they go. */
const ANSWERS_SENT: { readonly [api in ConversationApi]: string } = {
  chat: "The tool messages sent back",
  responses: "The function_call_output items sent back",
  anthropic: "The tool_result blocks sent back (in one user message)",
  gemini: "The functionResponse parts sent back (in one user content)",
};

/** What the next request repeats of the model's turn, in the APIs whose turns the page shows replayed. */
const TURN_REPLAYED: { readonly [api in ConversationApi]?: string } = {
  anthropic: "The assistant message, as the next request repeats it",
  gemini: "The model's content, replayed exactly (thought signatures kept)",
};

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
  api: ConversationApi;
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

/** The images the model got back in `output`, shown as images (as in the Run view). */
function images(api: ConversationApi, output: Json | undefined): HTMLElement | null {
  const urls = output === undefined ? [] : imagesIn(output);
  if (urls.length === 0) return null;
  return h(
    "div",
    { class: "preview" },
    urls.map((url) => h("img", { src: url, alt: "image returned by the tool", "data-testid": `image-${api}` })),
  );
}

/** The thought signatures a Gemini content carries, shortened: what proves the turn was replayed as received. */
function signatures(items: readonly Json[]): string[] {
  return [...JSON.stringify(items).matchAll(/"thoughtSignature":"([^"]+)"/g)].map(
    ([, signature = ""]) => `${signature.slice(0, 12)}…`,
  );
}

function renderTurn(turn: ChatTurn, api: ConversationApi, number: number): HTMLElement {
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
          // The answers come in the calls' order, whatever the API calls them.
          turn.calls.map((call, at) => {
            const output = turn.outputs[at];
            return h(
              "div",
              { class: "call" },
              h("code", {}, call.name),
              h("div", { class: "args" }, scrollBox(document.createTextNode(call.arguments), call.arguments)),
              h("div", { class: "returned" }, scrollBox(document.createTextNode(`→ ${call.returned}`), call.returned)),
              // An image the model got back is shown as the image, as in the Run view.
              images(api, output),
            );
          }),
          h(
            "details",
            {},
            h("summary", {}, ANSWERS_SENT[api]),
            turn.outputs.map((output) => jsonBox(output)),
          ),
        ),
    turn.replayed.length === 0 ? null : replayedTurn(turn, api),
  );
}

/** What the next request repeats of the turn; for Gemini, the thought signatures that went back with it. */
function replayedTurn(turn: ChatTurn, api: ConversationApi): HTMLElement {
  const kept = api === "gemini" ? signatures(turn.replayed) : [];
  return h(
    "details",
    { "data-testid": "replayed" },
    h(
      "summary",
      {},
      TURN_REPLAYED[api] ?? "The model's turn, as the next request repeats it",
      kept.length === 0
        ? null
        : h("span", { class: "muted", "data-testid": "signatures" }, ` — signature ${kept.join(", ")}`),
    ),
    turn.replayed.map((item) => jsonBox(item)),
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

function renderAnswer(answer: Answer, api: ConversationApi): HTMLElement {
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

/** How to start the playground with each provider's key. */
const START_WITH_KEY: { readonly [variable: string]: string } = {
  OPENAI_API_KEY:
    "OPENAI_API_KEY=sk-… npx -y pnpm@12.4.2 playground\n# any OpenAI-compatible server:\n" +
    "OPENAI_BASE_URL=http://127.0.0.1:11434/v1 OPENAI_API_KEY=unused npx -y pnpm@12.4.2 playground",
  ANTHROPIC_API_KEY: "ANTHROPIC_API_KEY=sk-ant-… npx -y pnpm@12.4.2 playground",
  GEMINI_API_KEY: "GEMINI_API_KEY=… npx -y pnpm@12.4.2 playground",
};

/** Without the provider's key: the conversation runs on the scripted model; how to talk to a real one. */
function noKey(provider: ModelProvider, scriptedModel: string): HTMLElement {
  return h(
    "div",
    { class: "notice info", "data-testid": "no-key" },
    h(
      "p",
      {},
      h("strong", {}, `No ${provider.keyVariable}: `),
      `this ${provider.label} conversation runs on the playground's scripted model (“${scriptedModel}”), with no ` +
        "key and no network. To talk to a real model, start the playground with a key:",
    ),
    h("pre", {}, START_WITH_KEY[provider.keyVariable] ?? `${provider.keyVariable}=… npx -y pnpm@12.4.2 playground`),
    h("p", {}, "The key stays on the server: this page only learns that one is set."),
  );
}

/** What the scripted model is, said whenever it is the model chosen. */
function scriptedNote(provider: ModelProvider): HTMLElement {
  return h(
    "p",
    { class: "notice warn", "data-testid": "scripted-note" },
    h("strong", {}, "Scripted model: "),
    "a stand-in built into the playground, not a language model. It calls the tools your message names (several " +
      "at once), with arguments from each tool's schema and the numbers, quoted words and dates of your message; " +
      `it streams its answer as ${provider.label} streams one (that API's own events, through the same client ` +
      "shape and adapter a real model goes through), reads what comes back (it tries a failed call once more, and " +
      "leaves a denied one), and answers by quoting the results. It follows a script: it does not understand " +
      "your words.",
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
  const { scriptedModel } = context.state.openai;
  const { providers } = context.state;
  const conversation: Conversation = { api: "responses", transcript: [], log: [], turns: 0 };
  /** The API's provider as the server describes it (every API the select offers has one). */
  const providerOf = (api: ConversationApi): ModelProvider =>
    providers.find((provider) => provider.api === api) ?? {
      api,
      label: api,
      keyVariable: "",
      configured: false,
      model: scriptedModel,
      baseUrl: null,
    };
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
  // Without the API's key the scripted model is the only one; with one, it is a choice beside the configured model.
  const model = h("input", { type: "text", "data-testid": "model", "aria-label": "model", list: "chat-models" });
  const models = h("datalist", { id: "chat-models" });
  const keyNotice = h("div", {});
  const modelNote = h("div", {});
  const drawModelNote = (): void =>
    replace(modelNote, model.value.trim() === scriptedModel ? scriptedNote(providerOf(conversation.api)) : null);
  /** The model field and the notices for the conversation's API: its provider's model, or the scripted one. */
  const drawProvider = (): void => {
    const provider = providerOf(conversation.api);
    model.value = provider.model;
    model.readOnly = !provider.configured;
    model.title = provider.configured
      ? `A model name of the ${provider.label} API, or “${scriptedModel}” for the scripted model`
      : `No ${provider.keyVariable}: only the scripted model answers`;
    replace(
      models,
      [...new Set([provider.model, scriptedModel])].map((name) => h("option", { value: name })),
    );
    replace(keyNotice, provider.configured ? null : noKey(provider, scriptedModel));
    drawModelNote();
  };
  model.addEventListener("input", drawModelNote);
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
  const strictNote = h("span", { class: "muted", "data-testid": "chat-strict" });
  // Gemini has no strict mode: its adapter lowers every schema to what Gemini takes, whatever the switch says.
  const drawStrictNote = (): void =>
    replace(
      strictNote,
      conversation.api === "gemini"
        ? "no strict mode in Gemini: each schema is lowered to the subset it takes, or the tool is left out"
        : `strict: ${context.strict} (the switch at the top)` +
            (conversation.api === "anthropic" ? ", strict within the request's budget" : ""),
    );
  const switchNotice = h("div", { class: "notice warn", "data-testid": "switch-api", hidden: true });
  const apiSelect = h(
    "select",
    { "data-testid": "chat-api", "aria-label": "API" },
    providers.map((provider) =>
      h(
        "option",
        { value: provider.api, selected: conversation.api === provider.api },
        provider.configured ? provider.label : `${provider.label} (scripted)`,
      ),
    ),
  );
  const label = (api: ConversationApi): string => providerOf(api).label;
  const startOver = (api: ConversationApi): void => {
    const changed = api !== conversation.api;
    conversation.api = api;
    conversation.transcript = [];
    conversation.log = [];
    conversation.turns = 0;
    apiSelect.value = api;
    switchNotice.hidden = true;
    if (changed) drawProvider();
    drawStrictNote();
    drawLog();
  };
  apiSelect.addEventListener("change", () => {
    const wanted = apiSelect.value as ConversationApi;
    if (conversation.log.length === 0) return startOver(wanted);
    // A transcript is in one API's shape: ask before dropping it.
    apiSelect.value = conversation.api;
    switchNotice.hidden = false;
    replace(
      switchNotice,
      h("strong", {}, `This conversation is in the ${label(conversation.api)} shape. `),
      `Switching to ${label(wanted)} starts a new conversation (the model would not see the earlier turns). `,
      h(
        "button",
        { type: "button", "data-testid": "switch-api-confirm", onclick: () => startOver(wanted) },
        `Start a new one in ${label(wanted)}`,
      ),
      " ",
      h(
        "button",
        { type: "button", "data-testid": "switch-api-keep", onclick: () => (switchNotice.hidden = true) },
        `Keep ${label(conversation.api)}`,
      ),
    );
  });

  const submit = (): void => {
    const text = message.value.trim();
    if (text === "" || send.disabled) return;
    const modelName = model.value.trim() || providerOf(conversation.api).model;
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
      "A conversation driven by runToolLoop with the official client of the API you choose (openai, " +
        "@anthropic-ai/sdk, @google/genai), or the scripted model in the same shape: the model's text and calls " +
        "stream in as they arrive, the approval policy decides which calls wait for your Approve or Deny, and each " +
        "turn shows what the model called and what was sent back.",
    ),
    keyNotice,
    withheld,
    log,
    form,
  );
  drawProvider();
  const update = (next: PageContext): void => {
    context = next;
    drawStrictNote();
    drawWithheld();
  };
  update(initial);
  return { element, update };
}
