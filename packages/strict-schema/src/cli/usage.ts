// The text of `x-strict-schema --help`.

/** What `--help` prints. */
export const USAGE: string = `Usage: x-strict-schema [options] [file]

Rewrites JSON Schemas into a provider's schema subset: OpenAI's strict mode
("strict": true function tools) by default, or with --target Anthropic's strict
tool use, Gemini's JSON Schema parameters or Gemini's OpenAPI parameters.
Reads one JSON document from <file>, or from standard input when <file> is "-"
or absent:
  - a JSON Schema (a tool's inputSchema),
  - an MCP tools/list result: { "tools": [ { "name", "inputSchema", … } ] }
    (also inside a JSON-RPC response: { "result": { "tools": […] } }),
  - a corpus file: { "server", "version", "tools": […] },
  - a single MCP tool: { "name", "inputSchema" }.

Output (JSON on standard output, so it can be piped):
  a schema  { "ok": true, "schema": {…}, "nullPaths": […], "relaxations": […],
              "encodings": […], "plan": {…}, "described": […], "rewrites": […],
              "budget": { "optionalParameters": n, "unionParameters": n } }
            or { "ok": false, "error": { "path": […], "keyword": "…", "message": "…",
                                           "target": "…" } }
  tools     { "server"?, "version"?, "converted": n, "failed": n,
              "tools": [ { "name": "…", "ok": true, "schema", "nullPaths", … }
                       | { "name": "…", "ok": false, "error": { … } } ] }
  A null path lists the property names leading to a property that strict mode
  made nullable; null in it means "every array element". Undo what the plan
  lists on the model's arguments (restoreArguments) before calling the tool.

Options:
  --target <name>  openai (the default), anthropic, gemini or gemini-openapi.
  --check          Do not rewrite: list every reason the target would refuse
                   the schema(s) as they are ("reasons" instead of "schema"/"error").
  --summary        Print a table for people instead of JSON.
  --relax-oneof    Rewrite a oneOf with a const/enum discriminator as anyOf.
  --relax-allof    Merge an allOf of object schemas that do not conflict.
  --encode         Encode open maps (as key/value entries), free-form values
                   (as JSON text) and open rests; each result then lists its
                   "encodings", which restoreArguments undoes.
  -h, --help       Show this help.

Exit status: 0 when every schema converted (with --check: was acceptable),
1 when some did not, 2 when the input could not be read (no such file, not
JSON, not one of the shapes above) or the options are wrong.
`;
