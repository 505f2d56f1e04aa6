// Values an OpenAI-compatible server can put where a JSON string belongs (a
// call's `arguments`) and that JSON.stringify cannot write: objects nested
// deeper than its stack goes, cycles, BigInts. For the adapters' property tests.

/** The kinds of value {@link nonJsonValue} builds. */
export const NON_JSON_SHAPES = ["deep", "cyclic", "bigint"] as const;

/**
 * A value JSON.stringify throws on: an object nested `8_000 + size` levels
 * deep, an object containing itself `size` levels down, or a BigInt inside
 * `size` levels of objects.
 */
export function nonJsonValue(shape: (typeof NON_JSON_SHAPES)[number], size: number): unknown {
  const nest = (levels: number, inner: { [key: string]: unknown }): { [key: string]: unknown } => {
    let value = inner;
    for (let level = 0; level < levels; level++) value = { a: value };
    return value;
  };
  switch (shape) {
    case "deep":
      return nest(8_000 + size, {});
    case "cyclic": {
      const inner: { [key: string]: unknown } = {};
      const root = nest(size, inner);
      inner["self"] = root;
      return root;
    }
    case "bigint":
      return nest(size, { n: BigInt(size) });
    default: {
      const _exhaustive: never = shape;
      return _exhaustive;
    }
  }
}
