import { stripNulls, strictSchema } from "@x/strict-schema";
import { checkStrict } from "@x/strict-schema/check";

const inputSchema = {
  type: "object",
  properties: {
    query: { type: "string", description: "What to search for" },
    limit: { type: "integer", minimum: 1, default: 10 },
    tags: { type: "array", items: { type: "object", properties: { name: { type: "string" }, weight: { type: "number" } }, required: ["name"] } },
  },
  required: ["query"],
};

// 1. Why would OpenAI refuse the schema as it is?
for (const { path, keyword, message } of checkStrict(inputSchema)) console.log(path, keyword, message);
// [] additionalProperties  At #: an object needs "additionalProperties": false; add it.
// [ 'required' ] required  At #/required: "required" must list every property; missing "limit", "tags". …
// …

// 2. Rewrite it.
const result = strictSchema(inputSchema);
if (!result.ok) throw new Error(result.error.message); // { path, keyword, message }
const tool = { type: "function", name: "search", parameters: result.schema, strict: true };
console.log(checkStrict(tool.parameters)); // []
console.log(result.nullPaths); // [ [ 'limit' ], [ 'tags' ], [ 'tags', null, 'weight' ] ]

// 3. The model must now send every property, null for those it would have left out;
//    give the tool back what it asked for.
const sent = { query: "mcp", limit: null, tags: [{ name: "a", weight: null }] };
console.log(stripNulls(sent, result.nullPaths)); // { query: 'mcp', tags: [ { name: 'a' } ] }
