// `--open`: the page in the user's default browser, the way each system does it.
import { spawn } from "node:child_process";

/**
 * Opens `url` with `open` (macOS), `start` (Windows) or `xdg-open` (others).
 * Never throws: when no browser can be started, `onError` says why.
 *
 * @example
 * ```ts
 * openBrowser(playground.url, (message) => console.error(message));
 * ```
 */
export function openBrowser(url: string, onError: (message: string) => void): void {
  const [command, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", "", url]]
        : ["xdg-open", [url]];
  const child = spawn(command, args, { stdio: "ignore", detached: true });
  child.once("error", (error) =>
    onError(`could not open a browser (${command}: ${error.message}); open the URL yourself`),
  );
  child.unref();
}
