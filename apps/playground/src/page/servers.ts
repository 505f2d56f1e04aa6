// The servers strip of the header, and a notice for each server that failed to
// start, crashed or is being restarted.
import type { ServerState, StateResponse } from "../shared/api-types";
import { h } from "./dom";

/** Where a server was configured, in words. */
const SOURCES: { readonly [source in ServerState["source"]]: string } = {
  "built-in": "Built in",
  config: "From the config file",
  flag: "From the command line",
};

/** What a chip says after the server's name. */
const STATUS_WORDS: { readonly [status in ServerState["status"]]: (server: ServerState) => string } = {
  ready: (server) => `${server.toolCount} tools · ${server.transport}`,
  failed: () => "failed to start",
  crashed: () => "crashed",
  closed: () => "stopped",
  // Without a reason it was not lost: it is being restarted on request.
  restarting: (server) => (server.error === undefined ? "restarting" : "crashed, restarting"),
};

/** What a notice says of a server's tools, after its name and state. */
const TOOLS_WORDS: { readonly [status in ServerState["status"]]: string } = {
  ready: "",
  failed: "It has no tools here until it starts; the other servers work as usual. ",
  crashed:
    "It is not restarted again by itself: its tools stay listed, marked unavailable, until it runs again (Restart " +
    "tries once more); the other servers work as usual. ",
  closed: "Its tools are not available; the other servers work as usual. ",
  restarting: "Its tools are marked unavailable until it runs again; the other servers work as usual. ",
};

/** The names of the settings whose values stay on the server, or "". */
function notShown(server: ServerState): string {
  return server.hidden.length === 0 ? "" : ` (not shown: ${server.hidden.join(", ")})`;
}

/**
 * The Restart button of a configured server (`null` for one that cannot be restarted: its config could not be
 * read); disabled while it is being started again.
 */
function restartButton(server: ServerState, restart: (name: string) => void, testId: string): HTMLElement | null {
  if (!server.restartable) return null;
  return h(
    "button",
    {
      type: "button",
      class: "small restart",
      "data-testid": testId,
      title: `Restart "${server.name}": end its process (or connection) and start it again, as configured`,
      disabled: server.status === "restarting",
      onclick: () => restart(server.name),
    },
    "Restart",
  );
}

/**
 * One chip per MCP server (status, tool count, its notifications' button and a Restart button), and one for OpenAI.
 *
 * @example
 * ```ts
 * header.append(renderServers(state, (name) => restartServer(name), (name) => pane.toggle(name)));
 * ```
 */
export function renderServers(
  state: StateResponse,
  restart: (name: string) => void,
  notifications: (server: string) => HTMLElement | null = () => null,
): HTMLElement {
  return h(
    "ul",
    { class: "chips", "data-testid": "servers" },
    state.servers.map((server) =>
      h(
        "li",
        {
          class: `chip ${server.status}`,
          title: server.target + notShown(server),
          "data-testid": `server-${server.name}`,
        },
        h("span", { class: "dot", "aria-hidden": "true" }),
        h("strong", {}, server.name),
        " ",
        STATUS_WORDS[server.status](server),
        notifications(server.name),
        restartButton(server, restart, `restart-${server.name}`),
      ),
    ),
    h(
      "li",
      { class: `chip ${state.openai.configured ? "ready" : "off"}`, "data-testid": "openai-status" },
      h("span", { class: "dot", "aria-hidden": "true" }),
      h("strong", {}, "OpenAI"),
      " ",
      state.openai.configured
        ? `key set${state.openai.baseUrl === null ? "" : ` · ${state.openai.baseUrl}`}`
        : "no key: the scripted model answers",
    ),
  );
}

/**
 * A notice for each server that failed to start, crashed or went away, with
 * why, or `null` when every server is up.
 *
 * @example
 * ```ts
 * main.before(renderServerProblems(state, (name) => restartServer(name)) ?? "");
 * ```
 */
export function renderServerProblems(state: StateResponse, restart: (name: string) => void): HTMLElement | null {
  const problems = state.servers.filter((server) => server.status !== "ready");
  if (problems.length === 0) return null;
  return h(
    "div",
    { class: "problems" },
    problems.map((server) =>
      h(
        "div",
        { class: "notice error", "data-testid": `server-error-${server.name}` },
        h("strong", {}, `MCP server "${server.name}" ${STATUS_WORDS[server.status](server)}. `),
        TOOLS_WORDS[server.status],
        restartButton(server, restart, `notice-restart-${server.name}`),
        server.error === undefined ? null : h("pre", {}, server.error),
        server.target === ""
          ? null
          : h("div", { class: "muted" }, `${SOURCES[server.source]}: `, h("code", {}, server.target), notShown(server)),
      ),
    ),
  );
}
