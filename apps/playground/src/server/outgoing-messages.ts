// What a client sends to its MCP server, watched for the Run view's telemetry:
// when a call is cancelled, the page shows the `notifications/cancelled` the
// SDK really sent, not a guess that it did. The playground wraps the client's
// transport `send` once per client for this; the libraries never do.
import type { ServerClient } from "./toolbox";

/** A JSON-RPC message as the SDK's transport sends it. */
type OutgoingMessage = Parameters<NonNullable<ServerClient["transport"]>["send"]>[0];
type Listener = (message: OutgoingMessage) => void;

const watched = new WeakMap<ServerClient, Set<Listener>>();

/**
 * Calls `listener` with every message `client` sends from now on, until the
 * returned function is called. A client without a transport (closed) sends nothing.
 *
 * @example
 * ```ts
 * const stop = watchOutgoing(client, (message) => console.log(message));
 * ```
 */
export function watchOutgoing(client: ServerClient, listener: Listener): () => void {
  let listeners = watched.get(client);
  if (listeners === undefined) {
    const transport = client.transport;
    if (transport === undefined) return () => {};
    const set = new Set<Listener>();
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      for (const each of set) each(message);
      return send(message, options);
    };
    watched.set(client, set);
    listeners = set;
  }
  const own = listeners;
  own.add(listener);
  return () => own.delete(listener);
}
