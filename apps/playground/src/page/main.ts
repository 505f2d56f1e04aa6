// The playground page: a header with the servers and the strict switch, and
// three views (Tools, Run a call, Conversation) over the JSON API.
import "./style.css";
import type { StateResponse, StrictSetting, ToolsResponse } from "../shared/api-types";
import { ApiError, createApi, takeToken } from "./api-client";
import type { Api } from "./api-client";
import { renderChatView } from "./chat-view";
import { h, replace } from "./dom";
import { renderRunView } from "./run-view";
import { renderServerProblems, renderServers } from "./servers";
import { renderToolsView } from "./tools-view";

/** Which view is shown. */
export type ViewName = "tools" | "run" | "chat";

/** What every view reads, and how it asks for a change. */
export interface PageContext {
  readonly api: Api;
  readonly state: StateResponse;
  readonly strict: StrictSetting;
  readonly tools: ToolsResponse;
  /** The tool selected in the Tools view (the Run view starts with it). */
  readonly selectedTool: string | null;
  select(tool: string, view?: ViewName): void;
}

const root = document.querySelector<HTMLElement>("#app") as HTMLElement;

function fatal(title: string, message: string): void {
  replace(root, h("div", { class: "notice error", "data-testid": "fatal" }, h("h2", {}, title), h("p", {}, message)));
}

async function start(): Promise<void> {
  const token = takeToken();
  if (token === null) {
    fatal(
      "No token",
      "Open the playground with the URL it printed when it started (http://127.0.0.1:PORT/?token=…): the token keeps other web pages from using it.",
    );
    return;
  }
  const api = createApi(token);
  let state: StateResponse;
  try {
    state = await api.get<StateResponse>("/api/state");
  } catch (error) {
    fatal("The playground refused this page", error instanceof Error ? error.message : String(error));
    return;
  }

  let strict: StrictSetting = "auto";
  let view: ViewName = "tools";
  let selectedTool: string | null = null;
  let tools: ToolsResponse | undefined;

  const header = h("header", { class: "top" });
  const nav = h("nav", { class: "tabs", role: "tablist" });
  const main = h("main", {});
  replace(root, header, nav, renderServerProblems(state), main);

  const render = (): void => {
    if (tools === undefined) return;
    const context: PageContext = {
      api,
      state,
      strict,
      tools,
      selectedTool,
      select: (tool, next) => {
        selectedTool = tool;
        if (next !== undefined) view = next;
        render();
      },
    };
    replace(
      header,
      h("div", { class: "title" }, h("h1", {}, "@x playground"), h("span", { class: "subtitle" }, "MCP tools → OpenAI function tools")),
      renderServers(state),
      h(
        "div",
        { class: "strict-switch", role: "radiogroup", "aria-label": "strict mode" },
        h("span", { class: "label" }, "strict:"),
        (["auto", "true", "false"] as const).map((setting) =>
          h(
            "button",
            {
              type: "button",
              role: "radio",
              "aria-checked": String(setting === strict),
              "data-testid": `strict-${setting}`,
              class: setting === strict ? "on" : "",
              onclick: () => {
                strict = setting;
                void loadTools();
              },
            },
            setting,
          ),
        ),
      ),
    );
    const tabs: [ViewName, string][] = [
      ["tools", `Tools (${tools.tools.length})`],
      ["run", "Run a call — you are the model"],
      ["chat", state.openai.configured ? "Conversation with a model" : "Conversation (needs OPENAI_API_KEY)"],
    ];
    replace(
      nav,
      tabs.map(([name, label]) =>
        h(
          "button",
          {
            type: "button",
            role: "tab",
            "aria-selected": String(name === view),
            class: name === view ? "on" : "",
            "data-testid": `tab-${name}`,
            onclick: () => {
              view = name;
              render();
            },
          },
          label,
        ),
      ),
    );
    replace(main, view === "tools" ? renderToolsView(context) : view === "run" ? renderRunView(context) : renderChatView(context));
  };

  const loadTools = async (): Promise<void> => {
    try {
      tools = await api.get<ToolsResponse>(`/api/tools?strict=${strict}`);
    } catch (error) {
      fatal("Could not list the tools", error instanceof ApiError ? error.message : String(error));
      return;
    }
    render();
  };
  await loadTools();
}

void start();
