// The rules OpenAI enforces on a request's conversation about tool calls
// (it answers 400 otherwise): what a transcript must satisfy to be sent.

interface ChatMessageLike {
  readonly role: string;
  readonly tool_calls?: readonly { readonly id: string }[];
  readonly tool_call_id?: string;
}

/**
 * Chat Completions: an assistant message with `tool_calls` is followed
 * directly by one `tool` message per call id (any order), and a `tool`
 * message appears nowhere else. Returns what is wrong (nothing when valid).
 */
export function chatViolations(messages: readonly ChatMessageLike[]): string[] {
  const problems: string[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as ChatMessageLike;
    if (message.role === "tool") {
      problems.push(`message ${i}: a tool message (${message.tool_call_id}) not right after its assistant message`);
      continue;
    }
    const ids = (message.tool_calls ?? []).map((call) => call.id);
    if (message.role !== "assistant" || ids.length === 0) continue;
    const answered: string[] = [];
    while (messages[i + 1]?.role === "tool") {
      i++;
      const id = messages[i]?.tool_call_id ?? "";
      if (!ids.includes(id)) problems.push(`message ${i}: answers ${id}, which the assistant message did not call`);
      if (answered.includes(id)) problems.push(`message ${i}: answers ${id} a second time`);
      answered.push(id);
    }
    for (const id of ids) if (!answered.includes(id)) problems.push(`call ${id} is not answered`);
  }
  return problems;
}

interface ResponsesItemLike {
  readonly type?: string;
  readonly call_id?: string;
}

/**
 * Responses: every `function_call` (or `custom_tool_call`) is answered once by
 * a later `function_call_output` (or `custom_tool_call_output`) with its
 * `call_id`, and no output answers a call that is not before it.
 */
export function responsesViolations(input: readonly object[]): string[] {
  const items = input as readonly ResponsesItemLike[];
  const problems: string[] = [];
  const open = new Set<string>();
  const answered = new Set<string>();
  items.forEach((item, i) => {
    const id = item.call_id ?? "";
    if (item.type === "function_call" || item.type === "custom_tool_call") open.add(id);
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      if (!open.has(id)) problems.push(`item ${i}: answers ${id}, which no earlier item called`);
      if (answered.has(id)) problems.push(`item ${i}: answers ${id} a second time`);
      answered.add(id);
    }
  });
  for (const id of open) if (!answered.has(id)) problems.push(`call ${id} is not answered`);
  return problems;
}
