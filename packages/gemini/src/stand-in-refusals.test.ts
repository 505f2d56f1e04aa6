// The stand-in refuses what the Gemini API refuses (the rules and their
// sources are in @x/testing's gemini-request.ts): each case here sends, through
// the official client, a request the API would refuse, and checks the 400.
import { ApiError, GoogleGenAI } from "@google/genai";
import type { Content, Tool } from "@google/genai";
import { startGeminiServer } from "@x/testing";
import type { GeminiServer } from "@x/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let api: GeminiServer;
let ai: GoogleGenAI;

beforeAll(async () => {
  api = await startGeminiServer(() => ({
    parts: [{ functionCall: { id: "a", name: "f", args: {} } }, { functionCall: { id: "b", name: "g", args: {} } }],
  }));
  ai = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: api.baseUrl } });
});

afterAll(() => api.close());

const declare = (declaration: object): Tool[] => [{ functionDeclarations: [{ name: "f", ...declaration }] }];
const ask = (contents: Content[], tools: Tool[] = declare({})) =>
  ai.models.generateContent({ model: "gemini-3-flash-preview", contents, config: { tools } });
const refusal = async (request: Promise<unknown>): Promise<string> => {
  const error = await request.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(400);
  return (JSON.parse((error as ApiError).message) as { error: { message: string; status: string } }).error.message;
};
const user: Content = { role: "user", parts: [{ text: "Go." }] };

/** One turn of the model (two calls, a signature on the first), as the stand-in gave it. */
async function modelTurn(): Promise<Content> {
  const response = await ask([user], declare({}).concat([{ functionDeclarations: [{ name: "g" }] }]));
  return response.candidates![0]!.content!;
}
const answers = (...ids: string[]): Content => ({
  role: "user",
  parts: ids.map((id) => ({ functionResponse: { id, name: id === "a" ? "f" : "g", response: { output: "ok" } } })),
});

describe("the stand-in Gemini API refuses what the API refuses", () => {
  it("a function name outside Gemini's rule", async () => {
    expect(await refusal(ask([user], declare({ name: "1abc" })))).toContain(
      "tools[0].function_declarations[0].name: [FIELD_INVALID] Invalid function name.",
    );
  });

  it("a field the OpenAPI subset of parameters does not have", async () => {
    const parameters = { type: "OBJECT", properties: { a: { type: "STRING", const: "x" } } };
    expect(await refusal(ask([user], declare({ parameters })))).toBe(
      'Invalid JSON payload received. Unknown name "const" at ' +
        "'tools[0].function_declarations[0].parameters.properties[0].value': Cannot find field.",
    );
  });

  it("a $ref with sibling keywords in parametersJsonSchema", async () => {
    const parametersJsonSchema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A", type: "string" } },
      $defs: { A: { type: "string" } },
    };
    expect(await refusal(ask([user], declare({ parametersJsonSchema })))).toContain(
      "$ref 'A' was set alongside unsupported fields",
    );
  });

  it("but a $ref with only a description beside it", async () => {
    const parametersJsonSchema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A", description: "an A" } },
      $defs: { A: { type: "string" } },
    };
    await expect(ask([user], declare({ parametersJsonSchema }))).resolves.toBeDefined();
  });

  it("a replayed call turn whose thought signature was dropped", async () => {
    const turn = await modelTurn();
    const dropped = { ...turn, parts: turn.parts!.map(({ thoughtSignature: _, ...part }) => part) };
    expect(await refusal(ask([user, dropped, answers("a", "b")]))).toContain(
      "Function call is missing a thought_signature in functionCall parts.",
    );
  });

  it("a replayed call turn whose thought signature was moved to another part", async () => {
    const turn = await modelTurn();
    const [first, second] = turn.parts!;
    const moved = {
      ...turn,
      parts: [{ functionCall: first!.functionCall! }, { ...second, thoughtSignature: first!.thoughtSignature! }],
    };
    expect(await refusal(ask([user, moved, answers("a", "b")]))).toContain("Corrupted thought signature.");
  });

  it("but the turn replayed as it came", async () => {
    const turn = await modelTurn();
    await expect(ask([user, turn, answers("a", "b")])).resolves.toBeDefined();
    await expect(ask([user, turn, answers("b", "a")])).resolves.toBeDefined();
  });

  it("function responses that do not answer the calls one to one", async () => {
    const turn = await modelTurn();
    expect(await refusal(ask([user, turn, answers("a")]))).toBe(
      "Please ensure that the number of function response parts is equal to the number of function call parts of " +
        "the function call turn.",
    );
    expect(await refusal(ask([user, turn, answers("a", "a")]))).toContain("does not answer a function call");
    expect(await refusal(ask([user, turn, answers("a", "c")]))).toContain("does not answer a function call");
    expect(await refusal(ask([user, turn]))).toContain("Please ensure that the number of function response parts");
  });

  it("function responses after no call turn", async () => {
    expect(await refusal(ask([user, { role: "model", parts: [{ text: "Hi." }] }, answers("a")]))).toBe(
      "Please ensure that function response turn comes immediately after a function call turn.",
    );
  });

  it("with signatures off (a model before Gemini 3), takes a turn without them", async () => {
    const older = await startGeminiServer(() => ({ parts: [{ functionCall: { name: "f", args: {} } }] }), {
      signatures: false,
    });
    const client = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: older.baseUrl } });
    const request = (contents: Content[]) =>
      client.models.generateContent({ model: "gemini-2.5-flash", contents, config: { tools: declare({}) } });
    const turn = (await request([user])).candidates![0]!.content!;
    expect(turn.parts![0]!.thoughtSignature).toBeUndefined();
    const answer: Content = { role: "user", parts: [{ functionResponse: { name: "f", response: { output: "ok" } } }] };
    await expect(request([user, turn, answer])).resolves.toBeDefined();
    await older.close();
  });
});
