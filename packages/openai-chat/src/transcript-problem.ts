import { isRecord } from "./read-tool-calls";

const text = (value: unknown): string => (typeof value === "string" ? JSON.stringify(value) : "(no id)");

/**
 * The first way `messages` break Chat Completions' rule for tool calls: an
 * assistant message with `tool_calls` is followed directly by one `tool`
 * message per call id (in any order), and a `tool` message appears nowhere
 * else. `undefined` when they keep it; never throws.
 *
 * @param messages - a conversation's messages
 * @returns what is wrong, with where, or `undefined`
 * @example
 * ```ts
 * transcriptProblem([{ role: "assistant", content: null, tool_calls: [call] }]);
 * // 'message 0 calls "call_1", which no tool message answers'
 * ```
 */
export function transcriptProblem(messages: readonly unknown[]): string | undefined {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (!isRecord(message)) continue;
    if (message.role === "tool") return `message ${i} answers ${text(message.tool_call_id)} after no call of it`;
    const calls = message.role === "assistant" && Array.isArray(message.tool_calls) ? message.tool_calls : [];
    const ids = (calls as unknown[]).map((call) => (isRecord(call) ? call.id : undefined));
    if (ids.length === 0) continue;
    const answered = new Set<unknown>();
    for (let next = messages[i + 1]; isRecord(next) && next.role === "tool"; next = messages[i + 1]) {
      i++;
      const id = next.tool_call_id;
      if (!ids.includes(id))
        return `message ${i} answers ${text(id)}, which the assistant message before it did not call`;
      if (answered.has(id)) return `message ${i} answers ${text(id)} a second time`;
      answered.add(id);
    }
    const open = ids.find((id) => !answered.has(id));
    if (open !== undefined)
      return `the assistant message before message ${i + 1} calls ${text(open)}, which no tool message answers`;
  }
  return undefined;
}
