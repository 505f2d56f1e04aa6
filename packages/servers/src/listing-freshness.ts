// When a server's listing is read again. MCP 2026-07-28 puts `ttlMs` on list
// results: a listing is fresh that long, then stale, and is fetched again the
// next time it is needed, not polled for (clients "SHOULD NOT treat TTL as a
// polling interval"; `ttlMs` 0, or none, is stale at once and leaves the rest
// to notifications: https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching).
// The toolset is needed whenever it is read (each turn of a tool loop): a read
// that finds a stale listing starts one fetch, and a later read sees its result.

/**
 * The shortest time a listing counts as fresh: a server answering `ttlMs` 0, or
 * none, must not make every read of the toolset a `tools/list`.
 */
export const MIN_FRESH_MS = 1_000;

/** What freshness depends on. */
export interface ListingAge {
  /** When the listing arrived, in ms since the epoch. */
  readonly receivedAt: number;
  /** The server's `ttlMs`, when it gave one. */
  readonly ttlMs: number | undefined;
  /** Whether the server will say when its tools change (a notification unasked, or a subscription stream). */
  readonly followsChanges: boolean;
}

/**
 * When the listing goes stale, in ms since the epoch, or `undefined` for never
 * (until the server says its tools changed). A positive `ttlMs` counts (at
 * least {@link MIN_FRESH_MS}); without one, a server that tells of changes is
 * believed, and the listing of one that does not is stale after
 * {@link MIN_FRESH_MS}.
 */
export function staleAt(age: ListingAge): number | undefined {
  if (age.ttlMs !== undefined && age.ttlMs > 0) return age.receivedAt + Math.max(MIN_FRESH_MS, age.ttlMs);
  return age.followsChanges ? undefined : age.receivedAt + MIN_FRESH_MS;
}
