import OpenAI from "openai";
import { runToolLoop } from "@x/executor";
import { adapter } from "@x/openai-responses";
import { connectServers } from "@x/servers";

const openai = new OpenAI(); // reads OPENAI_API_KEY (and OPENAI_BASE_URL)
await using servers = await connectServers("mcp.json");
const { response } = await runToolLoop({
  model: (input: OpenAI.Responses.ResponseInput, tools) =>
    openai.responses.create({ model: "gpt-5-mini", input, tools }),
  adapter,
  servers,
  input: "What is 2 + 3?",
});
console.log(response?.output_text);
