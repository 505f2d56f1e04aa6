// `pnpm bench`: how long rewriting every inputSchema of the corpus takes with
// the BUILT package (dist/, what users install), for each target side by side
// in one run, against
//   (a) a JSON.parse(JSON.stringify()) copy of the same schemas, the floor any
//       rewrite that returns a fresh object is measured against, and
//   (b) the OpenAI Agents SDK's mcpToFunctionTool(tool, server, true), which
//       converts MCP tools with strict mode on,
// with each side's conversion count. Prints a markdown table: each figure against
// the JSON copy, and each target against openai with the same options.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import process from "node:process";
import { URL } from "node:url";
import { mcpToFunctionTool } from "@openai/agents-core";
import { Bench } from "tinybench";

const dist = new URL("../dist/index.js", import.meta.url);
if (!existsSync(dist)) {
  process.stderr.write("bench: dist/index.js is missing; run `pnpm build` first (turbo does it for `pnpm bench`).\n");
  process.exit(1);
}
const { strictSchema } = await import(dist.href);
const { checkStrict } = await import(new URL("../dist/check.js", import.meta.url).href);

const corpusDir = new URL("../../../corpus/", import.meta.url);
const files = readdirSync(corpusDir)
  .filter((file) => file.endsWith(".json"))
  .sort();
const tools = files.flatMap((file) => JSON.parse(readFileSync(new URL(file, corpusDir), "utf8")).tools);
const schemas = tools.map((tool) => tool.inputSchema);
const peerVersion = JSON.parse(
  readFileSync(new URL("../node_modules/@openai/agents-core/package.json", import.meta.url), "utf8"),
).version;

// The peer reports each fallback to non-strict with console.warn; printing 50
// warnings per pass would time the terminal, not the converter.
const { console } = globalThis;
const warn = console.warn;
const quiet = (run) => {
  console.warn = () => {};
  try {
    return run();
  } finally {
    console.warn = warn;
  }
};

// The machine may be shared: instead of one long run per task (where a burst
// of load lands on one side), ROUNDS short rounds alternate the four tasks and
// each figure is the median over rounds of that round's median.
const ROUNDS = 7;
const ENCODE = { encode: true };
const TARGETS = ["anthropic", "gemini", "gemini-openapi"];
let sink = 0;
const tasks = [
  [
    "JSON.parse(JSON.stringify())",
    () => {
      for (const schema of schemas) sink ^= JSON.parse(JSON.stringify(schema)) === undefined ? 1 : 0;
    },
  ],
  [
    "strictSchema (@x/strict-schema)",
    () => {
      for (const schema of schemas) sink ^= strictSchema(schema).ok ? 1 : 0;
    },
  ],
  [
    "strictSchema(…, { encode: true })",
    () => {
      for (const schema of schemas) sink ^= strictSchema(schema, ENCODE).ok ? 1 : 0;
    },
  ],
  ...TARGETS.map((target) => {
    const options = { target, encode: true };
    return [
      `strictSchema(…, { target: "${target}", encode: true })`,
      () => {
        for (const schema of schemas) sink ^= strictSchema(schema, options).ok ? 1 : 0;
      },
    ];
  }),
  [
    `mcpToFunctionTool (@openai/agents-core ${peerVersion})`,
    () => {
      quiet(() => {
        for (const tool of tools) {
          try {
            sink ^= mcpToFunctionTool(tool, { name: "server" }, true).strict ? 1 : 0;
          } catch {
            sink ^= 2;
          }
        }
      });
    },
  ],
];
const rounds = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const bench = new Bench({ time: 400, warmupTime: round === 0 ? 500 : 100, iterations: 10 });
  for (const [name, run] of tasks) bench.add(name, run);
  await bench.run();
  rounds.push(
    bench.tasks.map((task) => {
      const result = task.result;
      if (result === undefined || !("latency" in result))
        throw new Error(`bench: ${task.name} did not finish (${result?.state})`);
      return { median: result.latency.p50, samples: result.latency.samplesCount };
    }),
  );
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const stats = tasks.map(([name], index) => ({
  name,
  median: median(rounds.map((round) => round[index].median)),
  low: Math.min(...rounds.map((round) => round[index].median)),
  high: Math.max(...rounds.map((round) => round[index].median)),
  ratio: median(rounds.map((round) => round[index].median / round[0].median)),
  // (a target against openai with encode, the same options, in the same round)
  vsOpenai: median(rounds.map((round) => round[index].median / round[2].median)),
  samples: rounds.reduce((sum, round) => sum + round[index].samples, 0),
}));
// Counts, after the timed loops: run before them, the counting kept every
// result alive, and V8 then allocated the rewriter's objects in old space
// (allocation-site pretenuring) during the timed rounds, which slowed the
// rewrite, and encode most, by 20-60 % in this process alone.
const ours = schemas.map((schema) => strictSchema(schema));
const oursConverted = ours.filter((result) => result.ok);
const oursAccepted = oursConverted.filter((result) => checkStrict(result.schema).length === 0).length;
const encoded = schemas.map((schema) => strictSchema(schema, { encode: true }));
const encodedConverted = encoded.filter((result) => result.ok);
const encodedAccepted = encodedConverted.filter((result) => checkStrict(result.schema).length === 0).length;
const encodedTools = encodedConverted.filter((result) => result.encodings.length > 0).length;
const targetCounts = TARGETS.map((target) => {
  const results = schemas.map((schema) => strictSchema(schema, { target, encode: true }));
  const converted = results.filter((result) => result.ok);
  const accepted = converted.filter((result) => checkStrict(result.schema, { target }).length === 0).length;
  const described = converted.filter((result) => result.described.length > 0).length;
  return (
    `${converted.length} / ${schemas.length} converted (${described} with constraints described); ` +
    `${accepted} pass checkStrict({ target: "${target}" })`
  );
});
const peer = quiet(() =>
  tools.map((tool) => {
    try {
      return mcpToFunctionTool(tool, { name: "server" }, true);
    } catch {
      return undefined;
    }
  }),
);
const peerStrict = peer.filter((tool) => tool?.strict === true);
const peerThrew = peer.filter((tool) => tool === undefined).length;
const peerReasons = peerStrict.map((tool) => checkStrict(tool.parameters));
const peerAccepted = peerReasons.filter((reasons) => reasons.length === 0).length;
// Whether OpenAI refuses a root "$schema" is the least documented of the rules
// checkStrict applies, so say what the count would be without it.
const peerAcceptedButSchema = peerReasons.filter((reasons) =>
  reasons.every((reason) => reason.keyword === "$schema"),
).length;

const [, rewrite, withEncode] = stats;
const converter = stats.at(-1);
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const count = [
  "—",
  `${oursConverted.length} / ${schemas.length} converted; ${oursAccepted} pass checkStrict`,
  `${encodedConverted.length} / ${schemas.length} converted (${encodedTools} with encodings); ` +
    `${encodedAccepted} pass checkStrict`,
  ...targetCounts,
  `${peerStrict.length} / ${tools.length} \`strict: true\`${
    peerThrew > 0 ? `, ${peerThrew} threw` : ""
  }; ${peerAccepted} pass checkStrict (${peerAcceptedButSchema} if \`$schema\` were allowed)`,
];
const cpus = os.cpus();
const lines = [
  `Corpus: ${schemas.length} tools from ${files.length} servers (corpus/*.json); one pass = every schema once.`,
  `Machine: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, ` +
    `${os.platform()} ${os.arch()}, Node ${process.version}.`,
  `Median over ${ROUNDS} alternating rounds of each round's median (400 ms per task per round; ` +
    `${stats.map((task) => task.samples).join(" / ")} samples).`,
  "",
  "| per corpus pass | median | range over rounds | vs JSON round trip | vs openai (encode) | conversions |",
  "|---|---:|---:|---:|---:|---|",
  ...stats.map(
    (task, index) =>
      `| ${task.name} | ${ms(task.median)} | ${ms(task.low)} – ${ms(task.high)} | ${task.ratio.toFixed(2)}× | ${
        index >= 2 && index < 2 + 1 + TARGETS.length ? `${task.vsOpenai.toFixed(2)}×` : "—"
      } | ${count[index]} |`,
  ),
  "",
  `strictSchema takes ${rewrite.ratio.toFixed(2)}× the time of a JSON round trip (${withEncode.ratio.toFixed(2)}× ` +
    `with encode); mcpToFunctionTool takes ${converter.ratio.toFixed(1)}× ` +
    `(${(converter.ratio / rewrite.ratio).toFixed(0)}× strictSchema's).`,
];
process.stdout.write(`${lines.join("\n")}\n`);
if (sink === -1) process.stdout.write("\n");
