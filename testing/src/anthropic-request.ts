// What the stand-in for the Messages API refuses, as the API does (400
// `invalid_request_error`):
// - a field the API does not know, on the request, a tool or a content block
//   (the fields of `MessageCreateParamsBase`, `Tool`, the tool search tools and
//   each `ContentBlockParam` of `@anthropic-ai/sdk` 1.15.0's `messages.ts`);
// - an `input_schema` whose root is not an object, or is a root `anyOf`,
//   `oneOf` or `allOf`
//   (https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools);
// - a strict tool outside the strict subset, as `checkStrict` (target
//   `anthropic`) of @x/strict-schema/check reads it: a checker that shares no
//   rule code with the rewriter
//   (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations),
//   and a request over the strict budget: 20 strict tools, 24 optional
//   parameters, 16 union-typed parameters summed over the strict tools
//   (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#schema-complexity-limits);
// - deferred tools without a tool search tool, or none loaded up front
//   (https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool);
// - a `tool_use` not answered by a `tool_result` in the next message, a
//   `tool_result` for an id the previous message did not use, a `tool_result`
//   after another kind of block, an empty text block
//   (https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use);
// - an image whose bytes are not its `media_type`.
import { checkStrict } from "@x/strict-schema/check";
import { invalidMessagesRequest } from "./anthropic-server";
import type { AnthropicReply } from "./anthropic-server";
import { strictCost } from "./anthropic-strict-cost";
import type { Json } from "./openai-server";

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const fields = (names: string): ReadonlySet<string> => new Set(names.split(" "));

const REQUEST = fields(
  "model max_tokens messages cache_control container diagnostics inference_geo metadata output_config " +
    "service_tier speed stop_sequences stream system temperature thinking tool_choice tools top_k top_p " +
    "user_profile_id workspace_id",
);
const CUSTOM_TOOL = fields(
  "name description input_schema strict defer_loading cache_control eager_input_streaming input_examples " +
    "allowed_callers type",
);
const SEARCH_TOOL = fields("type name defer_loading cache_control allowed_callers strict");
const SEARCH_TOOLS: { readonly [type: string]: string } = {
  tool_search_tool_bm25_20251119: "tool_search_tool_bm25",
  tool_search_tool_bm25: "tool_search_tool_bm25",
  tool_search_tool_regex_20251119: "tool_search_tool_regex",
  tool_search_tool_regex: "tool_search_tool_regex",
};
const BLOCKS: { readonly [type: string]: ReadonlySet<string> } = {
  text: fields("type text cache_control citations"),
  image: fields("type source cache_control transformations"),
  document: fields("type source cache_control citations context title"),
  tool_use: fields("type id name input cache_control caller toolset_name"),
  tool_result: fields("type tool_use_id content is_error cache_control toolset_name"),
  thinking: fields("type thinking signature"),
  redacted_thinking: fields("type data"),
  server_tool_use: fields("type id name input cache_control caller"),
  tool_search_tool_result: fields("type tool_use_id content cache_control"),
};
const RESULT_CONTENT = new Set(["text", "image", "document", "search_result", "tool_reference"]);
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const BUDGET = { strictTools: 20, optional: 24, unions: 16 };

const IMAGE_MAGIC: { readonly [mediaType: string]: (bytes: string) => boolean } = {
  "image/png": (b) => b.startsWith("\x89PNG\r\n\x1a\n"),
  "image/jpeg": (b) => b.startsWith("\xff\xd8\xff"),
  "image/gif": (b) => b.startsWith("GIF87a") || b.startsWith("GIF89a"),
  "image/webp": (b) => b.startsWith("RIFF") && b.slice(8, 12) === "WEBP",
};

function unknownField(value: JsonObject, known: ReadonlySet<string>, path: string): AnthropicReply | undefined {
  const extra = Object.keys(value).find((key) => !known.has(key));
  return extra === undefined ? undefined : invalidMessagesRequest(`${path}.${extra}: Extra inputs are not permitted`);
}

function checkRoot(schema: Json | undefined, path: string): AnthropicReply | undefined {
  if (!isObject(schema) || schema.type !== "object")
    return invalidMessagesRequest(`${path}.input_schema.type: Input should be 'object'`);
  const combinator = ["anyOf", "oneOf", "allOf"].find((keyword) => keyword in schema);
  return combinator === undefined
    ? undefined
    : invalidMessagesRequest(
        `${path}.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level`,
      );
}

function checkTools(tools: Json | undefined): AnthropicReply | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return invalidMessagesRequest("tools: Input should be a valid list");
  const spent = { strictTools: 0, optional: 0, unions: 0 };
  let deferred = 0;
  let upFront = 0;
  let search = false;
  for (const [i, tool] of tools.entries()) {
    const at = `tools.${i}`;
    if (!isObject(tool)) return invalidMessagesRequest(`${at}: Input should be an object`);
    const searchName = typeof tool.type === "string" ? SEARCH_TOOLS[tool.type] : undefined;
    if (searchName !== undefined) {
      const refused = unknownField(tool, SEARCH_TOOL, at);
      if (refused !== undefined) return refused;
      if (tool.name !== searchName) return invalidMessagesRequest(`${at}.name: Input should be '${searchName}'`);
      if (tool.defer_loading === true) return invalidMessagesRequest(`${at}: the tool search tool cannot be deferred`);
      search = true;
      continue;
    }
    const refused = unknownField(tool, CUSTOM_TOOL, `${at}.custom`) ?? checkRoot(tool.input_schema, `${at}.custom`);
    if (refused !== undefined) return refused;
    if (typeof tool.name !== "string" || !NAME.test(tool.name))
      return invalidMessagesRequest(`${at}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`);
    if (tool.defer_loading === true) deferred++;
    else upFront++;
    if (tool.strict === true) {
      const [problem] = checkStrict(tool.input_schema ?? null, { target: "anthropic" });
      if (problem !== undefined) return invalidMessagesRequest(`${at}.custom.input_schema: ${problem.message}`);
      const cost = strictCost(tool.input_schema ?? null);
      spent.strictTools++;
      spent.optional += cost.optional;
      spent.unions += cost.unions;
    }
  }
  if (spent.strictTools > BUDGET.strictTools)
    return invalidMessagesRequest(
      `Too many strict tools (${spent.strictTools}). The maximum is ${BUDGET.strictTools}.`,
    );
  if (spent.optional > BUDGET.optional)
    return invalidMessagesRequest(
      `Too many optional parameters in strict tools (${spent.optional}). The maximum is ${BUDGET.optional}.`,
    );
  if (spent.unions > BUDGET.unions)
    return invalidMessagesRequest(
      `Too many parameters with union types in strict tools (${spent.unions}). The maximum is ${BUDGET.unions}.`,
    );
  if (deferred > 0 && !search)
    return invalidMessagesRequest("tools: deferred tools (defer_loading) require a tool search tool");
  if (deferred > 0 && upFront === 0 && !search)
    return invalidMessagesRequest("tools: at least one tool must not be deferred");
  return undefined;
}

function checkImage(block: JsonObject, at: string): AnthropicReply | undefined {
  const source = block.source;
  if (!isObject(source) || source.type !== "base64") return undefined;
  const magic = typeof source.media_type === "string" ? IMAGE_MAGIC[source.media_type] : undefined;
  if (magic === undefined) return invalidMessagesRequest(`${at}.source.media_type: Input should be an image type`);
  const bytes = Buffer.from(typeof source.data === "string" ? source.data : "", "base64").toString("latin1");
  return magic(bytes)
    ? undefined
    : invalidMessagesRequest(
        `${at}.source: Image does not match the provided media type ${JSON.stringify(source.media_type)}`,
      );
}

function checkBlock(block: Json, at: string): AnthropicReply | undefined {
  if (!isObject(block) || typeof block.type !== "string")
    return invalidMessagesRequest(`${at}: Input should be an object`);
  const known = BLOCKS[block.type];
  if (known === undefined) return invalidMessagesRequest(`${at}.type: unknown content block type ${block.type}`);
  const refused = unknownField(block, known, at);
  if (refused !== undefined) return refused;
  if (block.type === "text" && block.text === "")
    return invalidMessagesRequest(`${at}: text content blocks must be non-empty`);
  if (block.type === "tool_use" && !isObject(block.input))
    return invalidMessagesRequest(`${at}.input: Input should be a valid dictionary`);
  if (block.type === "image") return checkImage(block, at);
  if (block.type === "tool_result" && Array.isArray(block.content)) {
    for (const [j, inner] of block.content.entries()) {
      const innerAt = `${at}.content.${j}`;
      if (!isObject(inner) || typeof inner.type !== "string" || !RESULT_CONTENT.has(inner.type))
        return invalidMessagesRequest(`${innerAt}: Input tag does not match any of the expected tags`);
      const problem = checkBlock(inner, innerAt);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}

const blocksOf = (message: JsonObject): Json[] => (Array.isArray(message.content) ? message.content : []);
const idsOf = (blocks: readonly Json[], type: string, field: string): string[] =>
  blocks.flatMap((block) =>
    isObject(block) && block.type === type && typeof block[field] === "string" ? [block[field]] : [],
  );

function checkMessages(messages: Json | undefined): AnthropicReply | undefined {
  if (!Array.isArray(messages) || messages.length === 0)
    return invalidMessagesRequest("messages: at least one message is required");
  let asked: string[] = [];
  for (const [i, message] of messages.entries()) {
    const at = `messages.${i}`;
    if (!isObject(message) || (message.role !== "user" && message.role !== "assistant"))
      return invalidMessagesRequest(`${at}.role: Input should be 'user' or 'assistant'`);
    const refused = unknownField(message, fields("role content"), at);
    if (refused !== undefined) return refused;
    const blocks = blocksOf(message);
    for (const [j, block] of blocks.entries()) {
      const problem = checkBlock(block, `${at}.content.${j}`);
      if (problem !== undefined) return problem;
    }
    const answered = idsOf(blocks, "tool_result", "tool_use_id");
    const unexpected = answered.filter((id) => !asked.includes(id));
    if (unexpected.length > 0)
      return invalidMessagesRequest(
        `${at}.content.0: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${unexpected.join(", ")}. ` +
          "Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
      );
    const missing = asked.filter((id) => !answered.includes(id));
    if (missing.length > 0)
      return invalidMessagesRequest(
        `messages.${i - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ` +
          `${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the ` +
          "next message.",
      );
    const firstOther = blocks.findIndex((block) => !isObject(block) || block.type !== "tool_result");
    if (firstOther !== -1 && blocks.slice(firstOther).some((block) => isObject(block) && block.type === "tool_result"))
      return invalidMessagesRequest(`${at}: tool_result blocks must come first in the content, before any other block`);
    asked = message.role === "assistant" ? idsOf(blocks, "tool_use", "id") : [];
  }
  if (asked.length > 0)
    return invalidMessagesRequest(
      `messages.${messages.length - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately ` +
        `after: ${asked.join(", ")}.`,
    );
  return undefined;
}

function checkToolChoice(choice: Json | undefined, tools: Json | undefined): AnthropicReply | undefined {
  if (choice === undefined) return undefined;
  if (!isObject(choice)) return invalidMessagesRequest("tool_choice: Input should be an object");
  const known =
    choice.type === "none"
      ? fields("type")
      : choice.type === "tool"
        ? fields("type name disable_parallel_tool_use")
        : fields("type disable_parallel_tool_use");
  if (typeof choice.type !== "string" || !["auto", "any", "tool", "none"].includes(choice.type))
    return invalidMessagesRequest("tool_choice.type: Input tag does not match any of the expected tags");
  const refused = unknownField(choice, known, "tool_choice");
  if (refused !== undefined) return refused;
  const names = Array.isArray(tools) ? tools.map((tool) => (isObject(tool) ? tool.name : null)) : [];
  if (choice.type === "tool" && !names.includes(choice.name ?? null))
    return invalidMessagesRequest(`tool_choice.name: Tool ${JSON.stringify(choice.name)} not found in tools`);
  return undefined;
}

/**
 * The 400 the Messages API would give `body`, or `undefined` when it would take it (see the file header).
 *
 * @param body - the request body as received
 * @returns the refusal, or `undefined`
 */
export function refuseMessagesRequest(body: Json): AnthropicReply | undefined {
  if (!isObject(body)) return invalidMessagesRequest("The body must be a JSON object.");
  if (typeof body.model !== "string" || typeof body.max_tokens !== "number")
    return invalidMessagesRequest("model and max_tokens: Field required");
  return (
    unknownField(body, REQUEST, "body") ??
    checkTools(body.tools) ??
    checkToolChoice(body.tool_choice, body.tools) ??
    checkMessages(body.messages)
  );
}
