import { fitRoot, restoreArguments } from "@x/strict-schema";

const fitted = fitRoot({ anyOf: [{ type: "string" }, { type: "number" }] }, { target: "anthropic" });
if (!fitted.ok) throw new Error(fitted.error.message);
console.log(fitted.schema); // {"type":"object","properties":{"value":{"anyOf":[{"type":"string"},{"type":"number"}]}},"required":["value"]}
console.log(restoreArguments({ value: 3 }, fitted.plan)); // {"ok":true,"value":3}
