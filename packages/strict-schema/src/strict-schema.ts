// The rewriter: one pass over the root schema, then over each definition a
// reachable `$ref` uses (a unit each), building only what it outputs; then the
// null paths, expanded across `$ref`s, and the anyOf rule. What differs between
// providers is data, a target (targets.ts), read by the same walk. Each rule of
// the README lives in one place:
//   the targets (keywords, objects, nulls, `$ref`s, enums, types, limits)   targets.ts
//   objects and `required`              rewrite-object.ts
//   nullability (optional properties)   nullable.ts, allows-null.ts
//   `$ref` and definitions, inlining    rewrite-ref.ts, local-ref.ts
//   `anyOf` (and the anyOf null rule)   rewrite-any-of.ts, null-paths.ts
//   keywords kept, described, dropped, refused   keywords.ts, read-keywords.ts
//   `type`, `enum`, `const`, `items`    rewrite-node.ts, rewrite-values.ts, openapi-form.ts
//   limits and the guards               limits.ts, rewrite-context.ts
//   relaxations                         relax.ts
//   encodings (options.encode)          encoded-form.ts, encoded-branches.ts, rewrite-ref.ts
// A rule is a function of (context, the node's keywords, its place) that returns the
// output fragment or calls refuse(); a new keyword is read in read-keywords.ts, and
// what the walk must remember across nodes is a field of RewriteContext.
import { checkEncodedBranches } from "./encoded-branches";
import { checkAnyOfNulls, type Emit, type Entry, expandPaths, type Site, type Unit } from "./null-paths";
import type { Choice, ChoiceBranch, Encoding, Plan } from "./plan";
import { describe, isPlain, own, type Plain } from "./plain-json";
import {
  codePoints,
  countChars,
  createContext,
  errorOf,
  fail,
  NESTING,
  readTarget,
  Refusal,
  throwRefusal,
  refuse,
  type RewriteContext,
  SEGMENTS,
  viewOf,
} from "./rewrite-context";
import { ROOT, rewriteNode } from "./rewrite-node";
import { usedDefinitions } from "./rewrite-ref";
import type { Target } from "./targets";
import type { NullPath, Rewrite, SchemaPath, StrictResult, StrictSchemaOptions, TargetName } from "./types";

/**
 * Rewrites a JSON Schema (an MCP tool's `inputSchema`) into the subset a provider
 * accepts for its tools: OpenAI's strict mode (`"strict": true`) by default, or
 * `options.target` (`"anthropic"`, `"gemini"`, `"gemini-openapi"`; their rules are
 * the tables of targets.ts). Never throws, whatever `schema` is.
 *
 * For OpenAI, every object gets `additionalProperties: false` and all its properties in
 * `required` (sorted); an optional property that did not allow `null` is made nullable (`null`
 * added to its `type` and `enum`, or `anyOf: [schema, null]` around a `$ref` or `const`, a null
 * branch added to an `anyOf`) and its instance path is returned in `nullPaths`, for
 * {@link stripNulls} to remove the `null` the model must now send. Unused `$defs` are dropped,
 * used ones rewritten in place (a `$ref` is never inlined; keywords beside it are dropped, as
 * OpenAI refuses them, or refused when they add structure). Keywords strict mode does not know
 * are dropped, and `enum` values the `type` excludes, and a `title` or `description` that is not
 * a string (it only informs the model; `checkStrict` still names one); keywords it refuses make
 * the result `{ ok: false }` with the schema path (in the input), the keyword or limit name and
 * the target. Characters are counted in code points. Other targets keep optional properties
 * optional, write what they cannot express into the description (`described`), spell out
 * `$ref`s or unroll recursion (`rewrites`), and send an enum of numbers as strings (`gemini-openapi`).
 *
 * Output keys come in a fixed order: `$ref`; or `anyOf`, `title`,
 * `description`; or `type`, `enum`, `const`, `title`, `description`, `format`,
 * `pattern`, `minLength`, `maxLength`, `minItems`, `maxItems`, `minimum`,
 * `exclusiveMinimum`, `maximum`, `exclusiveMaximum`, `multipleOf`, `items`,
 * `properties`, `required`, `additionalProperties`; then `$defs` and
 * `definitions` at the root. Properties and definitions keep their input order.
 *
 * With `options.encode`, what the target cannot express is rewritten in an
 * encoded form in the same walk (encoded-form.ts: a map as key/value entries, a
 * free-form map or value as JSON text, an open rest in one added property); the
 * result's `plan` lists the encodings beside the null paths, and `restoreArguments` undoes
 * it. Errors keep their paths in the input.
 *
 * @param schema - The schema; its root must be `"type": "object"`.
 * @param options - `target` (`"openai"` by default); `limits` overrides the target's limits; `relax.oneOf` /
 *   `relax.allOf` opt into the relaxations; `encode` into the encodings; `recursionDepth` bounds unrolled recursion.
 * @returns `{ ok: true, schema, nullPaths, relaxations, encodings, plan, described, rewrites, budget }` or
 *   `{ ok: false, error: { path, keyword, message, target } }`.
 *
 * @example
 * ```ts
 * import { strictSchema } from "@x/strict-schema";
 *
 * const result = strictSchema({
 *   type: "object",
 *   properties: { q: { type: "string" }, limit: { type: "integer" } },
 *   required: ["q"],
 * });
 * if (result.ok) {
 *   result.schema.properties; // { q: { type: "string" }, limit: { type: ["integer", "null"] } }
 *   result.nullPaths; // [["limit"]]
 * } else {
 *   result.error; // { path, keyword, message, target }
 * }
 *
 * const env = { type: "object", properties: { env: { type: "object", additionalProperties: { type: "string" } } } };
 * const encoded = strictSchema(env, { encode: true });
 * if (encoded.ok) encoded.plan; // { nullPaths: [["env"]], encodings: [{ kind: "entries", path: ["env"] }] }
 *
 * const anthropic = strictSchema({ type: "object", properties: { n: { type: "integer", minimum: 1 } } }, {
 *   target: "anthropic",
 * });
 * if (anthropic.ok) anthropic.described;
 * // [{ path: ["properties", "n", "minimum"], keyword: "minimum", text: "at least 1" }]
 * ```
 */
export function strictSchema(schema: unknown, options?: StrictSchemaOptions): StrictResult {
  const root: Unit = { path: [], schema, entries: [], encodings: [], kept: [], sites: [] };
  let context: RewriteContext | undefined;
  let target: TargetName = "openai";
  try {
    const rules: Target = readTarget(options);
    target = rules.name;
    context = createContext(schema, rules, options, root);
    return rewrite(context, root);
  } catch (thrown) {
    const refusal = thrown instanceof Refusal ? thrown : unreadable(context?.path ?? [], thrown);
    // (with encode, refusals are reported at their paths in the input, not in the encoded form)
    return { ok: false, error: errorOf(context, refusal, target) };
  }
}

/**
 * What a throw from outside the rules means: a stack overflow despite the nesting guards,
 * or a throwing getter or Proxy.
 */
function unreadable(path: SchemaPath, thrown: unknown): Refusal {
  if (thrown instanceof RangeError) return new Refusal("max_depth", "nested too deep; flatten the schema.", path);
  const why = thrown instanceof Error ? thrown.message : describe(thrown);
  return new Refusal("type", `unreadable (${why}); pass plain JSON data, as JSON.parse returns.`, path);
}

function rewrite(context: RewriteContext, root: Unit): StrictResult {
  if (!isPlain(root.schema)) refuse(context, "type", ROOT);
  try {
    // (the Map iterates the units that $refs add while it runs)
    for (const unit of context.units.values()) {
      context.unit = unit;
      context.path.push(...unit.path);
      if (unit.path.length > 0) countChars(context, codePoints(unit.path[1] as string));
      unit.out = rewriteNode(context, unit.schema, { level: 0, depth: 0, makeNull: false });
      context.path.length = 0;
    }
  } catch (thrown) {
    // With encode, a oneOf refused earlier let the walk go on; it is reported before what came after it.
    if (context.deferred === undefined) throw thrown;
  }
  // Encodings are checked first: an ambiguous one is the reason a refused oneOf's branches were rewritten for.
  // (a target records encodings of its own: recursion cut into JSON text, enums as text)
  const encodings = checkEncodings(context, root);
  if (context.deferred !== undefined) throwRefusal(context.deferred);
  const out = root.out as Plain;
  const emit = expandPaths(context.units.values(), "entries", NESTING, SEGMENTS, fail);
  let nullPaths: NullPath[] = [];
  emit(root.entries, [], (nullPath) => nullPaths.push(nullPath));
  for (const keyword of ["$defs", "definitions"] as const) {
    const definitions = usedDefinitions(context, keyword);
    if (definitions !== undefined) out[keyword] = definitions;
  }
  if (context.anyOfSites > 0) {
    checkAnyOfNulls(context.units.values(), emit, context.nulls.nullsAt, fail);
    // Only branches of an anyOf can repeat a path.
    const seen = new Set<string>();
    nullPaths = nullPaths.filter((nullPath) => {
      const key = JSON.stringify(nullPath);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  const { relaxations, described } = context;
  const kept = context.fills > 0 ? keptNulls(context, root, emit) : undefined;
  const plan: Plan = planOf(nullPaths, encodings, kept);
  const budget = { optionalParameters: context.optional, unionParameters: context.unions };
  const rewrites = distinct(context.rewrites);
  return {
    ok: true,
    schema: out,
    nullPaths,
    relaxations,
    encodings: plan.encodings ?? [],
    plan,
    described,
    rewrites,
    budget,
  };
}

/** The plan: null paths and encodings, and the kept nulls and choices when there are any. */
function planOf(
  nullPaths: readonly NullPath[],
  encodings: readonly Encoding[],
  kept: { readonly keptNulls: NullPath[]; readonly choices: Choice[] } | undefined,
): Plan {
  if (kept === undefined || (kept.keptNulls.length === 0 && kept.choices.length === 0)) return { nullPaths, encodings };
  return {
    nullPaths,
    encodings,
    ...(kept.keptNulls.length > 0 ? { keptNulls: kept.keptNulls } : {}),
    ...(kept.choices.length > 0 ? { choices: kept.choices } : {}),
  };
}

/** `rewrites` without repeats (a definition spelled out in several places records each `$ref` once). */
function distinct(rewrites: Rewrite[]): Rewrite[] {
  if (rewrites.length < 2) return rewrites; // (the call's own list)
  const seen = new Set<string>();
  return rewrites.filter((rewrite) => {
    const key = JSON.stringify(rewrite);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/**
 * The kept nulls (optional properties that already take null, which OpenAI's strict form requires) and the
 * choices (anyOf sites whose object branches send nulls), `$ref`s expanded, for encodeArguments.
 */
function keptNulls(
  context: RewriteContext,
  root: Unit,
  nulls: Emit,
): { readonly keptNulls: NullPath[]; readonly choices: Choice[] } {
  const emit = expandPaths(context.units.values(), "kept", NESTING, SEGMENTS, fail);
  const paths: NullPath[] = [];
  const choices: Choice[] = [];
  emit(root.kept, [], (path, entry) => {
    if (entry.site === undefined) paths.push(path);
    else {
      const branches = choiceBranches(context, entry, nulls, emit);
      if (branches.length > 0) choices.push({ path, branches });
    }
  });
  return { keptNulls: paths, choices };
}

/** The object branches of a choice's site, each with the properties it declares and requires, and its fills. */
function choiceBranches(context: RewriteContext, entry: Entry, nulls: Emit, kept: Emit): ChoiceBranch[] {
  const site = entry.site as Site;
  const unit = site.owner;
  const branches: ChoiceBranch[] = [];
  for (const branch of site.branches) {
    const out = definedOutput(context, branch.out);
    if (out === undefined) continue;
    const fills: NullPath[] = [];
    nulls(unit.entries.slice(branch.from, branch.to), [], (path) => fills.push(path.slice(site.depth)));
    kept(unit.kept.slice(branch.kept[0], branch.kept[1]), [], (path, inner) => {
      if (inner.site === undefined) fills.push(path.slice(site.depth));
    });
    const declared = Object.keys(out.properties as Plain);
    const input = own(inputOf(context, branch.schema), "required");
    const required = Array.isArray(input) ? input.filter((name) => declared.includes(name as string)) : [];
    branches.push({ declared, required: required as string[], fills });
  }
  return branches;
}

/** A branch's output as an object schema with properties (through `$ref`s to definitions), or `undefined`. */
function definedOutput(context: RewriteContext, out: Plain): Plain | undefined {
  let node: Plain | undefined = out;
  for (let hops = 0; hops < 64 && typeof node?.$ref === "string"; hops++) {
    const found = context.refs.local(node.$ref);
    // (a hoisted target's name needs no decoding)
    node = context.units.get(typeof found === "string" ? node.$ref.slice(2) : found.path.join("/"))?.out;
  }
  return isPlain(node?.properties) ? node : undefined;
}

/** A branch's input schema, through `$ref`s, as the walk read it. */
function inputOf(context: RewriteContext, schema: unknown): unknown {
  let node = viewOf(context, schema);
  for (let hops = 0; hops < 64 && own(node, "$ref") !== undefined; hops++)
    node = viewOf(context, context.pointsTo(node));
  return node;
}

/** The encodings, `$ref`s expanded, once those inside `anyOf` branches are known to be unambiguous. */
function checkEncodings(context: RewriteContext, root: Unit): Encoding[] {
  // (most schemas have nothing to encode)
  if (context.encoded === 0) return [];
  const units = [...context.units.values()];
  const emit = expandPaths(units, "encodings", NESTING, SEGMENTS, fail);
  checkEncodedBranches(context, emit);
  const encodings: Encoding[] = [];
  emit(root.encodings, [], (path, entry) => encodings.push({ ...(entry.encoding as Encoding), path }));
  return encodings;
}
