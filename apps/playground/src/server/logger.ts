// Where the playground server writes what it has to say. Tests pass `silentLogger`.

/** A sink for the server's messages. */
export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

/**
 * Writes to the process's stdout and stderr.
 *
 * @example
 * ```ts
 * consoleLogger.info("listening");
 * ```
 */
export const consoleLogger: Logger = {
  info: (message) => void process.stdout.write(`${message}\n`),
  error: (message) => void process.stderr.write(`${message}\n`),
};

/**
 * Drops every message.
 *
 * @example
 * ```ts
 * await startPlayground({ servers: [], logger: silentLogger });
 * ```
 */
export const silentLogger: Logger = { info: () => {}, error: () => {} };
