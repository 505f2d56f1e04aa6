// The whole corpus (every real server's tools) in one request: how many tools
// go strict within the request's budget, why each of the others does not,
// and that the stand-in takes the request. Pinned both ways: a changed count
// fails the test.
import { loadCorpus, refuseMessagesRequest, strictRefusal } from "@x/testing";
import type { Json } from "@x/testing";
import { buildToolset } from "@x/toolset";
import { describe, expect, it } from "vitest";
import type { AnthropicTool } from "./anthropic-types";
import { anthropicStrictSchema, fitRoot } from "./anthropic-schema";
import { tools } from "./tools";

const corpus = loadCorpus();
const { toolset } = buildToolset(corpus.map(({ server, tools: list }) => [server, list] as const));
const countBy = (reasons: readonly string[]) =>
  Object.fromEntries(
    [...new Set(reasons)].sort().map((reason) => [reason, reasons.filter((r) => r === reason).length]),
  );

describe("the corpus in one request", () => {
  const prepared = tools(toolset);
  const sent = prepared.tools as AnthropicTool[];

  it("fills the strict budget and sends every other tool non-strict or reports it", () => {
    const strict = sent.filter((tool) => tool.strict);
    const figures = {
      toolset: toolset.entries.length,
      sent: sent.length,
      strict: strict.length,
      spent: prepared.report.strict,
      fallbacks: countBy(Object.values(prepared.report.fallbacks).map((error) => error.keyword)),
      excluded: countBy(Object.values(prepared.report.excluded).map((error) => error.keyword)),
    };
    expect(figures).toMatchSnapshot();
    for (const tool of strict) expect(strictRefusal(tool.input_schema as Json)).toBeUndefined();
    const request = { model: "m", max_tokens: 1, messages: [{ role: "user", content: "hi" }], tools: sent };
    expect(refuseMessagesRequest(request as unknown as Json)).toBeUndefined();
  });

  it("says, before the budget, how many tools have a strict form", () => {
    const reasons = toolset.entries.map(({ tool }) => {
      const fitted = fitRoot(tool.inputSchema);
      if (!fitted.ok) return `root: ${fitted.error.keyword}`;
      const converted = anthropicStrictSchema(fitted.schema);
      return converted.ok ? "strict" : converted.error.keyword;
    });
    expect(countBy(reasons)).toMatchSnapshot();
  });
});
