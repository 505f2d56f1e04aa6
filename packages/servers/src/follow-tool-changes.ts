// Following a server's tool list: `notifications/tools/list_changed`, which a
// 2025-era server sends when it likes and a 2026-07-28 server sends only on a
// `subscriptions/listen` stream the client opened
// (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions).
import type { McpSubscription } from "@modelcontextprotocol/client";
import { z } from "zod";
import { isV2Client } from "./list-tools";
import type { ConnectedClient } from "./server-config";

/** The notification a server sends when its tools change. */
export const TOOLS_CHANGED = "notifications/tools/list_changed";

/** An SDK v1 client's `setNotificationHandler` takes a zod schema whose `method` literal names the notification. */
const toolsChangedSchema = z.looseObject({ method: z.literal(TOOLS_CHANGED) });

interface V1NotificationHandlers {
  setNotificationHandler(
    schema: typeof toolsChangedSchema,
    handler: (notification: { params?: unknown }) => void,
  ): void;
}

/** Calls `handler` with the params of each `notifications/tools/list_changed` (the client's one handler for it). */
export function onToolsChanged(client: ConnectedClient, handler: (params: unknown) => void): void {
  if (isV2Client(client)) client.setNotificationHandler(TOOLS_CHANGED, (notification) => handler(notification.params));
  else {
    (client as unknown as V1NotificationHandlers).setNotificationHandler(toolsChangedSchema, (notification) =>
      handler(notification.params),
    );
  }
}

/** Takes our handler off (a given client is left as it was, less that handler). */
export function stopFollowingTools(client: ConnectedClient): void {
  client.removeNotificationHandler(TOOLS_CHANGED);
}

/**
 * Whether the server says when its tools change without a stream: a 2025-era
 * server that declares `tools.listChanged` sends the notification unasked.
 */
export function notifiesUnasked(client: ConnectedClient): boolean {
  const capabilities = (
    client as { getServerCapabilities?: () => { tools?: { listChanged?: boolean } } | undefined }
  ).getServerCapabilities?.();
  const modern = isV2Client(client) && client.getProtocolEra() === "modern";
  return !modern && capabilities?.tools?.listChanged === true;
}

/**
 * Opens a `subscriptions/listen` stream for tool list changes on a 2026-07-28
 * connection whose server offers them; `undefined` on a 2025-era connection,
 * or when the server offers none or does not honour the request.
 */
export async function listenForToolChanges(
  client: ConnectedClient,
  timeoutMs: number,
): Promise<McpSubscription | undefined> {
  if (!isV2Client(client) || client.getProtocolEra() !== "modern") return undefined;
  if (client.getServerCapabilities()?.tools?.listChanged !== true) return undefined;
  const subscription = await client.listen({ toolsListChanged: true }, { timeout: timeoutMs });
  if (subscription.honoredFilter.toolsListChanged === true) return subscription;
  await subscription.close();
  return undefined;
}
