// Types of find-chromium.mjs, for the TypeScript tests that launch the browser.

/** The usual install paths of Chrome and Chromium, per `process.platform`, in the order they are tried. */
export declare const INSTALL_PATHS: { readonly [platform: string]: readonly string[] };

/** What the machine looks like; each field defaults to this process and this machine. */
export interface Machine {
  readonly env?: { readonly [name: string]: string | undefined };
  readonly platform?: string;
  readonly home?: string;
  readonly exists?: (path: string) => boolean;
}

/** The browser found, and how, or what was looked for and how to get one. */
export type FoundChromium =
  | { readonly path: string; readonly from: "CHROME_PATH" | "install path" }
  | { readonly path: undefined; readonly problem: string };

/**
 * The browser to drive: `CHROME_PATH`, else the first usual install path that exists.
 *
 * @example
 * ```ts
 * const found = findChromium();
 * ```
 */
export declare function findChromium(machine?: Machine): FoundChromium;
