// The README's limits table names each option of `options.limits` as strictSchema
// reads it, its default as DEFAULT_LIMITS holds it, and the keyword an exceeded
// limit is reported with; setting the option really moves that limit.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { DEFAULT_LIMITS } from "./limits";
import { strictSchema } from "./strict-schema";
import type { StrictLimits } from "./types";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const rows = [...readme.matchAll(/^\| `(\w+)` \| (\d+) \| (`\w+`|—) \|/gm)].map(([, option, value, keyword]) => ({
  option: option as keyof StrictLimits,
  value: Number(value),
  keyword: keyword === "—" ? undefined : keyword?.slice(1, -1),
}));

/** A schema that exceeds the limit `keyword` names once its option is 0. */
const over = { type: "object", properties: { a: { type: "string", enum: ["x"] } }, required: ["a"] };

it("lists every option of DEFAULT_LIMITS, with its default", () => {
  expect(Object.fromEntries(rows.map((row) => [row.option, row.value]))).toEqual(DEFAULT_LIMITS);
});

it.each(rows.filter((row) => row.keyword !== undefined))("options.limits.$option is reported as $keyword", ({ option, keyword }) => {
  // (largeEnumSize 0 makes every enum large, so maxEnumChars applies)
  const result = strictSchema(over, { limits: { [option]: 0, largeEnumSize: 0 } });
  expect(result.ok ? undefined : result.error.keyword).toBe(keyword);
  expect(strictSchema(over, { limits: { largeEnumSize: 0 } }).ok).toBe(true);
});

it("largeEnumSize decides when maxEnumChars applies", () => {
  const limits = { maxEnumChars: 0, largeEnumSize: 1 };
  expect(strictSchema(over, { limits }).ok).toBe(true);
  expect(strictSchema({ ...over, properties: { a: { enum: ["x", "y"] } } }, { limits })).toMatchObject({ ok: false, error: { keyword: "max_enum_chars" } });
});
