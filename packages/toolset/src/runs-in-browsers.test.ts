// The package runs in browsers and Node alike: its library code uses no host
// API (the tests may). Lint has no rule for this package, so this test is it.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const libraryFiles = readdirSync(new URL("./", import.meta.url)).filter(
  (file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".test-d.ts"),
);

describe("library code", () => {
  it("is found", () => {
    expect(libraryFiles).toContain("build-toolset.ts");
  });

  it.each(libraryFiles)("%s uses no Node, DOM or other host API", (file) => {
    // Comments may name what the code avoids.
    const source = readFileSync(new URL(file, import.meta.url), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|\s)\/\/.*$/gm, "");
    const imports = [...source.matchAll(/from "([^"]+)"/g)].map((match) => match[1]);
    expect(imports.filter((specifier) => !specifier!.startsWith("./") && specifier !== "@x/strict-schema")).toEqual([]);
    expect(
      source.match(/\b(Buffer|process|require|TextEncoder|TextDecoder|atob|btoa|crypto|window|document|globalThis)\b/g),
    ).toBeNull();
  });
});
