// The scripted model as a model client: the same two calls as the official
// `openai` client (model-client.ts), answered here, with no key and no
// network. A speaker per API; more APIs get a speaker of their own beside these.
import type { ModelClient } from "../model-client";
import { chatStream } from "./chat-speaker";
import { responsesStream } from "./responses-speaker";

/**
 * The scripted model, in the client shape the conversation uses.
 *
 * @example
 * ```ts
 * const stream = await scriptedClient.chat.completions.create({ model: "scripted", messages, tools, stream: true });
 * ```
 */
export const scriptedClient: ModelClient = {
  chat: { completions: { create: (body, options) => Promise.resolve(chatStream(body, options)) } },
  responses: { create: (body, options) => Promise.resolve(responsesStream(body, options)) },
};
