import { GoogleGenAI } from "@google/genai";
import type { Content } from "@google/genai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { StdioServerParameters } from "@modelcontextprotocol/sdk/client/stdio.js";
import { responseEnd, responseItems, toolCalls, toolOutput, tools, turnItems, userMessage } from "@x/gemini";
import { buildToolset, toCallToolResult } from "@x/toolset";

/** Answers `question` with a Gemini model whose tools live on an MCP server. */
export async function askGemini(
  question: string,
  ai: GoogleGenAI = new GoogleGenAI({}), // reads GEMINI_API_KEY
  server: StdioServerParameters = { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything", "stdio"] },
): Promise<string> {
  const client = new Client({ name: "my-agent", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ ...server, stderr: "ignore" }));
  try {
    const { toolset } = buildToolset({ everything: (await client.listTools()).tools });
    const prepared = tools(toolset); // a tool Gemini cannot take is in prepared.report.excluded, with why
    const contents: Content[] = [userMessage(question)];
    for (let turn = 1; turn <= 5; turn++) {
      const response = await ai.models.generateContent({
        model: "gemini-3-flash-preview",
        contents,
        config: { tools: prepared.tools },
      });
      // Calls to run, and calls answered already with an error (unknown tool, bad arguments).
      const { calls, rejected } = toolCalls(response, prepared);
      if (calls.length === 0 && rejected.length === 0) {
        const end = responseEnd(response);
        return end === "complete" ? (response.text ?? "") : `(${end.incomplete})`;
      }
      const ran = await Promise.all(
        calls.map(async (call) => {
          const result = await client.callTool({ name: call.toolName, arguments: call.arguments });
          return { index: call.index, output: toolOutput(call, toCallToolResult(result)) };
        }),
      );
      const answers = [...rejected, ...ran].sort((a, b) => a.index - b.index).map((answer) => answer.output);
      // The model's content exactly as it came (thought signatures kept), then ONE content of answers.
      contents.push(...responseItems(response), ...turnItems(answers));
    }
    return "(no answer within 5 turns)";
  } finally {
    await client.close();
  }
}
