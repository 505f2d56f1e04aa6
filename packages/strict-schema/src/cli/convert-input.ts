// Turning the CLI's input into its JSON report: strictSchema on each schema,
// or checkStrict with --check.
import { checkStrict } from "../check";
import { strictSchema } from "../index";
import type { StrictError, StrictResult, StrictSchemaOptions } from "../index";
import type { CliInput } from "./read-input";

/** The result for one tool of a list: its name and what strictSchema (or checkStrict) said. */
export type ToolReport = { readonly name: string } & (StrictResult | CheckReport);

/** What `--check` reports for one schema. */
export interface CheckReport {
  readonly ok: boolean;
  readonly reasons: readonly StrictError[];
}

/** The JSON the CLI prints. */
export type CliReport =
  | StrictResult
  | CheckReport
  | {
      readonly server?: string;
      readonly version?: string;
      readonly converted?: number;
      readonly passed?: number;
      readonly failed: number;
      readonly tools: readonly ToolReport[];
    };

/** Runs the conversion (or the check) over the input; `failed` says whether any schema was refused. */
export function convertInput(
  input: CliInput,
  check: boolean,
  options: StrictSchemaOptions,
): { report: CliReport; failed: number } {
  const run = (schema: unknown): StrictResult | CheckReport => {
    if (!check) return strictSchema(schema, options);
    const target = options.target ?? "openai";
    const reasons = checkStrict(schema, options.limits === undefined ? { target } : { target, limits: options.limits });
    return { ok: reasons.length === 0, reasons };
  };
  if (input.kind === "schema") {
    const result = run(input.schema);
    return { report: result, failed: result.ok ? 0 : 1 };
  }
  const tools = input.tools.map((tool, index): ToolReport => {
    if (typeof tool !== "object" || tool === null || Array.isArray(tool)) {
      const error = {
        path: [],
        keyword: "inputSchema",
        message: `tools[${index}] is not an MCP tool object; expected { "name", "inputSchema" }.`,
        target: options.target ?? "openai",
      } as const;
      return { name: `tools[${index}]`, ...(check ? { ok: false, reasons: [error] } : { ok: false, error }) };
    }
    const { name, inputSchema } = tool as { name?: unknown; inputSchema?: unknown };
    return { name: typeof name === "string" ? name : `tools[${index}]`, ...run(inputSchema) };
  });
  const failed = tools.filter((tool) => !tool.ok).length;
  const counts = check ? { passed: tools.length - failed, failed } : { converted: tools.length - failed, failed };
  return {
    report: {
      ...(input.server === undefined ? {} : { server: input.server }),
      ...(input.version === undefined ? {} : { version: input.version }),
      ...counts,
      tools,
    },
    failed,
  };
}
