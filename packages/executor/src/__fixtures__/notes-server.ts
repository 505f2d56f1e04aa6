// A real MCP server (the SDK's McpServer) for the approval tests: a notebook
// whose tools carry MCP annotations (one read-only, one destructive, one
// with none), connected to a real SDK Client over the in-memory transport.
// It records every call it runs, so a test can see what was not run.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { buildToolset } from "@x/toolset";
import type { Toolset } from "@x/toolset";
import { z } from "zod";

export interface NotesServer {
  readonly client: Client;
  readonly toolset: Toolset;
  /** The notes, by title. */
  readonly notes: Map<string, string>;
  /** Every call the server ran: tool name and arguments, in order. */
  readonly ran: [tool: string, args: unknown][];
  close(): Promise<void>;
}

/** Starts a notebook holding `notes`; `read_note` is read-only, `delete_note` destructive, `append_note` unannotated. */
export async function startNotesServer(
  notes: { [title: string]: string } = { todo: "buy milk", ideas: "a boat" },
): Promise<NotesServer> {
  const server = new McpServer({ name: "notes", version: "1.0.0" });
  const stored = new Map(Object.entries(notes));
  const ran: [string, unknown][] = [];
  server.registerTool(
    "read_note",
    { description: "Reads a note.", inputSchema: { title: z.string() }, annotations: { readOnlyHint: true } },
    (args) => {
      ran.push(["read_note", args]);
      return { content: [{ type: "text", text: stored.get(args.title) ?? "(no such note)" }] };
    },
  );
  server.registerTool(
    "delete_note",
    {
      description: "Deletes a note.",
      inputSchema: { title: z.string() },
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
    (args) => {
      ran.push(["delete_note", args]);
      stored.delete(args.title);
      return { content: [{ type: "text", text: `Deleted ${args.title}.` }] };
    },
  );
  server.registerTool(
    "append_note",
    { description: "Appends to a note.", inputSchema: { title: z.string(), text: z.string() } },
    (args) => {
      ran.push(["append_note", args]);
      stored.set(args.title, `${stored.get(args.title) ?? ""}${args.text}`);
      return { content: [{ type: "text", text: `Appended to ${args.title}.` }] };
    },
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "approval-test", version: "1.0.0" });
  await client.connect(clientSide);
  const { toolset } = buildToolset({ notes: (await client.listTools()).tools });
  return {
    client,
    toolset,
    notes: stored,
    ran,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
