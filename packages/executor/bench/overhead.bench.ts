// The overhead of executeToolCalls per call, against calling client.callTool
// directly, over the MCP SDK's in-memory transport (a real McpServer and
// Client). Run with `pnpm bench` (turbo builds first: this measures the built
// packages). Prints a markdown table.
//
// Each side runs the same N calls of an `echo` tool at once:
// - direct: `client.callTool` alone, N at once (the baseline);
// - executeToolCalls: reads the calls from a chat completion with the Chat
//   adapter (parses the JSON arguments), runs them, checks each result,
//   renders each tool message, times each call; with its defaults, and with
//   `concurrency: Infinity` (all N at once, like the baseline);
// - by hand: the same adapter and toolset work written inline around
//   `client.callTool` (toolCalls, toCallToolResult, toolOutput), which is
//   what the executor's own share is measured against.
//
// How: the machine is shared, so the time measured is this process's CPU
// time (`process.cpuUsage`), which other processes' load does not inflate as
// it inflates wall time. The sides run in rounds, each round a block of
// ~2 000 calls per side, and every ratio is the median, over the rounds, of
// the two sides' times in the same round. The rounds go through every order
// of the four sides, so each side follows each other side equally often (a
// rotating order kept "executor" always right after "direct", and a block
// pays for garbage its predecessor left: two sides doing the same work at 1
// call per response measured 6 % apart).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { executeToolCalls } from "@x/executor";
import { adapter, toolCalls, toolOutput } from "@x/openai-chat";
import { buildToolset, toCallToolResult } from "@x/toolset";
import type OpenAI from "openai";
import { z } from "zod";

const SIZES = [1, 10, 100] as const;
const CALLS_PER_BLOCK = 2_000;

const server = new McpServer({ name: "bench", version: "1.0.0" });
server.registerTool("echo", { description: "Echoes its text.", inputSchema: { text: z.string() } }, ({ text }) => ({
  content: [{ type: "text", text }],
}));
const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
await server.connect(serverTransport);
const client = new Client({ name: "bench", version: "1.0.0" });
await client.connect(clientTransport);
const { toolset } = buildToolset({ bench: (await client.listTools()).tools });
const clients = { bench: client };

function completion(n: number): OpenAI.ChatCompletion {
  return {
    id: "chatcmpl-bench",
    object: "chat.completion",
    created: 0,
    model: "bench",
    choices: [
      {
        index: 0,
        finish_reason: "tool_calls",
        logprobs: null,
        message: {
          role: "assistant",
          content: null,
          refusal: null,
          tool_calls: Array.from({ length: n }, (_, i) => ({
            id: `call_${i}`,
            type: "function" as const,
            function: { name: "bench__echo", arguments: '{"text":"hello"}' },
          })),
        },
      },
    ],
  };
}

type Side = () => Promise<unknown>;
const SIDES = ["direct", "executor", "unlimited", "byHand"] as const;
type SideName = (typeof SIDES)[number];

function sides(n: number): { readonly [name in SideName]: Side } {
  const response = completion(n);
  const prepared = adapter.tools(toolset);
  return {
    direct: () =>
      Promise.all(Array.from({ length: n }, () => client.callTool({ name: "echo", arguments: { text: "hello" } }))),
    executor: () => executeToolCalls(response, prepared, clients),
    unlimited: () => executeToolCalls(response, prepared, clients, { concurrency: Infinity }),
    byHand: async () => {
      const { calls } = toolCalls(response, prepared);
      const results = await Promise.all(
        calls.map((call) => client.callTool({ name: call.toolName, arguments: call.arguments })),
      );
      return results.map((result, i) => toolOutput(calls[i]!, toCallToolResult(result)));
    },
  };
}

/** CPU time of this process, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function block(side: Side, runs: number): Promise<number> {
  const start = cpuMs();
  for (let i = 0; i < runs; i++) await side();
  return cpuMs() - start;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

interface Row {
  readonly n: number;
  /** µs of CPU per call, medians over the rounds. */
  readonly perCall: { readonly [name in SideName]: number };
  /** Medians over the rounds of each side's time over the direct time of the same round. */
  readonly ratio: { readonly [name in SideName]: number };
}

/** Every order of `items`. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

// 24 orders, twice: each side runs first, last and after each other side equally often.
const ORDERS = [...permutations(SIDES), ...permutations(SIDES).reverse()];
const ROUNDS = ORDERS.length;

const rows: Row[] = [];
for (const n of SIZES) {
  const side = sides(n);
  const runs = Math.max(1, Math.round(CALLS_PER_BLOCK / n));
  for (const name of SIDES) await block(side[name], runs); // warm-up
  const times: { [name in SideName]: number[] } = { direct: [], executor: [], unlimited: [], byHand: [] };
  for (const order of ORDERS) {
    for (const name of order) times[name].push(await block(side[name], runs));
  }
  const perCall = (name: SideName): number => (median(times[name]) * 1000) / (runs * n);
  const ratio = (name: SideName): number =>
    median(times[name].map((time, round) => time / (times.direct[round] as number)));
  rows.push({
    n,
    perCall: {
      direct: perCall("direct"),
      executor: perCall("executor"),
      unlimited: perCall("unlimited"),
      byHand: perCall("byHand"),
    },
    ratio: { direct: 1, executor: ratio("executor"), unlimited: ratio("unlimited"), byHand: ratio("byHand") },
  });
}

await client.close();
await server.close();

const lines = [
  "| calls per response | `client.callTool` directly | `executeToolCalls` (defaults) | ratio | ratio, `concurrency: " +
    "Infinity` | same work by hand, ratio | executor's own share |",
  "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows
    .map((row) =>
      [
        row.n,
        `${row.perCall.direct.toFixed(1)} µs/call`,
        `${row.perCall.executor.toFixed(1)} µs/call`,
        row.ratio.executor.toFixed(3),
        row.ratio.unlimited.toFixed(3),
        row.ratio.byHand.toFixed(3),
        (row.ratio.unlimited / row.ratio.byHand).toFixed(3),
      ].join(" | "),
    )
    .map((line) => `| ${line} |`),
];
process.stdout.write(
  `${lines.join("\n")}\n\nCPU time of the process; medians over ${ROUNDS} rounds (every order of the sides, twice) ` +
    `of ~${CALLS_PER_BLOCK} calls per side. Node ${process.version}.\n`,
);
