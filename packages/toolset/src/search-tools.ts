/** One tool the client-side tool search can find. */
export interface SearchableTool {
  /** The exposed name (the toolset's), which identifies the tool in results. */
  readonly name: string;
  /** The name the model calls it by (inside its namespace, or the exposed name). */
  readonly callName: string;
  /** The server it comes from, as given to `buildToolset`. */
  readonly server: string;
  /** Its namespace, when tools are sent in namespaces. */
  readonly namespace?: string;
  readonly description?: string;
}

/** One result of {@link searchTools}: a tool and its score (higher is better, always above 0). */
export interface SearchMatch {
  readonly name: string;
  readonly score: number;
}

// How much a query word found in each field counts (BM25F): a word of the
// tool's name says most, one of its server's name next, one of its
// description least. Each field is normalised by its own length, so a long
// description does not drown a word of the name.
const FIELDS = [
  { field: "name", weight: 3 },
  { field: "server", weight: 2 },
  { field: "description", weight: 1 },
] as const;
type Field = (typeof FIELDS)[number]["field"];
// BM25's usual constants: term-frequency saturation and length normalisation.
const K1 = 1.2;
const B = 0.75;

// Words that say nothing about which tool is meant.
const STOP_WORDS = new Set(
  (
    "a an and are as at be by do for from get give i in into is it me my of on or show " +
    "the this to use using want with you your"
  ).split(" "),
);

// What separates words: every character that is not a letter or a digit.
const WORD_BREAK = /[^\p{L}\p{N}]+/u;

/**
 * The longest query a search takes, in characters (UTF-16 code units). A
 * search costs time in the query's length (splitting it) and in its distinct
 * words times the tools (each word is looked up in every tool's fields): a
 * query of 0.69 MB holds the one thread for seconds over 352 tools. The
 * `tool_search` tool asks for "a few words"; the longest of the corpus
 * queries in the large tool sets guide is 38 characters, and 500 leaves room for a long
 * sentence with identifiers in it.
 */
export const MAX_QUERY_LENGTH = 500;

/**
 * The most words a query may have (runs of letters or digits, counted as
 * the model wrote them). At 32 words, the words' share of a search over
 * 352 tools is of the order of the fixed cost of reading the tools' fields
 * (`pnpm bench`); a task said in a sentence has fewer.
 */
export const MAX_QUERY_WORDS = 32;

/**
 * Why `query` is more than one search takes ({@link MAX_QUERY_LENGTH},
 * {@link MAX_QUERY_WORDS}), as a message for the model; `undefined` when
 * it fits. The length is checked first, so counting the words never reads
 * more than the longest query taken.
 *
 * @param query - the query the model sent
 * @returns the reason, or `undefined`
 */
export function queryTooLarge(query: string): string | undefined {
  const retry = 'Say what the tool should do in a few words, e.g. "create a GitHub issue".';
  if (query.length > MAX_QUERY_LENGTH) {
    return (
      `The query is ${query.length} characters long: a search takes at most ${MAX_QUERY_LENGTH} characters and ` +
      `${MAX_QUERY_WORDS} words. ${retry}`
    );
  }
  const words = query.split(WORD_BREAK).filter((word) => word !== "").length;
  if (words > MAX_QUERY_WORDS) {
    return (
      `The query has ${words} words: a search takes at most ${MAX_QUERY_WORDS} words and ${MAX_QUERY_LENGTH} ` +
      `characters. ${retry}`
    );
  }
  return undefined;
}

/**
 * The words of `text` as the search compares them: split at every
 * character that is not a letter or digit, lower-cased, stop words dropped,
 * and plurals made singular (`repositories` → `repository`, `pods` → `pod`,
 * but `class` stays). A camelCase word also gives its parts
 * (`GitHub` → `github`, `git`, `hub`), so `getUser` finds "get user".
 */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  const add = (word: string): void => {
    const lower = word.toLowerCase();
    if (lower !== "" && !STOP_WORDS.has(lower)) words.push(singular(lower));
  };
  for (const raw of text.split(WORD_BREAK)) {
    add(raw);
    const parts = raw.replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2").split(" ");
    if (parts.length > 1) parts.forEach(add);
  }
  return words;
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (
    word.length > 4 &&
    (word.endsWith("sses") || word.endsWith("xes") || word.endsWith("ches") || word.endsWith("shes"))
  ) {
    return word.slice(0, -2);
  }
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) {
    return word.slice(0, -1);
  }
  return word;
}

/**
 * The tools that best match `query`, best first, at most `limit` of them.
 *
 * The ranking is BM25F: each tool has three fields, its name (the name the
 * model calls, weight 3), its server and namespace names (weight 2) and its
 * description (weight 1), each split into words by {@link searchWords}. For
 * each query word, the field counts are normalised by the field's length
 * against the average (b = 0.75), weighted and summed, then saturated
 * (k1 = 1.2) and multiplied by the word's inverse document frequency, so
 * rarer words count more. A tool scores only for query words it contains;
 * tools scoring 0 are left out, so a query that shares no word with any
 * tool finds nothing. Ties go to the exposed name in code-unit order: the
 * same query over the same tools gives the same results, in every runtime.
 *
 * @param query - what the model searched for
 * @param tools - the tools to search
 * @param limit - the most results (a positive integer)
 * @returns the matches, best first
 */
export function searchTools(query: string, tools: readonly SearchableTool[], limit: number): SearchMatch[] {
  const queryWords = [...new Set(searchWords(query))];
  if (queryWords.length === 0 || tools.length === 0) return [];
  const documents = tools.map((tool) => ({ name: tool.name, fields: fieldWords(tool) }));
  const averages = new Map(
    FIELDS.map(({ field }) => [
      field,
      documents.reduce((sum, doc) => sum + doc.fields[field].length, 0) / documents.length,
    ]),
  );
  const idf = new Map(
    queryWords.map((word) => {
      const holding = documents.filter((doc) => FIELDS.some(({ field }) => doc.fields[field].counts.has(word))).length;
      return [word, Math.log(1 + (documents.length - holding + 0.5) / (holding + 0.5))];
    }),
  );
  const matches: SearchMatch[] = [];
  for (const doc of documents) {
    let score = 0;
    for (const word of queryWords) {
      let frequency = 0;
      for (const { field, weight } of FIELDS) {
        const { counts, length } = doc.fields[field];
        const count = counts.get(word) ?? 0;
        const average = averages.get(field)!;
        if (count > 0) frequency += (weight * count) / (1 - B + (B * length) / (average === 0 ? 1 : average));
      }
      if (frequency > 0) score += idf.get(word)! * ((frequency * (K1 + 1)) / (frequency + K1));
    }
    if (score > 0) matches.push({ name: doc.name, score });
  }
  matches.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return matches.slice(0, limit);
}

interface FieldWords {
  readonly counts: Map<string, number>;
  readonly length: number;
}

function fieldWords(tool: SearchableTool): { readonly [field in Field]: FieldWords } {
  const server =
    tool.namespace === undefined || tool.namespace === tool.server ? tool.server : `${tool.server} ${tool.namespace}`;
  return {
    name: countWords(tool.callName),
    server: countWords(server),
    description: countWords(tool.description ?? ""),
  };
}

function countWords(text: string): FieldWords {
  const words = searchWords(text);
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return { counts, length: words.length };
}
