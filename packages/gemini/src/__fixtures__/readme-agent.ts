import { GoogleGenAI } from "@google/genai";
import { runToolLoop } from "@x/executor";
import { adapter } from "@x/gemini";
import { connectServers } from "@x/servers";

const ai = new GoogleGenAI({}); // reads GEMINI_API_KEY
await using servers = await connectServers("mcp.json");

const { response, stopReason, incomplete } = await runToolLoop({
  model: (contents, tools) => ai.models.generateContent({ model: "gemini-3-flash-preview", contents, config: { tools } }),
  adapter,
  servers,
  input: process.argv[2] ?? "What is 2 + 3?",
});
console.log(stopReason === "completed" ? response?.text : `${stopReason}: ${incomplete ?? ""}`);
