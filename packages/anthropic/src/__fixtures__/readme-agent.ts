import Anthropic from "@anthropic-ai/sdk";
import { adapter } from "@x/anthropic";
import { runToolLoop } from "@x/executor";
import { connectServers } from "@x/servers";

const anthropic = new Anthropic(); // reads ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL)
await using servers = await connectServers("mcp.json");

const { response, stopReason, incomplete } = await runToolLoop({
  model: (messages, tools) => anthropic.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1024, messages, tools }),
  adapter,
  servers,
  input: process.argv[2] ?? "What is 2 + 3?",
});
const text = response?.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
console.log(stopReason === "completed" ? text : `${stopReason}: ${incomplete ?? ""}`);
