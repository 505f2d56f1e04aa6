// The servers strip of the header, and a notice for each server that failed.
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
  closed: () => "stopped",
  // Without a reason it was not lost: it is being restarted on request.
  restarting: (server) => (server.error === undefined ? "restarting" : "stopped, restarting"),
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
 * One chip per MCP server (status, tool count and a Restart button), and one for OpenAI.
 *
 * @example
 * ```ts
 * header.append(renderServers(state, (name) => restartServer(name)));
 * ```
 */
export function renderServers(state: StateResponse, restart: (name: string) => void): HTMLElement {
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
 * A notice for each server that failed to start or went away, with why, or
 * `null` when every server is up.
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
        "Its tools are not available until it runs again; the other servers work as usual. ",
        restartButton(server, restart, `notice-restart-${server.name}`),
        server.error === undefined ? null : h("pre", {}, server.error),
        server.target === ""
          ? null
          : h("div", { class: "muted" }, `${SOURCES[server.source]}: `, h("code", {}, server.target), notShown(server)),
      ),
    ),
  );
}
