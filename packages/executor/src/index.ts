// The public surface of @x/executor. Nothing is exported until it is really implemented.
export {};
