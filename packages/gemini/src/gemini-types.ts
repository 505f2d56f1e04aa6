// The Gemini API wire shapes this package reads and writes. Small local types
// (no runtime or type dependency on `@google/genai`), each mirroring the type
// of the same name in `@google/genai` 3.3.0's `src/types.ts` (bundled as
// `dist/genai.d.ts`); a type test proves they agree with it in both directions.
//
// Two habits keep them assignable to the SDK without a cast: what this package
// writes uses mutable arrays (the SDK's request types take `Part[]`, not
// `readonly Part[]`), and what it reads makes every field optional and loose
// (the SDK's own response types do). The SDK's enums (`Type`,
// `FunctionCallingConfigMode`, `FinishReason`) are nominal: a field this
// package writes that the SDK types as an enum is either a generic that takes
// the enum member (`allowedTools`) or a loose object (`GeminiOpenApiSchema`).
import type { JsonSchemaObject } from "@x/strict-schema";

/**
 * A schema in the OpenAPI subset `FunctionDeclaration.parameters` takes
 * (`Schema` in src/types.ts: `type` upper case, `nullable`, no
 * `additionalProperties`), as the `gemini-openapi` target of
 * `@x/strict-schema` writes it. Loose on purpose: the SDK types `type` as its
 * `Type` enum, which no plain string is assignable to.
 */
export type GeminiOpenApiSchema = { [keyword: string]: unknown };

/** `FunctionDeclaration` (src/types.ts): one function the model may call. */
export interface GeminiFunctionDeclaration {
  /** `^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$`: see {@link geminiName}. */
  name: string;
  /** Left out when the tool has none (never sent as `undefined`). */
  description?: string;
  /** The parameters in JSON Schema (the default form; mutually exclusive with `parameters`). */
  parametersJsonSchema?: JsonSchemaObject;
  /** The parameters in the OpenAPI subset (`schema: "openapi"`, for Vertex AI and older models). */
  parameters?: GeminiOpenApiSchema;
  /** The tool's MCP `outputSchema` in JSON Schema, under `structured: "prefer"`. */
  responseJsonSchema?: JsonSchemaObject;
}

/** `Tool` (src/types.ts): the request's `tools` hold one, with every declaration. */
export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}

/** `FunctionCall` (src/types.ts): `args` is a JSON object, or absent for a function without parameters. */
export interface GeminiFunctionCall {
  /** Set by the API on calls it wants answered by id (the answer must carry it back). */
  id?: string;
  name?: string;
  args?: { [name: string]: unknown };
}

/** `FunctionResponseBlob` (src/types.ts): media bytes inside a function response. */
export interface GeminiFunctionResponseBlob {
  mimeType: string;
  /** Base64. */
  data: string;
}

/** `FunctionResponsePart` (src/types.ts): one media part of a multimodal function response. */
export interface GeminiFunctionResponseMedia {
  inlineData: GeminiFunctionResponseBlob;
}

/**
 * `FunctionResponse` (src/types.ts): the answer to one call. `response` holds
 * `output`, or `error` for a failure ("Use 'output' key to specify function
 * output and 'error' key to specify error details"); `parts` the images and
 * files of a multimodal function response.
 */
export interface GeminiFunctionResponse {
  /** The call's own `id`, when it had one. */
  id?: string;
  /** The name the model called. */
  name: string;
  response: { output: string } | { error: string } | { output: GeminiToolSearchOutput };
  parts?: GeminiFunctionResponseMedia[];
}

/** What a client-side tool search answers: the tools it loaded, callable from the next request. */
export interface GeminiToolSearchOutput {
  /** What happened, for the model: what was loaded, or why nothing was. */
  message: string;
  tools: { name: string; description?: string }[];
}

/** The part answering one call: what `toolOutput` returns and `turnItems` puts in one `user` content. */
export interface GeminiAnswer {
  functionResponse: GeminiFunctionResponse;
}

/** `Blob` (src/types.ts): inline media of a part. */
export interface GeminiBlob {
  mimeType?: string;
  data?: string;
}

/**
 * `Part` (src/types.ts), as far as this package reads it: text (a thought
 * summary when `thought` is true), a function call or response, inline data,
 * and the opaque `thoughtSignature` that must go back exactly where it came.
 * Other fields a part carries are kept as they are.
 */
export interface GeminiPart {
  text?: string;
  thought?: boolean;
  /** Base64, opaque: repeated on the same part, never moved or merged. */
  thoughtSignature?: string;
  functionCall?: GeminiFunctionCall;
  functionResponse?: {
    id?: string;
    name?: string;
    response?: { [key: string]: unknown };
    parts?: { inlineData?: GeminiBlob }[];
  };
  inlineData?: GeminiBlob;
}

/** `Content` (src/types.ts) as this package writes it: a turn of the conversation. */
export interface GeminiContent {
  role: "user" | "model";
  parts: GeminiPart[];
}

/** `Candidate` (src/types.ts), as far as this package reads it. */
export interface GeminiCandidate {
  readonly content?: { readonly role?: string; readonly parts?: readonly GeminiPart[] };
  /**
   * `FinishReason`: `STOP` is a natural end. Absent, the model "has not
   * stopped generating" (the SDK's own words): the response was cut short.
   */
  readonly finishReason?: string;
  readonly finishMessage?: string;
  readonly index?: number;
}

/** `GenerateContentResponseUsageMetadata` (src/types.ts): token counts. */
export interface GeminiUsage {
  readonly promptTokenCount?: number;
  readonly candidatesTokenCount?: number;
  readonly thoughtsTokenCount?: number;
  readonly toolUsePromptTokenCount?: number;
  readonly cachedContentTokenCount?: number;
  readonly totalTokenCount?: number;
}

/**
 * `GenerateContentResponse` (src/types.ts), as far as this package reads it:
 * what `generateContent` resolves to, one chunk of `generateContentStream`,
 * or what {@link collectStream} gathers from the chunks.
 */
export interface GeminiResponse {
  readonly candidates?: readonly GeminiCandidate[];
  readonly responseId?: string;
  readonly modelVersion?: string;
  readonly usageMetadata?: GeminiUsage;
  /** Set when the prompt itself was blocked (then there is no candidate). */
  readonly promptFeedback?: { readonly blockReason?: string; readonly blockReasonMessage?: string };
}
