// What the page's views share: the API, the latest state and tools, and how a
// view asks for a change. Its own file, so the views do not import main.ts.
import type { StateResponse, StrictSetting, ToolsResponse } from "../shared/api-types";
import type { Api } from "./api-client";
import type { EventStream } from "./event-stream";

/** Which view is shown. */
export type ViewName = "tools" | "run" | "chat";

/** What every view reads, and how it asks for a change. */
export interface PageContext {
  readonly api: Api;
  /** Server-pushed events (call progress, server status). */
  readonly events: EventStream;
  readonly state: StateResponse;
  readonly strict: StrictSetting;
  readonly tools: ToolsResponse;
  /** The selected tool (exposed name): the Tools view shows it, the Run view calls it. */
  readonly selectedTool: string | null;
  /** Selects a tool, and switches to `view` when given. */
  select(tool: string, view?: ViewName): void;
}

/**
 * A view, made once and kept while the page is open: switching tabs hides it,
 * and a change of the strict switch, the tools or the servers updates it in
 * place, so what the user typed, chose or ran stays.
 */
export interface View {
  readonly element: HTMLElement;
  update(context: PageContext): void;
}
