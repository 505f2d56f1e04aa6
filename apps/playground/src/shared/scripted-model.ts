// The name the page and the server give the built-in scripted model (a model
// name like any other in a conversation request).

/** The model name that picks the playground's scripted model instead of a real one. */
export const SCRIPTED_MODEL = "scripted";
