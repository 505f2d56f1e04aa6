import type { RenameReason } from "./build-toolset";
import { hashedName, MAX_NAME_LENGTH, READABLE_LENGTH, replaceInvalidCharacters, shortenReadable } from "./exposed-name";

/** One tool asking for an exposed name. */
export interface NameClaim {
  readonly server: string;
  readonly toolName: string;
  /** Between the server and the tool name, or `undefined` for no server prefix. */
  readonly separator: string | undefined;
}

/** The readable name a claim would have if nothing had to change (`server__tool`, or the tool name). */
export function plainName({ server, toolName, separator }: NameClaim): string {
  return separator === undefined ? toolName : `${server}${separator}${toolName}`;
}

/** The name a claim got, and why it differs from its plain name; `name` is `undefined` when none could be found. */
export interface NameAssignment {
  readonly name: string | undefined;
  readonly reasons: readonly RenameReason[];
}

/** A hash of the original server and tool name at a level; see `nameHash`. */
export type NameHash = (server: string, toolName: string, level: number) => string;

/**
 * Gives every claim a unique valid name that depends only on the SET of
 * claims (no step looks at their order).
 *
 * A claim starts at level 0 with its readable name (invalid characters
 * replaced), or at level 1 with a hashed name when that is over 64
 * characters. A hashed name is the readable name shortened (the server part
 * first, see `shortenReadable`), `_` and the hash of the original names at
 * its level. Then, round after round, for each name wanted by more than
 * one claim:
 * - a level-0 name against exactly one hashed name: the hashed one keeps it.
 *   A hashed name is derived from its own tool's server and name only, so
 *   no other server can take it away by listing a tool named like it;
 * - otherwise nobody keeps it: every claimant moves one level up (level 0
 *   to its first hashed name). So no server ever gets a name another
 *   server's tool was competing for, whatever it calls its tools.
 * A level-0 name moves at most once, and a hashed name moves only on a
 * collision of hashes, so this ends after a round or two; `maxLevel` bounds
 * it anyway, and the claims still colliding then get no name.
 *
 * @param hash - `nameHash`, or a weaker one in tests to force collisions
 */
export function assignNames(claims: readonly NameClaim[], hash: NameHash, maxLevel = 32): NameAssignment[] {
  const readable = claims.map((claim) => replaceInvalidCharacters(plainName(claim)));
  // The readable part of each claim's hashed names, made once and only for names too long to keep whole.
  const short = readable.map((name, i) => {
    if (name.length <= READABLE_LENGTH) return name;
    const { server, toolName, separator } = claims[i]!;
    const prefixed = separator !== undefined;
    return shortenReadable({
      server: prefixed ? replaceInvalidCharacters(server) : "",
      separator: separator ?? "",
      tool: replaceInvalidCharacters(toolName),
    });
  });
  const levels = readable.map((name) => (name.length > MAX_NAME_LENGTH ? 1 : 0));
  const collided = claims.map(() => false);
  const unnamed = claims.map(() => false);
  const nameAt = (i: number): string => {
    const level = levels[i]!;
    const claim = claims[i]!;
    return level === 0 ? readable[i]! : hashedName(short[i]!, hash(claim.server, claim.toolName, level));
  };

  let names = claims.map((_, i) => nameAt(i));
  for (;;) {
    const claimants = new Map<string, number[]>();
    names.forEach((name, i) => {
      if (unnamed[i]) return;
      const group = claimants.get(name);
      if (group) group.push(i);
      else claimants.set(name, [i]);
    });
    let moved = false;
    for (const group of claimants.values()) {
      if (group.length === 1) continue;
      const hashed = group.filter((i) => levels[i]! > 0);
      const losers = hashed.length === 1 ? group.filter((i) => levels[i] === 0) : group;
      for (const i of losers) {
        collided[i] = true;
        if (levels[i]! >= maxLevel) unnamed[i] = true;
        else levels[i]! += 1;
        moved = true;
      }
    }
    if (!moved) break;
    names = claims.map((_, i) => nameAt(i));
  }

  return claims.map((claim, i) => {
    const reasons: RenameReason[] = [];
    if (readable[i] !== plainName(claim)) reasons.push("invalid-characters");
    if (readable[i]!.length > MAX_NAME_LENGTH) reasons.push("too-long");
    if (collided[i]) reasons.push("collision");
    return { name: unnamed[i] ? undefined : names[i], reasons };
  });
}
