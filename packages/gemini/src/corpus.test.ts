// Every tool of the corpus (real MCP servers' tool lists, ../../corpus) in
// both schema forms: each is declared or left out with a path and keyword,
// and the request holding every declaration passes the stand-in's checks (the
// API's refusals). The figures (accepted as listed, rewritten, left out) are
// the README's.
import { GoogleGenAI } from "@google/genai";
import { loadCorpus, refuseGeminiRequest, startGeminiServer } from "@x/testing";
import type { Json } from "@x/testing";
import { strictSchema } from "@x/strict-schema";
import { buildToolset } from "@x/toolset";
import type { ToolSources } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { tools } from "./tools";
import type { SchemaForm } from "./lower-schema";

const corpus = loadCorpus();
const sources: ToolSources = corpus.map(({ server, tools: listed }) => [server, listed] as const);
const { toolset } = buildToolset(sources);

/** JSON with every object's keys in code-unit order: equal schemas give equal text whatever their key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "object" && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

function figures(form: SchemaForm) {
  const prepared = tools(toolset, { schema: form });
  const declarations = prepared.tools[0]?.functionDeclarations ?? [];
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  let accepted = 0;
  let rewritten = 0;
  for (const entry of toolset.entries) {
    const declaration = byName.get(prepared.report.renamed[entry.name] ?? entry.name);
    if (declaration === undefined) continue;
    const sent = form === "json" ? declaration.parametersJsonSchema : declaration.parameters;
    // The root `$schema` names a dialect; dropping it changes nothing a model or a server reads.
    const { $schema: _dialect, ...listed } = entry.tool.inputSchema;
    if (canonical(sent) === canonical(listed)) accepted++;
    else rewritten++;
  }
  const excluded = Object.entries(prepared.report.excluded).map(
    ([name, error]) => `${name}: ${error.keyword} at ${error.path.join("/")}`,
  );
  return { prepared, declarations, accepted, rewritten, excluded };
}

// The Gemini targets of @x/strict-schema give each result its `plan`; the figures below are theirs.
const targets = "plan" in strictSchema({ type: "object" }, { target: "gemini" } as object);

describe.each(["json", "openapi"] as const)("the corpus in the %s form", (form) => {
  const { prepared, declarations, accepted, rewritten, excluded } = figures(form);

  it("declares every tool or leaves it out with the path and keyword that has no Gemini form", () => {
    expect(accepted + rewritten + excluded.length).toBe(toolset.entries.length);
    expect(declarations).toHaveLength(accepted + rewritten);
    for (const error of Object.values(prepared.report.excluded)) {
      expect(error.keyword).not.toBe("");
      expect(Array.isArray(error.path)).toBe(true);
    }
  });

  it.runIf(targets)("sends a request the API takes, every declaration at once", () => {
    const body = { contents: [{ role: "user", parts: [{ text: "Hi." }] }], tools: prepared.tools } as unknown as Json;
    expect(refuseGeminiRequest(body, new Map(), true)).toBeUndefined();
  });

  it.runIf(targets)("goes through @google/genai (which rewrites `parameters` on its way) and is taken", async () => {
    const api = await startGeminiServer(() => ({ parts: [{ text: "Hi." }] }));
    try {
      const ai = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: api.baseUrl } });
      // A fresh copy: the SDK rewrites a declaration's `parameters` in place.
      const sent = tools(toolset, { schema: form }).tools;
      await ai.models.generateContent({ model: "gemini-3-flash-preview", contents: "Hi.", config: { tools: sent } });
      expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200]);
    } finally {
      await api.close();
    }
  });

  it.runIf(targets)("accepts, rewrites and leaves out what the README says", () => {
    expect({ tools: toolset.entries.length, accepted, rewritten, excluded }).toMatchSnapshot();
  });
});
