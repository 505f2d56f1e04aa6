import { restoreArguments, strictSchema } from "@x/strict-schema";
import { encodeArguments } from "@x/strict-schema/encode";

const tree = {
  type: "object",
  properties: { root: { $ref: "#/$defs/node" } },
  required: ["root"],
  $defs: {
    node: {
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
      required: ["name"],
    },
  },
};
const result = strictSchema(tree, { target: "anthropic", recursionDepth: 1 });
if (!result.ok) throw new Error(result.error.message);
console.log(result.rewrites.map((each) => each.kind)); // ["ref-inlined","recursion-cut"]
const value = { root: { name: "a", children: [{ name: "b", children: [] }] } };
const sent = encodeArguments(value, result.plan);
console.log(sent); // {"root":{"name":"a","children":["{\"name\":\"b\",\"children\":[]}"]}}
console.log(restoreArguments(sent, result.plan)); // {"ok":true,"value":{"root":{"name":"a","children":[{"name":"b","children":[]}]}}}
