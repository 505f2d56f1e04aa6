// `pnpm bench` (second part): what restoring a model's arguments costs per call,
// restoreArguments with a tool's plan beside stripNulls with its null paths
// alone, on the BUILT package, for calls shaped like the corpus's encoded tools:
//   - a tool without encodings (restoreArguments does stripNulls' work),
//   - a map of 10 headers sent as entries (firecrawl_crawl's webhookHeaders),
//   - a free-form object sent as 1 KB of JSON text (kubernetes install_helm_chart's values),
//   - an object with an open rest (notion's sort).
// Prints a markdown table of the median time per call.
import { existsSync } from "node:fs";
import process from "node:process";
import { URL } from "node:url";
import { Bench } from "tinybench";

const dist = new URL("../dist/index.js", import.meta.url);
if (!existsSync(dist)) {
  process.stderr.write("bench: dist/index.js is missing; run `pnpm build` first (turbo does it for `pnpm bench`).\n");
  process.exit(1);
}
const { restoreArguments, strictSchema, stripNulls } = await import(dist.href);
const { encodeArguments } = await import(new URL("../dist/encode.js", import.meta.url).href);

const plan = (schema) => {
  const result = strictSchema(schema, { encode: true });
  if (!result.ok) throw new Error(result.error.message);
  return { nullPaths: result.nullPaths, encodings: result.encodings };
};
const values = Object.fromEntries(
  Array.from({ length: 40 }, (_, index) => [
    `key${index}`,
    { replicas: index, image: `app:${index}`, env: [`A=${index}`] },
  ]),
);
const cases = [
  [
    "no encodings (3 null paths)",
    plan({
      type: "object",
      properties: {
        q: { type: "string" },
        limit: { type: "integer" },
        page: { type: "integer" },
        tags: { type: "array", items: { type: "object", properties: { k: { type: "string" } } } },
      },
      required: ["q"],
    }),
    { q: "cats", tags: [{ k: "a" }, {}] },
  ],
  [
    "a map of 10 headers as entries",
    plan({
      type: "object",
      properties: { url: { type: "string" }, headers: { type: "object", additionalProperties: { type: "string" } } },
      required: ["url"],
    }),
    {
      url: "https://example.com",
      headers: Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`x-header-${index}`, `value ${index}`])),
    },
  ],
  [
    "a free-form object as 1 KB of JSON text",
    plan({
      type: "object",
      properties: { chart: { type: "string" }, values: { type: "object" } },
      required: ["chart"],
    }),
    { chart: "web", values: Object.fromEntries(Object.entries(values).slice(0, 20)) },
  ],
  [
    "an object with an open rest",
    plan({
      type: "object",
      properties: {
        sort: {
          type: "object",
          properties: { direction: { type: "string" }, timestamp: { type: "string" } },
          additionalProperties: true,
        },
      },
    }),
    { sort: { direction: "ascending", timestamp: "last_edited_time", extra: 1 } },
  ],
].map(([name, casePlan, value]) => [name, casePlan, JSON.parse(JSON.stringify(encodeArguments(value, casePlan)))]);

let sink = 0;
const bench = new Bench({ time: 400, warmupTime: 200 });
for (const [name, casePlan, args] of cases) {
  bench.add(`restoreArguments: ${name}`, () => {
    sink ^= restoreArguments(args, casePlan).ok ? 1 : 0;
  });
  bench.add(`stripNulls: ${name}`, () => {
    sink ^= stripNulls(args, casePlan.nullPaths) === args ? 1 : 0;
  });
}
await bench.run();
const us = (task) => task.result.latency.p50 * 1000;
const lines = [
  "| arguments of one call | restoreArguments (plan) | stripNulls (null paths only) |",
  "|---|---:|---:|",
  ...cases.map(
    ([name], index) =>
      `| ${name} | ${us(bench.tasks[2 * index]).toFixed(2)} µs | ${us(bench.tasks[2 * index + 1]).toFixed(2)} µs |`,
  ),
];
process.stdout.write(`${lines.join("\n")}\n`);
if (sink === -1) process.stdout.write("\n");
