// The built page (vite build → dist/page), served from a fixed list of files
// read at start: a request path is looked up, never joined onto the disk path.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";

/** One file of the built page. */
export interface StaticFile {
  readonly body: Buffer;
  readonly contentType: string;
}

const CONTENT_TYPES: { readonly [extension: string]: string } = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * Every file under `dir`, keyed by its URL path (`/index.html`, `/assets/…`),
 * or an empty map when the page has not been built.
 *
 * @example
 * ```ts
 * const files = loadStaticFiles("dist/page");
 * files.get("/index.html");
 * ```
 */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  let paths: string[];
  try {
    paths = walk(dir);
  } catch {
    return files;
  }
  for (const path of paths) {
    const urlPath = "/" + relative(dir, path).split(sep).join("/");
    files.set(urlPath, {
      body: readFileSync(path),
      contentType: CONTENT_TYPES[extname(path)] ?? "application/octet-stream",
    });
  }
  return files;
}
