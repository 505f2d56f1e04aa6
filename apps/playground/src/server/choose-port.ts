// Which port the playground listens on: PORT when set, else a fixed default
// (the same address at every start, as with other dev servers), else, when the
// default is busy, a free one (said in the terminal).
import { createServer } from "node:net";

/** The port used when PORT is unset and it is free. */
export const DEFAULT_PORT = 5399;

/** The port to listen on, and what to tell the user about it (or `undefined`). */
export type PortChoice = { readonly port: number; readonly note?: string } | { readonly error: string };

/** Whether nothing listens on 127.0.0.1:`port` right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * Reads PORT: a number is taken as it is (0: a free port); unset or empty
 * means {@link DEFAULT_PORT}, or a free port when that one is busy.
 *
 * @example
 * ```ts
 * const choice = await choosePort(process.env["PORT"]);
 * ```
 */
export async function choosePort(portText: string | undefined): Promise<PortChoice> {
  if (portText !== undefined && portText !== "") {
    const port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      return {
        error: `PORT=${JSON.stringify(
          portText,
        )} is not a port number (0–65535; 0 picks a free one; unset: ${DEFAULT_PORT}).`,
      };
    }
    return { port };
  }
  if (await isFree(DEFAULT_PORT)) return { port: DEFAULT_PORT };
  return { port: 0, note: `port ${DEFAULT_PORT} is busy (another playground?): using a free one` };
}
