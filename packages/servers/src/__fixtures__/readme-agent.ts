import OpenAI from "openai";
import { runToolLoop } from "@x/executor";
import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import { connectServers } from "@x/servers";

const openai = new OpenAI(); // reads OPENAI_API_KEY (and OPENAI_BASE_URL)
await using servers = await connectServers("mcp.json");
const question = process.argv[2] ?? "What is 2 + 3?";

const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: question }];
const viaChat = await runToolLoop({
  model: (input, tools) => openai.chat.completions.create({ model: "gpt-5-mini", messages: input, tools }),
  adapter: chat,
  servers,
  input: messages,
});
console.log(viaChat.response?.choices[0]?.message.content);

const items: OpenAI.Responses.ResponseInput = [{ role: "user", content: question }];
const viaResponses = await runToolLoop({
  model: (input, tools) => openai.responses.create({ model: "gpt-5-mini", input, tools }),
  adapter: responses,
  servers,
  input: items,
});
console.log(viaResponses.response?.output_text);
