// What a strict tool's `input_schema` spends of the request's budget,
// counted here on its own (it shares no code with @x/strict-schema's count,
// so each catches the other's mistakes), as Anthropic's page counts it:
// every property not in its object's `required`, and every schema with an
// `anyOf` or a list of types, at every level and in every definition
// (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#schema-complexity-limits).
import type { Json } from "./openai-server";

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What a strict schema spends of the request's budget: its optional properties and its union-typed schemas. */
export function strictCost(schema: Json): { optional: number; unions: number } {
  let optional = 0;
  let unions = 0;
  const visit = (node: Json): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      const required = Array.isArray(node.required) ? node.required : [];
      optional += Object.keys(node.properties).filter((name) => !required.includes(name)).length;
    }
    if (Array.isArray(node.anyOf) || (Array.isArray(node.type) && node.type.length > 1)) unions++;
    for (const [key, value] of Object.entries(node)) {
      if (key === "enum" || key === "const" || key === "required" || key === "default") continue;
      if (key === "properties" || key === "$defs" || key === "definitions") {
        if (isObject(value)) Object.values(value).forEach(visit);
      } else visit(value);
    }
  };
  visit(schema);
  return { optional, unions };
}
