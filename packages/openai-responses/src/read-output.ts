import type { ResponsesItem, ResponsesResponse } from "./responses-types";

// The response comes off the network: the types say what OpenAI sends, these
// checks keep a malformed item (or an OpenAI-compatible server's) from throwing.

/** A plain object, read field by field. */
export type Fields = { readonly [key: string]: unknown };

/** Whether `value` is a plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The output items of a response, or the list itself; `[]` for anything else. */
export function readOutput<TItem extends ResponsesItem>(
  response: ResponsesResponse<TItem> | readonly TItem[],
): readonly TItem[] {
  if (Array.isArray(response)) return response as readonly TItem[];
  const output: unknown = isRecord(response) ? response.output : undefined;
  return Array.isArray(output) ? (output as readonly TItem[]) : [];
}
