// `pnpm bench`: what collectStream costs per chunk, on the BUILT package, for a long answer streamed with
// `logprobs: true` (one token and one logprob per chunk), at 10 000, 100 000 and 300 000 chunks. Time linear in
// the chunks gives about the same cost per chunk at every size; copying the logprobs so far at each chunk would
// multiply it by the size (ten times at ten times the chunks).
// How: the machine is shared, so the time measured is this process's CPU time (`process.cpuUsage`), which other
// processes' load does not inflate as it inflates wall time; each size runs 9 rounds after a warm-up, and the
// median round counts. Prints a markdown table.
import { existsSync } from "node:fs";
import process from "node:process";
import { URL } from "node:url";

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

const SIZES = [10_000, 100_000, 300_000];
const ROUNDS = 9;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const perChunk = [];
for (const size of SIZES) {
  const chunks = stream(size);
  await collectStream(chunks);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.cpuUsage();
    const completion = await collectStream(chunks);
    const used = process.cpuUsage(start);
    if (completion.choices[0].logprobs.content.length !== size) throw new Error("bench: logprobs lost");
    rounds.push((used.user + used.system) / size);
  }
  perChunk.push(median(rounds));
}
const lines = [
  "| collectStream, one logprob per chunk | CPU time per chunk (median) | against 10 000 chunks |",
  "|---|---:|---:|",
  ...SIZES.map((size, index) => {
    const ratio = `${(perChunk[index] / perChunk[0]).toFixed(2)}×`;
    return `| ${size.toLocaleString("en")} chunks | ${perChunk[index].toFixed(2)} µs | ${ratio} |`;
  }),
];
process.stdout.write(`${lines.join("\n")}\n`);
