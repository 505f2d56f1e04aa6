import OpenAI from "openai";
import { runToolLoop } from "@x/executor";
import { adapter } from "@x/openai-chat";
import { connectServers } from "@x/servers";

const openai = new OpenAI();
const servers = await connectServers("mcp.json");
await runToolLoop({
  model: (messages, tools) => openai.chat.completions.create({ model: "gpt-5-mini", messages, tools }),
  adapter,
  servers,
  input: "What is 2 + 3?",
}).then(({ response }) => console.log(response?.choices[0]?.message.content));
