// The public surface of @x/openai-responses. Nothing is exported until it is really implemented.
export {};
