// `pnpm bench`: what the inputs a model or a server controls cost, on the BUILT package.
//   - Client-side tool search over all of corpus/ (352 tools, every one deferred), through toolCalls: a query
//     of 5 words, queries at the caps (32 words; 500 characters), one over them (refused, reason given), and
//     a query of 0.69 MB (refused by its length before any searching).
//   - collectStream: a recorded stream (a message and 8 parallel calls, 110 events), the same with one item
//     at output_index 2^32 − 2 (left out), and with one item nested 100 000 levels deep (collected, not copied).
// Prints a markdown table of the median time per call.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import process from "node:process";
import { URL } from "node:url";
import { Bench } from "tinybench";

const dist = new URL("../dist/index.js", import.meta.url);
if (!existsSync(dist)) {
  process.stderr.write("bench: dist/index.js is missing; run `pnpm build` first (turbo does it for `pnpm bench`).\n");
  process.exit(1);
}
const { collectStream, toolCalls, tools } = await import(dist.href);
const { buildToolset } = await import("@x/toolset");

const corpusDirectory = new URL("../../../corpus/", import.meta.url);
const servers = readdirSync(corpusDirectory)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => [file.slice(0, -".json".length), JSON.parse(readFileSync(new URL(file, corpusDirectory))).tools]);
const { toolset } = buildToolset(servers);
const prepared = tools(toolset, { namespaces: true, deferLoading: true, toolSearch: "client" });

const search = (query) => {
  const call = { type: "tool_search_call", call_id: "ts_1", arguments: { query }, execution: "client" };
  return toolCalls([call], prepared).searches[0];
};
const words = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const searches = [
  ["5 words: create a GitHub issue", "create a GitHub issue"],
  ["32 words (the word cap)", words(32)],
  ["500 characters, 1 word (the length cap)", "x".repeat(500)],
  ["33 words (refused)", words(33)],
  ["0.69 MB, 100 000 words (refused)", Array.from({ length: 100_000 }, (_, n) => `w${n}`).join(" ")],
];
for (const [name, query] of searches) {
  const answer = search(query);
  const refused = answer.reason !== undefined;
  if (refused !== name.endsWith("(refused)")) throw new Error(`bench: ${name}: ${answer.reason ?? "searched"}`);
}

// A recorded stream: a message, then 8 function calls whose argument deltas interleave.
const CALLS = 8;
const call = (n, status, args) => ({
  type: "function_call",
  id: `fc_${n}`,
  call_id: `call_${n}`,
  name: "filesystem__read_text_file",
  arguments: args,
  status,
});
const ARGS = '{"path":"/tmp/a.txt"}';
const message = { type: "message", id: "msg_1", role: "assistant", status: "completed", content: [] };
const events = [
  { type: "response.created", response: { id: "resp_1", object: "response", status: "in_progress", output: [] } },
  { type: "response.output_item.added", output_index: 0, item: { ...message, status: "in_progress" } },
  {
    type: "response.content_part.added",
    output_index: 0,
    content_index: 0,
    part: { type: "output_text", text: "", annotations: [] },
  },
  ...["Reading ", "all ", "files."].map((delta) => ({
    type: "response.output_text.delta",
    output_index: 0,
    content_index: 0,
    delta,
  })),
  ...Array.from({ length: CALLS }, (_, n) => ({
    type: "response.output_item.added",
    output_index: n + 1,
    item: call(n, "in_progress", ""),
  })),
  ...[...ARGS].flatMap((_, at) =>
    at % 2 === 0
      ? Array.from({ length: CALLS }, (__, n) => ({
          type: "response.function_call_arguments.delta",
          output_index: n + 1,
          delta: ARGS.slice(at, at + 2),
        }))
      : [],
  ),
  ...Array.from({ length: CALLS }, (_, n) => ({
    type: "response.output_item.done",
    output_index: n + 1,
    item: call(n, "completed", ARGS),
  })),
];
let deep = {};
for (let level = 0; level < 100_000; level++) deep = { a: deep };
const streams = [
  ["the recorded stream", events],
  ["+ an item at output_index 2^32 − 2", [...events, { ...events.at(-1), output_index: 2 ** 32 - 2 }]],
  [
    "+ an item nested 100 000 levels deep",
    [...events, { type: "response.output_item.done", output_index: CALLS + 1, item: { type: "reasoning", deep } }],
  ],
];
for (const [name, streamed] of streams) {
  const response = await collectStream(streamed);
  const ran = toolCalls(response, prepared).calls.length;
  if (ran !== CALLS) throw new Error(`bench: ${name}: ${ran} calls`);
}

let sink = 0;
const bench = new Bench({ time: 1000, warmupTime: 200 });
for (const [name, query] of searches) bench.add(`search: ${name}`, () => (sink ^= search(query).found.length));
for (const [name, streamed] of streams) {
  bench.add(`collectStream: ${name}`, async () => (sink ^= (await collectStream(streamed)).output.length));
}
await bench.run();
const ms = (task) => task.result.latency.p50;
const row = (task, name) => `| ${name} | ${ms(task).toFixed(3)} ms |`;
const lines = [
  `| client-side tool search over ${toolset.entries.length} tools (toolCalls) | median |`,
  "|---|---:|",
  ...searches.map(([name], index) => row(bench.tasks[index], name)),
  "",
  `| collectStream (${events.length} events) | median |`,
  "|---|---:|",
  ...streams.map(([name], index) => row(bench.tasks[searches.length + index], name)),
];
process.stdout.write(`${lines.join("\n")}\n`);
if (sink === -1) process.stdout.write("\n");
