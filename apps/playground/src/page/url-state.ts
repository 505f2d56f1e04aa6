// The view, the strict setting and the selected tool live in the address bar
// (`?view=run&strict=true&tool=demo__divide`), so a reload or a shared link
// opens the same place. The token never does: it is in sessionStorage.
import type { StrictSetting } from "../shared/api-types";
import type { ViewName } from "./page-context";

/** What the address bar says. */
export interface UrlState {
  readonly view: ViewName;
  readonly strict: StrictSetting;
  readonly tool: string | null;
}

const VIEWS: readonly ViewName[] = ["tools", "run", "chat"];
const STRICT: readonly StrictSetting[] = ["auto", "true", "false"];

/**
 * The state in the address bar, with defaults for what it lacks or gets wrong.
 *
 * @example
 * ```ts
 * const { view, strict, tool } = readUrlState();
 * ```
 */
export function readUrlState(): UrlState {
  const params = new URL(location.href).searchParams;
  const view = VIEWS.find((name) => name === params.get("view")) ?? "tools";
  const strict = STRICT.find((setting) => setting === params.get("strict")) ?? "auto";
  const tool = params.get("tool");
  return { view, strict, tool: tool === null || tool === "" ? null : tool };
}

/**
 * Puts `state` in the address bar (replacing the entry: tabs are not pages to go back through).
 *
 * @example
 * ```ts
 * writeUrlState({ view: "run", strict: "auto", tool: "demo__divide" });
 * ```
 */
export function writeUrlState(state: UrlState): void {
  const url = new URL(location.href);
  url.searchParams.set("view", state.view);
  url.searchParams.set("strict", state.strict);
  if (state.tool === null) url.searchParams.delete("tool");
  else url.searchParams.set("tool", state.tool);
  if (url.href !== location.href) history.replaceState(null, "", url.pathname + url.search + url.hash);
}
