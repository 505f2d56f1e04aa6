// A local stand-in for the Gemini API on 127.0.0.1 (node:http), for the
// official `@google/genai` client pointed at it (`httpOptions.baseUrl`). It
// refuses what the API refuses (gemini-request.ts), then answers with the
// turn the test's model function scripts: text, thoughts and function calls,
// as one response (`:generateContent`) or as server-sent chunks
// (`:streamGenerateContent?alt=sse`, one `data:` line per chunk). Like Gemini
// 3, it puts a thought signature on the first function call of each turn and
// checks on every request that the signatures came back where it put them.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { refuseGeminiRequest } from "./gemini-request";
import type { GeminiError, IssuedSignature } from "./gemini-request";
import type { Json } from "./openai-server";

/** One request the model function sees. */
export interface GeminiRequest {
  /** The model named in the path (`gemini-3-flash-preview`). */
  readonly model: string;
  readonly body: Json;
  /** Whether it came to `:streamGenerateContent`. */
  readonly stream: boolean;
  /** How many requests the stand-in took before this one. */
  readonly turn: number;
}

/** What the model says in one turn. */
export interface GeminiTurn {
  /** The model's parts: `{ text }`, `{ text, thought: true }`, `{ functionCall: { id?, name, args } }`. */
  readonly parts: readonly Json[];
  /** Default `"STOP"`. */
  readonly finishReason?: string;
  /** Streamed only: end the stream before the chunk with the finish reason (a cut stream). */
  readonly cut?: boolean;
  /** Streamed only: the last chunk carries a thought signature on an empty text part (as Gemini may send it). */
  readonly signatureInLastChunk?: boolean;
}

/** One request the stand-in took and what it answered. */
export interface GeminiExchange {
  readonly path: string;
  readonly request: Json;
  readonly status: number;
  /** The JSON body, or the chunks streamed. */
  readonly response: Json;
}

/** The running stand-in: its `baseUrl` for the client, every exchange, the signatures it gave, and `close`. */
export interface GeminiServer {
  readonly baseUrl: string;
  readonly exchanges: GeminiExchange[];
  readonly signatures: ReadonlyMap<string, IssuedSignature>;
  close(): Promise<void>;
}

/** Options of {@link startGeminiServer}. */
export interface GeminiServerOptions {
  /** Whether the model gives thought signatures and requires them back (Gemini 3). Default `true`. */
  readonly signatures?: boolean;
}

const USAGE: Json = { promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 };

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Starts the stand-in; `model` scripts each turn, or answers with an error. */
export async function startGeminiServer(
  model: (request: GeminiRequest) => GeminiTurn | GeminiError,
  options?: GeminiServerOptions,
): Promise<GeminiServer> {
  const signed = options?.signatures ?? true;
  const exchanges: GeminiExchange[] = [];
  const signatures = new Map<string, IssuedSignature>();
  let turns = 0;
  const sign = (part: number, call: string | undefined): string => {
    const signature = Buffer.from(`signature-${signatures.size + 1}`).toString("base64");
    signatures.set(signature, { part, call });
    return signature;
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json;
      const match = /\/models\/([^:/]+):(generateContent|streamGenerateContent)/.exec(path);
      const reply = (status: number, json: Json): void => {
        exchanges.push({ path, request: body, status, response: json });
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(json));
      };
      if (match === null) return reply(404, { error: { code: 404, message: `No route ${path}`, status: "NOT_FOUND" } });
      const refused = refuseGeminiRequest(body, signatures, signed);
      if (refused !== undefined) return reply(refused.status, refused.body);
      const stream = match[2] === "streamGenerateContent";
      const turn = model({ model: match[1]!, body, stream, turn: turns });
      turns += 1;
      if ("status" in turn) return reply(turn.status, turn.body);

      const parts = turn.parts.map((part) => structuredClone(part));
      const first = parts.findIndex((part) => isObject(part) && isObject(part.functionCall));
      if (signed && first >= 0) {
        const call = parts[first] as JsonObject;
        const name = (call.functionCall as JsonObject).name;
        call.thoughtSignature = sign(first, typeof name === "string" ? name : undefined);
      }
      const envelope: JsonObject = { modelVersion: match[1]!, responseId: `response-${turns}` };
      const finish: JsonObject = { finishReason: turn.finishReason ?? "STOP", index: 0 };
      if (!stream) {
        return reply(200, {
          candidates: [{ content: { role: "model", parts }, ...finish }],
          usageMetadata: USAGE,
          ...envelope,
        });
      }
      const streamed: Json[] = parts
        .flatMap((part) => pieces(part))
        .map((part) => ({
          candidates: [{ content: { role: "model", parts: [part] }, index: 0 }],
          ...envelope,
        }));
      if (turn.cut !== true) {
        const last: Json[] =
          signed && turn.signatureInLastChunk === true
            ? [{ text: "", thoughtSignature: sign(parts.length, undefined) }]
            : [];
        streamed.push({
          candidates: [{ content: { role: "model", parts: last }, ...finish }],
          usageMetadata: USAGE,
          ...envelope,
        });
      }
      exchanges.push({ path, request: body, status: 200, response: streamed });
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end(streamed.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join(""));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    exchanges,
    signatures,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A part as the stream sends it: text in pieces of at most 8 characters, anything else whole. */
function pieces(part: Json): Json[] {
  if (
    !isObject(part) ||
    typeof part.text !== "string" ||
    Object.keys(part).some((key) => key !== "text" && key !== "thought")
  ) {
    return [part];
  }
  const text = part.text;
  const out: Json[] = [];
  for (let at = 0; at < text.length || at === 0; at += 8) out.push({ ...part, text: text.slice(at, at + 8) });
  return out;
}
