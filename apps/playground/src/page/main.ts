// The playground page: a header with the servers and the strict switch, and
// three views (Tools, Run a call, Conversation) over the JSON API. Each view is
// made once and kept: tabs hide and show them, the strict switch and the
// server status update them in place.
import "./style.css";
import type { StateResponse, StrictSetting, ToolsResponse } from "../shared/api-types";
import { ApiError, createApi, takeToken } from "./api-client";
import { createChatView } from "./chat-view";
import { arrowTarget, h, keepingFocus, replace } from "./dom";
import { openEventStream } from "./event-stream";
import type { PageContext, View, ViewName } from "./page-context";
import { createRunView } from "./run-view";
import { createNotificationsPane } from "./notifications-pane";
import { renderServerProblems, renderServers } from "./servers";
import { STRICT_MEANINGS } from "./strict-words";
import { createToolsView } from "./tools-view";
import { readUrlState, writeUrlState } from "./url-state";

const root = document.querySelector<HTMLElement>("#app") as HTMLElement;

function fatal(title: string, message: string): void {
  replace(root, h("div", { class: "notice error", "data-testid": "fatal" }, h("h2", {}, title), h("p", {}, message)));
}

function tabLabel(name: ViewName, tools: ToolsResponse, state: StateResponse): string {
  if (name === "tools") {
    const sent = tools.tools.filter((tool) => tool.strict !== null).length;
    return sent === tools.tools.length ? `Tools (${sent})` : `Tools (${sent} sent of ${tools.tools.length})`;
  }
  if (name === "run") return "Run a call — you are the model";
  return state.providers.some((provider) => provider.configured)
    ? "Conversation with a model"
    : "Conversation (scripted model)";
}

async function start(): Promise<void> {
  const token = takeToken();
  if (token === null) {
    fatal(
      "No token",
      "Open the playground with the URL it printed when it started (http://127.0.0.1:PORT/?token=…): the token keeps " +
        "other web pages from using it.",
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
  const events = openEventStream(token);
  const notifications = createNotificationsPane(api, events);

  const fromUrl = readUrlState();
  let strict: StrictSetting = fromUrl.strict;
  let view: ViewName = fromUrl.view;
  let selectedTool: string | null = fromUrl.tool;
  let tools: ToolsResponse | undefined;
  let views: { readonly [name in ViewName]: View } | undefined;

  const header = h("header", { class: "top" });
  const nav = h("nav", { class: "tabs", role: "tablist", "aria-label": "views" });
  const problems = h("div", { "data-testid": "server-problems" });
  const connection = h("div", { class: "notice error connection", "data-testid": "connection", hidden: true });
  const main = h("main", {});
  replace(root, header, notifications.element, nav, connection, problems, main);
  events.onStatus((status) => {
    connection.hidden = status === "connected";
    replace(
      connection,
      status === "refused"
        ? "The playground restarted (this page's token is no longer valid): open the new URL it printed."
        : "The playground server does not answer: is it still running? Trying again every second…",
    );
  });

  const restart = (name: string): void => {
    void api.post("/api/servers/restart", { name }).catch((error: unknown) => {
      replace(problems, h("div", { class: "notice error" }, error instanceof ApiError ? error.message : String(error)));
    });
  };

  const contextNow = (loaded: ToolsResponse): PageContext => ({
    api,
    events,
    state,
    strict,
    tools: loaded,
    selectedTool,
    select: (tool, next) => {
      selectedTool = tool;
      if (next !== undefined) view = next;
      render();
    },
  });

  const VIEWS = ["tools", "run", "chat"] as const;
  const STRICT_SETTINGS = ["auto", "true", "false"] as const;
  const chooseStrict = (setting: StrictSetting): void => {
    strict = setting;
    void loadTools();
  };
  // A redraw replaces the header's buttons and the tabs: the one that had the focus gets it back.
  const render = (): void => keepingFocus(draw);
  const draw = (): void => {
    if (tools === undefined) return;
    writeUrlState({ view, strict, tool: selectedTool });
    const context = contextNow(tools);
    replace(
      header,
      h(
        "div",
        { class: "title" },
        h("h1", {}, "@x playground"),
        h("span", { class: "subtitle" }, "MCP tools → each model API's tools"),
      ),
      renderServers(state, restart, (server) => notifications.toggle(server)),
      h(
        "div",
        {
          class: "strict-switch",
          role: "radiogroup",
          "aria-label": "strict mode",
          // The WAI-ARIA radio group: one tab stop, the arrow keys choose
          // (https://www.w3.org/WAI/ARIA/apg/patterns/radio/).
          onkeydown: (event) => {
            const next = arrowTarget((event as KeyboardEvent).key, STRICT_SETTINGS, strict);
            if (next === undefined) return;
            event.preventDefault();
            header.querySelector<HTMLElement>(`[data-testid="strict-${next}"]`)?.focus();
            chooseStrict(next);
          },
        },
        h("span", { class: "label" }, "strict:"),
        STRICT_SETTINGS.map((setting) =>
          h(
            "button",
            {
              type: "button",
              role: "radio",
              title: `strict: ${setting} — ${STRICT_MEANINGS[setting]}`,
              "aria-checked": String(setting === strict),
              tabindex: setting === strict ? "0" : "-1",
              "data-testid": `strict-${setting}`,
              class: setting === strict ? "on" : "",
              onclick: () => chooseStrict(setting),
            },
            setting,
          ),
        ),
        h("span", { class: "muted strict-meaning", "data-testid": "strict-meaning" }, STRICT_MEANINGS[strict]),
      ),
    );
    replace(problems, renderServerProblems(state, restart));
    replace(
      nav,
      VIEWS.map((name) =>
        h(
          "button",
          {
            type: "button",
            role: "tab",
            id: `tab-${name}`,
            "aria-controls": `panel-${name}`,
            "aria-selected": String(name === view),
            // The WAI-ARIA tabs pattern: one tab stop, the arrow keys, Home and End move between the tabs
            // (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/).
            tabindex: name === view ? "0" : "-1",
            class: name === view ? "on" : "",
            "data-testid": `tab-${name}`,
            onclick: () => {
              view = name;
              render();
            },
          },
          tabLabel(name, tools as ToolsResponse, state),
        ),
      ),
    );
    if (views === undefined) {
      views = { tools: createToolsView(context), run: createRunView(context), chat: createChatView(context) };
      for (const [name, each] of Object.entries(views)) {
        each.element.id = `panel-${name}`;
        each.element.setAttribute("role", "tabpanel");
        each.element.setAttribute("aria-labelledby", `tab-${name}`);
      }
      replace(main, views.tools.element, views.run.element, views.chat.element);
    } else {
      for (const each of Object.values(views)) each.update(context);
    }
    for (const [name, each] of Object.entries(views)) each.element.hidden = name !== view;
  };
  nav.addEventListener("keydown", (event) => {
    const next = arrowTarget(event.key, VIEWS, view);
    if (next === undefined) return;
    event.preventDefault();
    view = next;
    draw();
    nav.querySelector<HTMLElement>(`[data-testid="tab-${next}"]`)?.focus();
  });

  let loads = 0;
  const loadTools = async (): Promise<void> => {
    // Only the latest request counts: two quick clicks on the switch may answer out of order.
    const load = ++loads;
    let loaded: ToolsResponse;
    try {
      loaded = await api.get<ToolsResponse>(`/api/tools?strict=${strict}`);
    } catch (error) {
      fatal("Could not list the tools", error instanceof ApiError ? error.message : String(error));
      return;
    }
    if (load !== loads) return;
    tools = loaded;
    render();
  };

  events.listen((event) => {
    if (event.type !== "state") return;
    state = event.state;
    // A server stopped or came back: its tools' availability changed.
    void loadTools();
  });
  await loadTools();
}

void start();
