// `--summary`: the CLI's report as a table for people.
import type { CliReport, ToolReport } from "./convert-input";

/** Renders the report as an aligned text table, one row per schema (with Anthropic's budget, for `anthropic`). */
export function renderSummary(report: CliReport, check: boolean, target = "openai"): string {
  const rows = "tools" in report ? report.tools : [{ name: "(schema)", ...report } as ToolReport];
  const lines: string[] = [];
  if ("tools" in report) {
    const title = [report.server, report.version].filter((part) => part !== undefined).join(" ");
    const good = rows.length - report.failed;
    const verb = check ? ["acceptable as is", "refused"] : ["converted", "not converted"];
    lines.push(
      `${title === "" ? "" : `${title}: `}${rows.length} tools, ${good} ${verb[0]}, ${report.failed} ${verb[1]}`,
      "",
    );
  }
  const table = rows.flatMap((row) => describeRow(row, target === "anthropic"));
  const width = Math.max(4, ...table.map(([name]) => name.length));
  lines.push(`${"tool".padEnd(width)}  result`);
  for (const [name, text] of table) lines.push(`${name.padEnd(width)}  ${text}`);
  return `${lines.join("\n")}\n`;
}

/** `names` without repeats, joined. */
const listed = (names: readonly string[]): string => [...new Set(names)].join(", ");

function describeRow(row: ToolReport, budget: boolean): [string, string][] {
  if ("reasons" in row) {
    if (row.reasons.length === 0) return [[row.name, "ok: strict mode accepts it as is"]];
    return row.reasons.map((reason, index) => [index === 0 ? row.name : "", `${reason.keyword}: ${reason.message}`]);
  }
  if (row.ok) {
    const count = row.nullPaths.length;
    const relaxed =
      row.relaxations.length > 0 ? `, relaxed: ${row.relaxations.map((relaxation) => relaxation.kind).join(", ")}` : "";
    const { encodings, described, rewrites } = row;
    const encoded = encodings.length > 0 ? `, encoded: ${encodings.map((encoding) => encoding.kind).join(", ")}` : "";
    const words = described.length > 0 ? `, described: ${listed(described.map((each) => each.keyword))}` : "";
    const rewritten = rewrites.length > 0 ? `, rewritten: ${listed(rewrites.map((each) => each.kind))}` : "";
    const spent = budget
      ? `, budget: ${row.budget.optionalParameters} optional, ${row.budget.unionParameters} union`
      : "";
    const nulls = `${count} null path${count === 1 ? "" : "s"}`;
    return [[row.name, `converted, ${nulls}${relaxed}${encoded}${words}${rewritten}${spent}`]];
  }
  return [[row.name, `not converted: ${row.error.keyword}: ${row.error.message}`]];
}
