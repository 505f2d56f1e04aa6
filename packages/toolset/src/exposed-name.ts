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

/** The readable name cut short enough for `_` and the hash, then `_` and the hash. */
export function hashedName(readable: string, hash: string): string {
  return `${readable.slice(0, MAX_NAME_LENGTH - 1 - hash.length)}_${hash}`;
}
