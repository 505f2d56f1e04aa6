/** Whether a value read off the network is a plain object (not null, not an array). */
export const isRecord = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);
