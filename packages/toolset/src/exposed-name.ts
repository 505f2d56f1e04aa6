import { sha256Hex } from "./sha-256";
import { utf8Encode } from "./utf8";

/** What OpenAI accepts as a function name, and so every exposed name matches. */
export const EXPOSED_NAME_PATTERN: RegExp = /^[A-Za-z0-9_-]{1,64}$/;

/** The longest exposed name. */
export const MAX_NAME_LENGTH = 64;

/** Characters of the hash that makes a shortened or colliding name unique. */
export const HASH_LENGTH = 8;

/**
 * `name` with every code point outside `[A-Za-z0-9_-]` replaced by `_`
 * (one `_` per code point, so an emoji or a lone surrogate counts once).
 */
export function replaceInvalidCharacters(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/gu, "_");
}

/**
 * The short hash of a tool's ORIGINAL server and tool name, at a given
 * level (1 for the first try; the next level only after a collision of
 * hashes). The encoding is unambiguous for any strings: `JSON.stringify`
 * separates the parts and escapes lone surrogates.
 */
export function nameHash(server: string, toolName: string, level: number): string {
  const key = level === 1 ? [server, toolName] : [server, toolName, level];
  return sha256Hex(utf8Encode(JSON.stringify(key))).slice(0, HASH_LENGTH);
}

/** The longest readable part of a hashed name: room is left for `_` and the hash. */
export const READABLE_LENGTH: number = MAX_NAME_LENGTH - 1 - HASH_LENGTH;

/**
 * How many characters of the tool name a shortened name keeps at least (all
 * of a shorter one), and how many of the server name it keeps while the tool
 * name is being cut.
 */
export const NAME_PART_RESERVE = 20;

/**
 * The parts of a readable name, each with its disallowed characters replaced; `server` and `separator` are `""` without
 * a prefix.
 */
export interface ReadableParts {
  readonly server: string;
  readonly separator: string;
  readonly tool: string;
}

/**
 * The readable part of a hashed name, at most {@link READABLE_LENGTH}
 * characters. The server part is shortened first: it keeps what the whole
 * tool name leaves, but not less than {@link NAME_PART_RESERVE} characters;
 * then the tool name is cut. So the tool name keeps all the room the server
 * does not need, and always at least 20 characters (all of a shorter one),
 * unless the separator itself takes that room (over 35 characters). The
 * tool name is what tells a server's tools apart; the hash keeps the name
 * unique whatever is cut.
 */
export function shortenReadable({ server, separator, tool }: ReadableParts): string {
  const room = READABLE_LENGTH - separator.length;
  const serverFloor = Math.min(NAME_PART_RESERVE, room - Math.min(tool.length, NAME_PART_RESERVE));
  const serverKeep = Math.max(0, Math.min(server.length, Math.max(room - tool.length, serverFloor)));
  return `${server.slice(0, serverKeep)}${separator}${tool}`.slice(0, READABLE_LENGTH);
}

/** The readable name cut short enough for `_` and the hash, then `_` and the hash. */
export function hashedName(readable: string, hash: string): string {
  return `${readable.slice(0, MAX_NAME_LENGTH - 1 - hash.length)}_${hash}`;
}
