// The whole corpus (every real server's tools) in one request: how many tools
// go strict within the request's budget, why each of the others does not,
// and that the stand-in takes the request. Pinned both ways: a changed count
// fails the test.
import { fitRoot, strictSchema } from "@x/strict-schema";
import { checkStrict } from "@x/strict-schema/check";
import { loadCorpus, refuseMessagesRequest } from "@x/testing";
import type { Json } from "@x/testing";
import { buildToolset } from "@x/toolset";
import { describe, expect, it } from "vitest";
import type { AnthropicTool } from "./anthropic-types";
import { tools } from "./tools";

const corpus = loadCorpus();
const { toolset } = buildToolset(corpus.map(({ server, tools: list }) => [server, list] as const));
const countBy = (reasons: readonly string[]) =>
  Object.fromEntries(
    [...new Set(reasons)].sort().map((reason) => [reason, reasons.filter((r) => r === reason).length]),
  );
const accepted = (sent: readonly unknown[]) =>
  refuseMessagesRequest({
    model: "m",
    max_tokens: 1,
    messages: [{ role: "user", content: "hi" }],
    tools: sent as Json,
  });

describe("the corpus in one request", () => {
  it("fills the strict budget and sends every other tool non-strict or reports it", () => {
    const prepared = tools(toolset);
    const sent = prepared.tools as AnthropicTool[];
    const strict = sent.filter((tool) => tool.strict);
    const figures = {
      toolset: toolset.entries.length,
      sent: sent.length,
      strict: strict.length,
      spent: prepared.report.strict.spent,
      fallbacks: countBy(Object.values(prepared.report.fallbacks).map((error) => error.keyword)),
      excluded: countBy(Object.values(prepared.report.excluded).map((error) => error.keyword)),
      wrapped: Object.keys(prepared.report.encoded).filter((name) =>
        prepared.report.encoded[name]!.some((encoding) => encoding.kind === "wrap"),
      ).length,
    };
    expect(figures).toMatchSnapshot();
    for (const tool of strict) expect(checkStrict(tool.input_schema, { target: "anthropic" })).toEqual([]);
    expect(accepted(sent)).toBeUndefined();
  });

  it("under strict: true sends only the strict tools, the budget full, and the request is taken", () => {
    const prepared = tools(toolset, { strict: true });
    expect(prepared.tools.length).toBe(prepared.report.strict.spent.strictTools);
    expect(Object.keys(prepared.report.excluded).length + prepared.tools.length).toBe(toolset.entries.length);
    expect(accepted(prepared.tools)).toBeUndefined();
  });

  it("says, before the budget, how many tools have a strict form, and why the others do not", () => {
    const reasons = toolset.entries.map(({ tool }) => {
      const fitted = fitRoot(tool.inputSchema, { target: "anthropic" });
      if (!fitted.ok) return `no root: ${fitted.error.keyword}`;
      const converted = strictSchema(fitted.schema, { target: "anthropic", encode: true });
      return converted.ok ? "strict" : converted.error.keyword;
    });
    expect(countBy(reasons)).toMatchSnapshot();
  });
});
