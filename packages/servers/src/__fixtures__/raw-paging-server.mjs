/* global process, console, setInterval */
// A raw MCP server over stdio, JSON-RPC by hand (no SDK), to control exactly
// what tools/list answers. Its argument picks the behaviour:
//   pages   three pages of two tools; the tool "change" swaps the list and
//           sends notifications/tools/list_changed
//   repeat  every page gives the same nextCursor (and a tool of its own: page_1, page_2, …)
//   stuck   every page is the same: one tool "stuck" and the nextCursor "same"
//   ttl     each listing has ttlMs 150 and one tool named after how many listings there were
//   counted      as ttl, without ttlMs (calling the tool "listings" answers how many listings there were)
//   unannounced  as counted, and it does not declare tools.listChanged (it never says when its tools change)
//   once:<file>  as pages the first time; when <file> exists, exits 1 at once
//   stubborn     as pages, but ignores SIGTERM and outlives its stdin (only SIGKILL ends it)
//   strict       as pages, but exits on any request before initialize (as servers built on some SDKs do)
// Two environment variables, for the restart and close tests:
//   RAW_PID_DIR      it writes an empty file named after its pid there at start, and <pid>.listing
//                    when a tools/list arrives
//   RAW_LIST_SWITCH  a file read at each tools/list: "hang" never answers, "error" answers a
//                    JSON-RPC error, anything else (or no file) lists as the mode says
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const pidDir = process.env.RAW_PID_DIR;
if (pidDir !== undefined) writeFileSync(join(pidDir, String(process.pid)), "");
const listSwitch = process.env.RAW_LIST_SWITCH;
const listBehaviour = () => {
  if (pidDir !== undefined) writeFileSync(join(pidDir, `${process.pid}.listing`), "");
  return listSwitch !== undefined && existsSync(listSwitch) ? readFileSync(listSwitch, "utf8").trim() : "list";
};

let mode = process.argv[2] ?? "pages";
const strict = mode === "strict";
if (strict) mode = "pages";
let initialized = false;
if (mode === "stubborn") {
  process.on("SIGTERM", () => {});
  setInterval(() => {}, 1_000);
  mode = "pages";
}
if (mode.startsWith("once:")) {
  const marker = mode.slice("once:".length);
  if (existsSync(marker)) {
    console.error("already started once");
    process.exit(1);
  }
  writeFileSync(marker, "");
  mode = "pages";
}
const tool = (name) => ({ name, description: `Tool ${name}.`, inputSchema: { type: "object", properties: {} } });
let version = 1;
let listings = 0;

const pages = () =>
  version === 1
    ? [
        [tool("a1"), tool("a2")],
        [tool("b1"), tool("b2")],
        [tool("c1"), tool("change")],
      ]
    : [[tool("a1"), tool("a2")], [tool("b1"), tool("d1")], [tool("change")]];

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);

function listTools(cursor) {
  if (mode === "stuck") return { tools: [tool("stuck")], nextCursor: "same" };
  if (mode === "repeat") {
    listings++;
    return { tools: [tool(`page_${listings}`)], nextCursor: "same" };
  }
  if (mode === "ttl" || mode === "counted" || mode === "unannounced") {
    listings++;
    return { tools: [tool(`listing_${listings}`)], ...(mode === "ttl" ? { ttlMs: 150 } : {}) };
  }
  const all = pages();
  const index = cursor === undefined ? 0 : Number(cursor.slice(1));
  return { tools: all[index], ...(index + 1 < all.length ? { nextCursor: `p${index + 1}` } : {}) };
}

createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  if (strict && !initialized && message.method !== "initialize") {
    console.error(`${message.method} before initialize`);
    process.exit(1);
  }
  switch (message.method) {
    case "initialize":
      initialized = true;
      return send({
        id: message.id,
        result: {
          protocolVersion: message.params.protocolVersion,
          capabilities: { tools: mode === "unannounced" ? {} : { listChanged: true } },
          serverInfo: { name: "raw-paging", version: "1.0.0" },
        },
      });
    case "tools/list":
      switch (listBehaviour()) {
        case "hang":
          return;
        case "error":
          return send({ id: message.id, error: { code: -32603, message: "the tool index is locked" } });
        default:
          return send({ id: message.id, result: listTools(message.params?.cursor) });
      }
    case "tools/call":
      if (message.params.name === "listings") {
        return send({ id: message.id, result: { content: [{ type: "text", text: String(listings) }] } });
      }
      if (message.params.name === "change") {
        version = 2;
        send({ id: message.id, result: { content: [{ type: "text", text: "changed" }] } });
        return send({ method: "notifications/tools/list_changed" });
      }
      return send({ id: message.id, result: { content: [{ type: "text", text: `ran ${message.params.name}` }] } });
    case "ping":
      return send({ id: message.id, result: {} });
    default:
      return send({ id: message.id, error: { code: -32601, message: `no method ${message.method}` } });
  }
});
