// The scripted model speaking Gemini, through @x/gemini's collectStream (what
// the conversation uses for the real client's chunks), with requests written
// as the function-calling and thought-signature docs show them.
import type { Content, FunctionDeclaration } from "@google/genai";
import { collectStream } from "@x/gemini";
import { describe, expect, it } from "vitest";
import { scriptedClient } from "./scripted-client";

const declarations: FunctionDeclaration[] = [
  {
    name: "demo__divide",
    description: "Divide two numbers.",
    parametersJsonSchema: {
      type: "object",
      properties: { dividend: { type: "number" }, divisor: { type: "number" } },
      required: ["dividend", "divisor"],
    },
  },
  {
    name: "demo__plot_bars",
    description: "Plot numbers as bars.",
    parametersJsonSchema: {
      type: "object",
      properties: { values: { type: "array", items: { type: "number" } } },
      required: ["values"],
    },
  },
];
const tools = [{ functionDeclarations: declarations }];
const MESSAGE = "Divide 84 by 2 and plot 3 1 4 as bars";
const ask = (contents: Content[]) =>
  scriptedClient.models.generateContentStream({ model: "scripted", contents, config: { tools } });

/** The model's first turn for MESSAGE, collected. */
async function firstTurn(): Promise<Content> {
  const response = await collectStream(await ask([{ role: "user", parts: [{ text: MESSAGE }] }]));
  return response.candidates[0]?.content as Content;
}

describe("the scripted model in Gemini", () => {
  it("streams its text in pieces, then each call whole, the first one signed, and finishes with STOP", async () => {
    const chunks: unknown[] = [];
    const deltas: string[] = [];
    const stream = await ask([{ role: "user", parts: [{ text: MESSAGE }] }]);
    const response = await collectStream(
      (async function* () {
        for await (const chunk of stream) yield (chunks.push(chunk), chunk);
      })(),
      { onDelta: (delta) => deltas.push(delta.delta) },
    );
    const candidate = response.candidates[0];
    expect(candidate?.finishReason).toBe("STOP");
    expect(deltas.length).toBeGreaterThan(3);
    const [text, divide, plot] = candidate?.content.parts ?? [];
    expect(text?.text).toContain("I'll call demo__divide and demo__plot_bars at once");
    expect(divide?.functionCall).toEqual({ name: "demo__divide", args: { dividend: 84, divisor: 2 } });
    expect(plot?.functionCall).toEqual({ name: "demo__plot_bars", args: { values: [3, 1, 4] } });
    // Gemini 3 signs the first call of a turn only (https://ai.google.dev/gemini-api/docs/thought-signatures).
    expect(typeof divide?.thoughtSignature).toBe("string");
    expect(plot?.thoughtSignature).toBeUndefined();
    expect(chunks.length).toBe(deltas.length + 3);
  });

  it("reads the function responses (an error, an image) and answers citing them", async () => {
    const model = await firstTurn();
    const answers: Content = {
      role: "user",
      parts: [
        { functionResponse: { name: "demo__divide", response: { error: "Cannot divide 84 by two today." } } },
        {
          functionResponse: {
            name: "demo__plot_bars",
            response: { output: "A chart." },
            parts: [{ inlineData: { mimeType: "image/png", data: "AAAA" } }],
          },
        },
      ],
    };
    const retry = await collectStream(await ask([{ role: "user", parts: [{ text: MESSAGE }] }, model, answers]));
    const parts = retry.candidates[0]?.content.parts ?? [];
    expect(parts[0]?.text).toContain("demo__divide failed: “Cannot divide 84 by two today.”");
    expect(parts.flatMap((part) => (part.functionCall === undefined ? [] : [part.functionCall]))).toEqual([
      { name: "demo__divide", args: { dividend: 8, divisor: 8 } },
    ]);
    // A turn without calls: its signature comes in a last chunk, on an empty text part kept apart.
    const done = await collectStream(
      await ask([
        { role: "user", parts: [{ text: MESSAGE }] },
        model,
        answers,
        retry.candidates[0]?.content as Content,
        { role: "user", parts: [{ functionResponse: { name: "demo__divide", response: { output: "1" } } }] },
      ]),
    );
    const [answer, signed] = done.candidates[0]?.content.parts ?? [];
    expect(answer?.text).toBe(
      "Here is what the tools said:\n" +
        "- demo__divide failed: “Cannot divide 84 by two today.” Then, with the example: demo__divide returned “1”.\n" +
        "- demo__plot_bars returned “A chart.” and an image (shown with the call).",
    );
    expect(signed).toEqual({ text: "", thoughtSignature: expect.any(String) as string });
  });

  it.each([
    ["lost", (parts: Content["parts"] & object) => parts.map(({ thoughtSignature: _dropped, ...part }) => part)],
    [
      "moved to another call",
      (parts: Content["parts"] & object) =>
        parts.map((part, at) => ({ ...part, thoughtSignature: parts[at - 1]?.thoughtSignature })),
    ],
  ])("refuses, as Gemini 3 does, a replayed call turn whose signature was %s", async (_how, change) => {
    const model = await firstTurn();
    const replayed: Content = { role: "model", parts: change(model.parts ?? []) };
    const answers: Content = {
      role: "user",
      parts: [
        { functionResponse: { name: "demo__divide", response: { output: "42" } } },
        { functionResponse: { name: "demo__plot_bars", response: { output: "A chart." } } },
      ],
    };
    await expect(ask([{ role: "user", parts: [{ text: MESSAGE }] }, replayed, answers])).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("missing a thought_signature") as string,
    });
  });
});
