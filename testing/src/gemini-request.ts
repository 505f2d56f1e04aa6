// What the stand-in for the Gemini API refuses, as the API does (400
// INVALID_ARGUMENT), each rule with where it is documented or seen:
// - a function name outside Gemini's rule
//   (https://ai.google.dev/api/caching#FunctionDeclaration; the API's words:
//   "[FIELD_INVALID] Invalid function name. Must start with a letter or an
//   underscore…", google-gemini/gemini-cli#7869, kaitranntt/ccs#219);
// - both `parameters` and `parametersJsonSchema` ("mutually exclusive", same page);
// - a field `parameters` (the OpenAPI subset, `Schema`) does not have: "Invalid
//   JSON payload received. Unknown name …: Cannot find field."
//   (https://ai.google.dev/api/caching#Schema; router-for-me/CLIProxyAPI#97);
// - a `$ref` beside other keywords in `parametersJsonSchema`: "If a schema node
//   has $ref set, then only description and default can be set alongside it"
//   (anomalyco/opencode#12295, google-gemini/gemini-cli#4758);
// - function responses that do not answer the calls one to one: "Please ensure
//   that the number of function response parts is equal to the number of
//   function call parts of the function call turn." (gemini-cli#16415), and a
//   response turn after no call turn ("Please ensure that function response
//   turn comes immediately after a function call turn.");
// - in the current turn (since the last user text), a function-call content
//   whose first call lost its thought signature ("Function call is missing a
//   thought_signature in functionCall parts", https://ai.google.dev/gemini-api/docs/thought-signatures),
//   or a signature that is not the one the stand-in gave that very part.
import type { Json } from "./openai-server";

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The API's error body. */
export interface GeminiError {
  readonly status: 400;
  readonly body: Json;
}

/** Gemini's 400 body (`google.rpc.Status`), with a field violation when a field is named. */
export const invalidArgument = (message: string, field?: string): GeminiError => ({
  status: 400,
  body: {
    error: {
      code: 400,
      message,
      status: "INVALID_ARGUMENT",
      ...(field === undefined
        ? {}
        : {
            details: [
              {
                "@type": "type.googleapis.com/google.rpc.BadRequest",
                fieldViolations: [{ field, description: message }],
              },
            ],
          }),
    },
  },
});

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;

// The fields of `Schema` (the OpenAPI subset), as @google/genai 3.3.0's src/types.ts lists them.
const SCHEMA_FIELDS = new Set(
  (
    "anyOf default description enum example format items maxItems maxLength maxProperties maximum minItems " +
    "minLength minProperties minimum nullable pattern properties propertyOrdering required title type"
  ).split(" "),
);

/** A signature the stand-in gave: the part it went on, in the content it went in. */
export interface IssuedSignature {
  /** The part's position in its content. */
  readonly part: number;
  /** The function the part calls, or `undefined` for a text part. */
  readonly call: string | undefined;
}

/** Checks a `parameters` schema (OpenAPI subset) for fields `Schema` does not have. */
function checkOpenApi(schema: Json | undefined, path: string): GeminiError | undefined {
  if (!isObject(schema)) return undefined;
  for (const [key, value] of Object.entries(schema)) {
    if (!SCHEMA_FIELDS.has(key)) {
      return invalidArgument(
        `Invalid JSON payload received. Unknown name "${key}" at '${path}': Cannot find field.`,
        path,
      );
    }
    if (key === "properties" && isObject(value)) {
      for (const [i, property] of Object.values(value).entries()) {
        const refused = checkOpenApi(property, `${path}.properties[${i}].value`);
        if (refused !== undefined) return refused;
      }
    }
    if (key === "items") {
      const refused = checkOpenApi(value, `${path}.items`);
      if (refused !== undefined) return refused;
    }
    if (key === "anyOf" && Array.isArray(value)) {
      for (const [i, branch] of value.entries()) {
        const refused = checkOpenApi(branch, `${path}.any_of[${i}]`);
        if (refused !== undefined) return refused;
      }
    }
  }
  return undefined;
}

// The keywords whose values are schemas, lists of schemas, or maps of schemas.
const SUBSCHEMA = ["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"];
const SUBSCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
const SUBSCHEMA_MAPS = ["properties", "$defs", "definitions", "patternProperties", "dependentSchemas"];

/** Checks a JSON Schema for a `$ref` with sibling keywords other than `description` and `default`. */
function checkRefSiblings(schema: Json | undefined, path: string): GeminiError | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema.$ref === "string") {
    const siblings = Object.keys(schema).filter((key) => !["$ref", "description", "default"].includes(key));
    if (siblings.length > 0) {
      const name = schema.$ref.split("/").at(-1) ?? schema.$ref;
      return invalidArgument(
        `$ref '${name}' was set alongside unsupported fields. If a schema node has $ref set, then only description ` +
          `and default can be set alongside it. (at ${path}: ${siblings.join(", ")})`,
        path,
      );
    }
  }
  const children: [Json | undefined, string][] = [
    ...SUBSCHEMA.map((key): [Json | undefined, string] => [schema[key], `${path}.${key}`]),
    ...SUBSCHEMA_LISTS.flatMap((key) => {
      const list = schema[key];
      return Array.isArray(list) ? list.map((item, i): [Json, string] => [item, `${path}.${key}[${i}]`]) : [];
    }),
    ...SUBSCHEMA_MAPS.flatMap((key) => {
      const map = schema[key];
      return isObject(map)
        ? Object.entries(map).map(([name, item]): [Json, string] => [item, `${path}.${key}.${name}`])
        : [];
    }),
  ];
  for (const [child, at] of children) {
    const refused = checkRefSiblings(child, at);
    if (refused !== undefined) return refused;
  }
  return undefined;
}

function checkDeclarations(tools: Json | undefined): GeminiError | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return invalidArgument("Invalid value at 'tools': expected a list.", "tools");
  const problems: string[] = [];
  for (const [i, tool] of tools.entries()) {
    const declarations = isObject(tool) && Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : [];
    for (const [j, declaration] of declarations.entries()) {
      const at = `tools[${i}].function_declarations[${j}]`;
      if (!isObject(declaration)) return invalidArgument(`Invalid value at '${at}'.`, at);
      if (typeof declaration.name !== "string" || !NAME.test(declaration.name)) {
        problems.push(
          `  * ${at}.name: [FIELD_INVALID] Invalid function name. Must start with a letter or an underscore. Must be ` +
            "a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length " +
            "of 64.",
        );
        continue;
      }
      if (declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined) {
        return invalidArgument(
          `${at}: parameters and parameters_json_schema are mutually exclusive; set only one of them.`,
          `${at}.parameters`,
        );
      }
      const refused =
        checkOpenApi(declaration.parameters, `${at}.parameters`) ??
        checkRefSiblings(declaration.parametersJsonSchema, `${at}.parameters_json_schema`) ??
        checkRefSiblings(declaration.responseJsonSchema, `${at}.response_json_schema`);
      if (refused !== undefined) return refused;
    }
  }
  return problems.length === 0
    ? undefined
    : invalidArgument(`The GenerateContentRequest proto is invalid:\n${problems.join("\n")}`);
}

const partsOf = (content: Json | undefined): JsonObject[] =>
  isObject(content) && Array.isArray(content.parts) ? content.parts.filter(isObject) : [];
const callsOf = (content: Json | undefined): JsonObject[] =>
  partsOf(content).flatMap((part) => (isObject(part.functionCall) ? [part.functionCall] : []));
const responsesOf = (content: Json | undefined): JsonObject[] =>
  partsOf(content).flatMap((part) => (isObject(part.functionResponse) ? [part.functionResponse] : []));

const COUNT =
  "Please ensure that the number of function response parts is equal to the number of function call parts of the " +
  "function call turn.";

/** Each function call turn answered one to one by the content right after it, and no answer without a call turn. */
function checkAnswers(contents: readonly Json[]): GeminiError | undefined {
  for (const [i, content] of contents.entries()) {
    const responses = responsesOf(content);
    if (responses.length > 0 && callsOf(contents[i - 1]).length === 0) {
      return invalidArgument("Please ensure that function response turn comes immediately after a function call turn.");
    }
    const calls = callsOf(content);
    if (calls.length === 0) continue;
    const next = contents[i + 1];
    const answers = responsesOf(next);
    if (answers.length !== calls.length || partsOf(next).length !== answers.length) return invalidArgument(COUNT);
    // Calls with ids are answered by id, the others by position; a name must be the call's.
    const byId = new Map(calls.flatMap((call) => (typeof call.id === "string" ? [[call.id, call] as const] : [])));
    const answered = new Set<string>();
    for (const [k, response] of answers.entries()) {
      const call = typeof response.id === "string" ? byId.get(response.id) : calls[k];
      const id = typeof response.id === "string" ? response.id : undefined;
      if (call === undefined || (id !== undefined && answered.has(id)) || (id === undefined && byId.size > 0)) {
        return invalidArgument(
          `The function response at contents[${i + 1}].parts[${k}] (id ${JSON.stringify(id ?? null)}) does not ` +
            "answer a function call of the function call turn. Each function call must be answered once, by its id.",
        );
      }
      if (id !== undefined) answered.add(id);
      if (response.name !== call.name) {
        return invalidArgument(
          `The function response at contents[${i + 1}].parts[${k}] is named ` +
            `${JSON.stringify(response.name ?? null)}, ` +
            `but its function call is ${JSON.stringify(call.name ?? null)}.`,
        );
      }
    }
  }
  return undefined;
}

/** The thought signatures of the current turn: each where the stand-in put it, and none missing on a call turn. */
function checkSignatures(
  contents: readonly Json[],
  issued: ReadonlyMap<string, IssuedSignature>,
  required: boolean,
): GeminiError | undefined {
  // The current turn starts after the last user content that says something (not only function responses).
  const start = contents.findLastIndex(
    (content) =>
      isObject(content) &&
      content.role !== "model" &&
      partsOf(content).some((part) => part.functionResponse === undefined),
  );
  for (let i = start + 1; i < contents.length; i++) {
    const content = contents[i];
    if (!isObject(content) || content.role !== "model") continue;
    const parts = partsOf(content);
    for (const [j, part] of parts.entries()) {
      if (typeof part.thoughtSignature !== "string") continue;
      const given = issued.get(part.thoughtSignature);
      const call =
        isObject(part.functionCall) && typeof part.functionCall.name === "string" ? part.functionCall.name : undefined;
      if (given === undefined || given.part !== j || given.call !== call) {
        return invalidArgument(`Corrupted thought signature. (contents[${i}].parts[${j}])`);
      }
    }
    const first = parts.findIndex((part) => isObject(part.functionCall));
    if (required && first >= 0 && typeof parts[first]?.thoughtSignature !== "string") {
      const called = parts[first]?.functionCall;
      const name = isObject(called) && typeof called.name === "string" ? called.name : "";
      return invalidArgument(
        "Function call is missing a thought_signature in functionCall parts. This is required for tools to work " +
          "correctly, and missing thought_signature may lead to degraded model performance. Additional data, " +
          `function call \`default_api:${name}\`, position ${i + 1}. Please refer to ` +
          "https://ai.google.dev/gemini-api/docs/thought-signatures for more details.",
      );
    }
  }
  return undefined;
}

/**
 * The 400 the Gemini API would give `body`, or `undefined` when it would take
 * it (see the rules at the top of this file).
 *
 * @param body - the request body, as the SDK sent it
 * @param issued - every thought signature the stand-in gave, by signature
 * @param signatures - whether the model is one that requires signatures back (Gemini 3)
 */
export function refuseGeminiRequest(
  body: Json,
  issued: ReadonlyMap<string, IssuedSignature>,
  signatures: boolean,
): GeminiError | undefined {
  if (!isObject(body)) return invalidArgument("The body must be a JSON object.");
  const contents = Array.isArray(body.contents) ? body.contents : [];
  if (contents.length === 0) return invalidArgument("* GenerateContentRequest.contents: contents is not specified");
  for (const [i, content] of contents.entries()) {
    if (partsOf(content).length === 0) {
      return invalidArgument(`* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`);
    }
  }
  const config = isObject(body.config) ? body.config : undefined;
  return (
    checkDeclarations(body.tools ?? config?.tools) ??
    checkAnswers(contents) ??
    checkSignatures(contents, issued, signatures)
  );
}
