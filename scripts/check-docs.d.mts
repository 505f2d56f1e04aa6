// Types of check-docs.mjs, for its test.

/** A history word: the pattern, and what to say about a line it matches. */
export interface HistoryWord {
  readonly pattern: RegExp;
  readonly say: string;
}

/** Words that tell history, not what the code does. */
export declare const HISTORY: readonly HistoryWord[];

/** Legitimate uses of a history word: a path (or a prefix ending in "/"; "" for any) and text on the line. */
export declare const ALLOWED: readonly { readonly path: string; readonly text: string; readonly why: string }[];

/** The most lines of a README or a guide. */
export declare const MAX_LINES: number;

/**
 * The history words on one line of `path`, as messages, after the allow-list.
 *
 * @example
 * ```ts
 * historyOnLine("README.md", "As the seed says"); // ['an internal reference document …: "the seed"']
 * ```
 */
export declare function historyOnLine(path: string, line: string): string[];

/** Whether `path` is text a user reads: a README, a guide, or a library source that is no test or fixture. */
export declare function isShippedText(path: string): boolean;

/** Whether `path` is a README or a guide. */
export declare function isPage(path: string): boolean;

/** The TypeScript and JavaScript code blocks of a Markdown page, with the line each starts on. */
export declare function codeBlocks(markdown: string): { readonly line: number; readonly text: string }[];

/** Whether `block` is the whole of `file`, or a run of its whole lines. */
export declare function isPartOf(block: string, file: string): boolean;

/** Every problem in the given files, as `path:line: message` strings. */
export declare function checkFiles(files: readonly { readonly path: string; readonly text: string }[]): string[];

/** The files git tracks under `root` that the checks read. */
export declare function trackedFiles(root: string): { path: string; text: string }[];
