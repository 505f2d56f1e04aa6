// The Run view ("you are the model"): write a tool call as a model would,
// run it through the executor, and see every step it goes through, live.
import type {
  ApiName,
  ApprovalPolicy,
  CallRequest,
  CallResponse,
  Json,
  TimelineEvent,
  ToolView,
} from "../shared/api-types";
import { ApiError } from "./api-client";
import { approvalCard } from "./approval-card";
import { createArgumentsForm } from "./arguments-form";
import { elicitationCard } from "./elicitation-card";
import { renderCallSteps, timeline } from "./call-steps";
import { h, list, replace } from "./dom";
import type { PageContext, View } from "./page-context";
import { annotationWords, POLICY_LABELS, policySelect, VERDICT_WORDS } from "./policy-words";
import { strictSummary } from "./strict-words";
import { matchesSearch, toolLabel } from "./tool-names";

const UNKNOWN_TOOL = "no_such_tool";
/** A client tool search over the deferred tools (the Tools view's last Responses form). */
const TOOL_SEARCH = "tool_search";
const SEARCH_EXAMPLE = JSON.stringify({ query: "divide two numbers" }, null, 2);
const SEARCH_SCHEMA: Json = {
  type: "object",
  properties: { query: { type: "string", description: "What the model looks for" } },
  required: ["query"],
  additionalProperties: false,
};

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

/** The text as JSON, or `undefined` when it is not JSON. */
function parsed(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** The schema the model fills in: the parameters as sent (strict when the tool is), else as the server lists it. */
function sentSchema(tool: ToolView | undefined): Json {
  const sent = tool?.responses;
  if (typeof sent === "object" && sent !== null && !Array.isArray(sent) && sent["parameters"] !== undefined)
    return sent["parameters"];
  return tool?.inputSchema ?? {};
}

/**
 * A call in flight: its id (the pushed events carry it), the events so far, the approval it waits for, and the
 * requests for input its tool made.
 */
interface Running {
  readonly runId: string;
  readonly tool: string;
  readonly events: TimelineEvent[];
  approval: HTMLElement | null;
  readonly elicitations: HTMLElement[];
}

/** What `policy` does with a call to `name`, from the tool's annotations, before the call is made. */
function describeVerdict(context: PageContext, name: string, policy: ApprovalPolicy): (Node | string)[] {
  const tool = context.tools.tools.find((candidate) => candidate.name === name);
  if (tool === undefined)
    return ["The policy is not asked: the executor answers this call itself (no tool of the toolset runs)."];
  if (tool.strict === null)
    return ["The policy is not asked: this strict setting leaves the tool out, so the call is rejected first."];
  return [
    `Under “${POLICY_LABELS[policy]}”, a call to ${tool.name} `,
    h("strong", { "data-testid": "verdict" }, VERDICT_WORDS[tool.verdicts[policy]]),
    `. Its annotations: ${annotationWords(tool.annotations)}.`,
  ];
}

function describeTool(context: PageContext, name: string): (Node | string)[] {
  if (name === TOOL_SEARCH) {
    return [
      "A client tool search, as a model sends it when every tool is deferred (the Tools view's last Responses form): ",
      "the executor answers it with the definitions of the best matches. Responses only.",
    ];
  }
  const tool = context.tools.tools.find((candidate) => candidate.name === name);
  if (tool === undefined) return ["A name no tool has: the call is rejected, and the model is told which names exist."];
  return [
    h("strong", {}, tool.name),
    h("span", { class: "muted" }, ` (${tool.toolName} on ${tool.server})`),
    tool.description === null ? "" : ` — ${tool.description}`,
    h("br"),
    strictSummary(tool),
    tool.unavailable === null ? "" : h("span", { class: "unavailable" }, ` Unavailable: ${tool.unavailable}`),
  ];
}

/**
 * The Run view. It keeps its tool, the arguments typed for each tool, the API
 * choice and the last output (or the call still running) while the page is
 * open, whatever the strict switch or the tabs do.
 *
 * @example
 * ```ts
 * const view = createRunView(context);
 * main.append(view.element);
 * ```
 */
export function createRunView(initial: PageContext): View {
  let context = initial;
  let runApi: ApiName = "responses";
  let current = "";
  let search = "";
  /** What the user typed, per tool: kept across strict switches (only an untouched example follows the switch). */
  const drafts = new Map<string, string>();
  let running: Running | undefined;
  let policy: ApprovalPolicy = "run-everything";
  const verdict = h("p", { class: "note", "data-testid": "policy-verdict" });
  const policyChoice = policySelect("run-policy", policy, (chosen) => {
    policy = chosen;
    replace(verdict, describeVerdict(context, current, policy));
  });

  const output = h("div", { class: "run-output", "data-testid": "run-output" });
  const info = h("p", { class: "muted", "data-testid": "tool-info" });
  const leftOut = h("p", { class: "note", "data-testid": "left-out-note" });
  const textarea = h("textarea", {
    rows: "12",
    spellcheck: "false",
    "data-testid": "arguments",
    "aria-label": "arguments",
  });
  const select = h("select", { "data-testid": "tool-select", "aria-label": "tool" });
  const searchBox = h("input", {
    type: "search",
    placeholder: "Search tools",
    "aria-label": "search tools",
    "data-testid": "run-search",
  });
  const button = h("button", { type: "submit", class: "primary", "data-testid": "call" }, "Call the tool");
  const cancel = h("button", { type: "button", class: "danger", "data-testid": "cancel", hidden: true }, "Cancel");

  const toolByName = (name: string): ToolView | undefined => context.tools.tools.find((tool) => tool.name === name);
  const textFor = (name: string): string =>
    drafts.get(name) ?? (name === TOOL_SEARCH ? SEARCH_EXAMPLE : exampleText(toolByName(name)));

  const fillOptions = (): void => {
    const sent = context.tools.tools.filter((tool) => tool.strict !== null && matchesSearch(tool, search));
    const excluded = context.tools.tools.filter((tool) => tool.strict === null);
    // The tools the strict setting leaves out can be picked too, to read why (and see the answer a call gets).
    const excludedShown = excluded.filter((tool) => tool.name === current || matchesSearch(tool, search));
    replace(
      select,
      sent.map((tool) =>
        h(
          "option",
          { value: tool.name, selected: tool.name === current, disabled: tool.unavailable !== null },
          toolLabel(tool) + (tool.unavailable === null ? "" : " — unavailable"),
        ),
      ),
      excludedShown.length === 0
        ? null
        : h(
            "optgroup",
            { label: `Left out under strict: ${context.strict} (a call is answered as an unknown tool)` },
            excludedShown.map((tool) =>
              h("option", { value: tool.name, selected: tool.name === current }, `${toolLabel(tool)} — left out`),
            ),
          ),
      h(
        "option",
        { value: UNKNOWN_TOOL, selected: current === UNKNOWN_TOOL },
        `${UNKNOWN_TOOL} (no such tool: see how a bad call is answered)`,
      ),
      h(
        "option",
        { value: TOOL_SEARCH, selected: current === TOOL_SEARCH },
        `${TOOL_SEARCH} (a client tool search over the deferred tools, Responses only)`,
      ),
    );
    replace(
      leftOut,
      excluded.length === 0
        ? null
        : [
            `Left out under strict: ${context.strict} (not sent to the model, so not callable): `,
            list(
              excluded.map((tool) =>
                h(
                  "button",
                  {
                    type: "button",
                    class: "link",
                    title: `Open ${tool.name} in the Tools view: why it is left out`,
                    onclick: () => context.select(tool.name, "tools"),
                  },
                  tool.name,
                ),
              ),
            ),
            excluded.length === 1 ? " — open it to read why." : " — open one to read why.",
          ],
    );
    leftOut.hidden = excluded.length === 0;
  };

  const formSlot = h("div", { class: "form-slot" });
  let argumentsForm = createArgumentsForm({}, {}, () => {});
  const drawForm = (): void => {
    const schema = current === TOOL_SEARCH ? SEARCH_SCHEMA : sentSchema(toolByName(current));
    const tool = toolByName(current);
    argumentsForm = createArgumentsForm(
      schema,
      parsed(textarea.value) ?? {},
      (value) => {
        textarea.value = JSON.stringify(value, null, 2);
        drafts.set(current, textarea.value);
      },
      tool === undefined ? {} : { original: tool.inputSchema, encoded: tool.encoded },
    );
    if (parsed(textarea.value) === undefined) argumentsForm.show(undefined);
    replace(formSlot, argumentsForm.element);
  };

  /** Shows `name` everywhere in the view: the dropdown, the description, the form and the text, the policy. */
  const choose = (name: string): void => {
    current = name;
    select.value = name;
    textarea.value = textFor(name);
    drawForm();
    drawApiChoice();
    replace(info, describeTool(context, name));
    replace(verdict, describeVerdict(context, name, policy));
  };
  /** The user picked `name` here: the other views follow (the pseudo-tools are this view's own). */
  const pick = (name: string): void => {
    choose(name);
    if (name !== UNKNOWN_TOOL && name !== TOOL_SEARCH && name !== context.selectedTool) context.select(name);
  };

  const showRunning = (): void => {
    if (running === undefined) return;
    replace(
      output,
      h(
        "p",
        { class: "muted", "data-testid": "running" },
        `Calling ${running.tool}… (events arrive as the server sends them)`,
      ),
      running.approval,
      running.elicitations,
      timeline(running.events, "live-events"),
    );
  };

  const run = (): void => {
    if (running !== undefined) return;
    const runId = crypto.randomUUID();
    running = { runId, tool: current, events: [], approval: null, elicitations: [] };
    button.disabled = true;
    cancel.hidden = false;
    cancel.disabled = false;
    showRunning();
    const request: CallRequest = {
      tool: current,
      arguments: asModelWrites(textarea.value),
      strict: context.strict,
      api: current === TOOL_SEARCH ? "responses" : runApi,
      runId,
      approval: policy,
    };
    context.api
      .post<CallResponse>("/api/call", request)
      .then((result) => replace(output, renderCallSteps(result)))
      .catch((error: unknown) =>
        replace(output, h("div", { class: "notice error" }, error instanceof ApiError ? error.message : String(error))),
      )
      .finally(() => {
        running = undefined;
        button.disabled = false;
        cancel.hidden = true;
      });
  };

  context.events.listen((event) => {
    if (event.type === "state" || event.type === "server-notification") return;
    if (running === undefined || event.runId !== running.runId) return;
    if (event.type === "call-event") running.events.push(event.event);
    let card: HTMLElement | undefined;
    if (event.type === "approval-request")
      card = running.approval = approvalCard(context.api, running.runId, event.request);
    if (event.type === "elicitation-request") {
      card = elicitationCard(context.api, running.runId, event.request);
      running.elicitations.push(card);
    }
    showRunning();
    // A call waits for the user: bring its card into view.
    card?.scrollIntoView({ block: "nearest" });
  });

  select.addEventListener("change", () => pick(select.value));
  textarea.addEventListener("input", () => {
    drafts.set(current, textarea.value);
    argumentsForm.show(parsed(textarea.value));
  });
  textarea.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  });
  searchBox.addEventListener("input", () => {
    search = searchBox.value;
    fillOptions();
    // A tool the search hides gives way to the first match, so the form follows what the list shows.
    const listed = [...select.options].some((option) => option.value === current);
    const first = select.querySelector<HTMLOptionElement>("option:not([disabled])");
    if (!listed && first !== null) pick(first.value);
    else select.value = current;
  });
  // Enter in the search box only filters: the form's submit would call the first match at once.
  searchBox.addEventListener("keydown", (event) => {
    if (event.key === "Enter") event.preventDefault();
  });
  cancel.addEventListener("click", () => {
    if (running === undefined) return;
    cancel.disabled = true;
    void context.api.post("/api/call/cancel", { runId: running.runId }).catch(() => {});
  });

  const apiRadios = {
    responses: h("input", { type: "radio", name: "run-api", value: "responses", "data-testid": "run-api-responses" }),
    chat: h("input", { type: "radio", name: "run-api", value: "chat", "data-testid": "run-api-chat" }),
  };
  for (const api of ["responses", "chat"] as const) apiRadios[api].addEventListener("change", () => (runApi = api));
  const apiNote = h("span", { class: "muted", "data-testid": "run-api-note" });
  const apiChoice = h(
    "span",
    { class: "segmented" },
    h("label", {}, apiRadios.responses, " Responses"),
    h("label", {}, apiRadios.chat, " Chat Completions"),
  );
  /** Chat Completions has no tool search: for `tool_search` its choice is off, and the note says why. */
  function drawApiChoice(): void {
    const searching = current === TOOL_SEARCH;
    apiRadios.chat.disabled = searching;
    apiRadios.responses.checked = searching || runApi === "responses";
    apiRadios.chat.checked = !searching && runApi === "chat";
    replace(
      apiNote,
      searching
        ? " tool_search runs on Responses: Chat Completions has no tool search, so its choice is off for this call."
        : " (the other API's output is made from the same result)",
    );
  }

  const form = h(
    "form",
    {
      class: "run-form",
      onsubmit: (event) => {
        event.preventDefault();
        run();
      },
    },
    h("label", { class: "field" }, h("span", {}, "Tool"), h("span", { class: "tool-pick" }, searchBox, select)),
    leftOut,
    info,
    h("div", { class: "field inline" }, h("span", {}, "Run it through"), apiChoice, apiNote),
    h("label", { class: "field inline" }, h("span", {}, "Try an approval policy"), policyChoice),
    verdict,
    h(
      "div",
      { class: "arguments-pair" },
      h("div", { class: "field" }, h("span", {}, "Arguments, as a form (from the schema the model gets)"), formSlot),
      h(
        "label",
        { class: "field" },
        h("span", {}, "Arguments, as JSON text — exactly what the model would write"),
        textarea,
      ),
    ),
    h(
      "div",
      { class: "actions" },
      button,
      cancel,
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            drafts.delete(current);
            textarea.value = textFor(current);
            drawForm();
          },
        },
        "Reset to the example",
      ),
      h("span", { class: "muted hint" }, "Ctrl+Enter calls"),
    ),
  );

  const element = h(
    "div",
    { class: "run-view" },
    h(
      "p",
      { class: "intro" },
      "No API key needed: you play the model. Write a tool call, and the playground runs it exactly as it would run " +
        "a model's call — through executeToolCalls, with the adapter of the API you choose.",
    ),
    form,
    output,
  );

  /** The selection the page had at the last update: a new one (the Tools view's "Call it yourself") is followed. */
  let seenSelected: string | null = null;
  const update = (next: PageContext): void => {
    context = next;
    const selectedChanged = next.selectedTool !== seenSelected;
    seenSelected = next.selectedTool;
    // A new selection elsewhere (a tool opened in the Tools view, the address bar's) is followed, left out or not.
    const selected = toolByName(next.selectedTool ?? "");
    const name = selectedChanged && selected !== undefined ? selected.name : current === "" ? firstSent(next) : current;
    const previous = current;
    current = name;
    fillOptions();
    if (name !== previous || !drafts.has(name)) choose(name);
    else {
      select.value = name;
      replace(info, describeTool(context, name));
      replace(verdict, describeVerdict(context, name, policy));
    }
    button.disabled = running !== undefined;
  };
  update(initial);
  return { element, update };
}

function firstSent(context: PageContext): string {
  return context.tools.tools.find((tool) => tool.strict !== null && tool.unavailable === null)?.name ?? UNKNOWN_TOOL;
}
