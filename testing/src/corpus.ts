import { readdirSync, readFileSync } from "node:fs";

/** One real server's `tools/list` result, from the repository's corpus/. */
export interface CorpusServer {
  /** The file name without `.json`: a readable server name with no disallowed characters. */
  readonly server: string;
  /** The npm package the tools come from. */
  readonly package: string;
  readonly tools: readonly unknown[];
}

const corpusDirectory = new URL("../../corpus/", import.meta.url);

/** Every server of the corpus, by file name. */
export function loadCorpus(): CorpusServer[] {
  return readdirSync(corpusDirectory)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => {
      const data = JSON.parse(readFileSync(new URL(file, corpusDirectory), "utf8")) as {
        server: string;
        tools: unknown[];
      };
      return { server: file.slice(0, -".json".length), package: data.server, tools: data.tools };
    });
}
