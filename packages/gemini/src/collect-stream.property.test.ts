import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collectStream } from "./collect-stream";
import type { GeminiPart, GeminiResponse } from "./gemini-types";

const part: fc.Arbitrary<GeminiPart> = fc.oneof(
  fc.record({ text: fc.string() }),
  fc.record({ text: fc.string(), thought: fc.constant(true) }),
  fc.record({ text: fc.string(), thoughtSignature: fc.base64String({ minLength: 4 }) }),
  fc.record({
    functionCall: fc.record({ name: fc.constantFrom("a", "b"), args: fc.dictionary(fc.string(), fc.jsonValue()) }),
    thoughtSignature: fc.base64String({ minLength: 4 }),
  }),
  fc.record({
    functionCall: fc.record({ name: fc.constantFrom("a", "b"), args: fc.dictionary(fc.string(), fc.jsonValue()) }),
  }),
);
const chunks = fc.array(fc.array(part, { maxLength: 3 }), { maxLength: 8 });
const chunk = (parts: GeminiPart[]): GeminiResponse => ({ candidates: [{ content: { role: "model", parts } }] });
const clean = (value: GeminiPart): GeminiPart => JSON.parse(JSON.stringify(value)) as GeminiPart;

describe("collectStream, on any stream", () => {
  it("keeps the text, the calls and the signatures, each in order, and merges only unsigned text", async () => {
    await fc.assert(
      fc.asyncProperty(chunks, async (stream) => {
        const sent = stream.flat().map(clean);
        const collected = (await collectStream(stream.map(chunk))).candidates[0]?.content.parts ?? [];
        const text = (parts: GeminiPart[], thought: boolean): string =>
          parts
            .filter((p) => p.text !== undefined && (p.thought === true) === thought)
            .map((p) => p.text)
            .join("");
        expect(text(collected, false)).toBe(text(sent, false));
        expect(text(collected, true)).toBe(text(sent, true));
        const signatures = (parts: GeminiPart[]) =>
          parts.flatMap((p) => (p.thoughtSignature ? [p.thoughtSignature] : []));
        expect(signatures(collected)).toEqual(signatures(sent));
        const calls = (parts: GeminiPart[]) => parts.filter((p) => p.functionCall !== undefined);
        expect(calls(collected)).toEqual(calls(sent));
        // Each signed part arrives as it was sent.
        for (const signed of collected.filter((p) => p.thoughtSignature !== undefined)) {
          expect(sent).toContainEqual(signed);
        }
      }),
    );
  });

  it("never throws on chunks of any JSON shape", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue(), { maxLength: 5 }), async (values) => {
        await collectStream(values as GeminiResponse[]);
      }),
    );
  });
});
