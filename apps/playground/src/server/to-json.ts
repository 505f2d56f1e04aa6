// Values the API returns go through JSON: this makes that explicit and typed.
import type { Json } from "../shared/api-types";

/**
 * `value` as JSON would carry it (undefined dropped, errors as `{ name, code, message }`).
 *
 * @example
 * ```ts
 * toJson({ a: undefined, b: 1 }); // { b: 1 }
 * ```
 */
export function toJson(value: unknown): Json {
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Error
      ? {
          name: item.name,
          ...("code" in item ? { code: (item as { code: unknown }).code } : {}),
          message: item.message,
        }
      : item,
  );
  return text === undefined ? null : (JSON.parse(text) as Json);
}
