// The public surface of @x/openai-chat. Nothing is exported until it is really implemented.
export {};
