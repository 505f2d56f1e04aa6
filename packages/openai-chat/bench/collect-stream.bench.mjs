// `pnpm bench`: what collectStream costs per chunk, on the BUILT package, for a long answer streamed with
// `logprobs: true` (one token and one logprob per chunk): 10 000 chunks against 100 000. Time linear in the
// chunks gives the same cost per chunk at both sizes; copying the logprobs so far at each chunk would make the
// larger stream's cost per chunk ten times the smaller's.
// Prints a markdown table of the median time per stream and per chunk.
import { existsSync } from "node:fs";
import process from "node:process";
import { URL } from "node:url";
import { Bench } from "tinybench";

const dist = new URL("../dist/index.js", import.meta.url);
if (!existsSync(dist)) {
  process.stderr.write("bench: dist/index.js is missing; run `pnpm build` first (turbo does it for `pnpm bench`).\n");
  process.exit(1);
}
const { collectStream } = await import(dist.href);

const stream = (length) =>
  Array.from({ length }, (_, n) => ({
    id: "chatcmpl-bench",
    object: "chat.completion.chunk",
    created: 0,
    model: "bench",
    choices: [
      {
        index: 0,
        delta: { content: "a" },
        finish_reason: n === length - 1 ? "stop" : null,
        logprobs: { content: [{ token: "a", logprob: -0.5, bytes: [97], top_logprobs: [] }], refusal: null },
      },
    ],
  }));
const SIZES = [10_000, 100_000];
const streams = SIZES.map(stream);

let sink = 0;
const bench = new Bench({ time: 2000, warmupTime: 500 });
SIZES.forEach((size, index) =>
  bench.add(`${size} chunks`, async () => {
    sink ^= (await collectStream(streams[index])).choices[0].logprobs.content.length;
  }),
);
await bench.run();
const ms = (task) => task.result.latency.p50;
const perChunk = (index) => (ms(bench.tasks[index]) * 1000) / SIZES[index];
const lines = [
  "| collectStream, one logprob per chunk | median per stream | per chunk |",
  "|---|---:|---:|",
  ...SIZES.map(
    (size, index) =>
      `| ${size.toLocaleString("en")} chunks | ${ms(bench.tasks[index]).toFixed(1)} ms | ${perChunk(index).toFixed(2)} µs |`,
  ),
  "",
  `Cost per chunk, 100 000 against 10 000: ${(perChunk(1) / perChunk(0)).toFixed(2)}× (linear: about 1×).`,
];
process.stdout.write(`${lines.join("\n")}\n`);
if (sink === -1) process.stdout.write("\n");
