import OpenAI from "openai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { runToolLoop } from "@x/executor";
import { adapter } from "@x/openai-responses";
import { buildToolset } from "@x/toolset";

const openai = new OpenAI();
const client = new Client({ name: "my-agent", version: "1.0.0" });
await client.connect(
  // stderr: "ignore" keeps the server's start-up banner out of your console.
  new StdioClientTransport({
    command: "npx",
    args: ["-y", "@modelcontextprotocol/server-everything", "stdio"],
    stderr: "ignore",
  }),
);
const { toolset } = buildToolset({ everything: (await client.listTools()).tools });

const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "What is 2 + 3? Use the tool." }];
const { response, input: transcript } = await runToolLoop({
  model: (items, tools, { signal }) =>
    openai.responses.create({ model: "gpt-5-mini", input: items, tools }, { signal }),
  adapter,
  servers: { toolset, clients: { everything: client } },
  input,
});
console.log(response?.output_text);
// The transcript is a ResponseInput: it goes into the next request as it is.
await openai.responses.create({ model: "gpt-5-mini", input: [...transcript, { role: "user", content: "And 3 + 4?" }] });
await client.close();
