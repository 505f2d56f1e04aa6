// The public surface of @x/strict-schema/encode: the arguments a model would
// send for a value, under a tool's plan (to pre-fill a form, or in a test). A
// runtime that converts tools and restores arguments needs only the main entry.
export { encodeArguments } from "./encode-arguments";
