import { restoreArguments, strictSchema } from "@x/strict-schema";

const schema = {
  type: "object",
  properties: {
    size: { type: "integer", minimum: 1, maximum: 100, description: "Page size" },
    unit: { type: "integer", enum: [1, 10, 100] },
  },
  required: ["unit"],
};

const anthropic = strictSchema(schema, { target: "anthropic" });
if (!anthropic.ok) throw new Error(anthropic.error.message);
console.log(anthropic.schema.properties?.size); // {"type":"integer","description":"Page size. At least 1, at most 100."}
console.log(anthropic.described.map((each) => each.text)); // ["at least 1","at most 100"]
console.log(anthropic.budget); // {"optionalParameters":1,"unionParameters":0}

const openapi = strictSchema(schema, { target: "gemini-openapi" });
if (!openapi.ok) throw new Error(openapi.error.message);
console.log(openapi.schema.properties?.unit); // {"type":"STRING","enum":["1","10","100"]}
console.log(restoreArguments({ unit: "10" }, openapi.plan)); // {"ok":true,"value":{"unit":10}}
