// What a request's tools cost in tokens. For OpenAI's models a real
// tokenizer counts (o200k_base, bundled with gpt-tokenizer, offline); for
// Claude and Gemini, whose tokenizers cannot be had offline, the same count is
// an estimate, and says so. Each API also renders the tools into the model's
// prompt its own way, so the JSON text is what is counted, labelled as such.
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import type { ConversationApi, TokenCount } from "../shared/api-types";

/** Special-token text (`<|endoftext|>`) in a description is counted as text, not refused. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

const HOW: { readonly [api in ConversationApi]: { readonly exact: boolean; readonly how: string } } = {
  chat: { exact: true, how: "o200k_base (GPT-4o, GPT-4.1, GPT-5) over the JSON text" },
  responses: { exact: true, how: "o200k_base (GPT-4o, GPT-4.1, GPT-5) over the JSON text" },
  anthropic: {
    exact: false,
    how: "estimate: o200k_base over the JSON text (Claude's tokenizer is not available offline)",
  },
  gemini: {
    exact: false,
    how: "estimate: o200k_base over the JSON text (Gemini's tokenizer is not available offline)",
  },
};

/**
 * The tokens of `value`'s JSON text for `api`: counted with o200k_base, exact
 * for OpenAI's APIs and labelled an estimate for the others.
 *
 * @example
 * ```ts
 * tokenCount("chat", prepared.tools); // { tokens: 412, exact: true, how: "o200k_base …" }
 * ```
 */
export function tokenCount(api: ConversationApi, value: unknown): TokenCount {
  return { tokens: countTokens(JSON.stringify(value) ?? "", AS_TEXT), ...HOW[api] };
}
