import { readFileSync } from "node:fs";
import { GoogleGenAI } from "@google/genai";
import type { Content } from "@google/genai";
import { runToolLoop } from "@x/executor";
import { adapter } from "@x/gemini";
import { connectServers, type ServersConfig } from "@x/servers";

const ai = new GoogleGenAI({}); // reads GEMINI_API_KEY
await using servers = await connectServers(JSON.parse(readFileSync("mcp.json", "utf8")) as ServersConfig);

const { response, stopReason, incomplete } = await runToolLoop({
  model: (contents, tools) =>
    // Every entry of a Gemini transcript is a Content: the answers go in one, after the model's own.
    ai.models.generateContent({ model: "gemini-3-flash-preview", contents: contents as Content[], config: { tools } }),
  adapter,
  servers,
  input: process.argv[2] ?? "What is 2 + 3?",
});
console.log(stopReason === "completed" ? response?.text : `${stopReason}: ${incomplete ?? ""}`);
