// The playground's own MCP server: a handful of tools, each chosen to show one
// interesting case of turning MCP tools into OpenAI strict function tools.
// Each carries the MCP annotations a real tool of its kind would (read-only,
// destructive, …), so the approval policies have something to go by.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { COLOURS, drawBars, drawShape } from "./pictures";
import type { ColourName } from "./pictures";
import { encodePng } from "./png";

const colourNames = Object.keys(COLOURS) as [ColourName, ...ColourName[]];

const BOOKS = [
  { title: "The Left Hand of Darkness", genre: "fiction", year: 1969 },
  { title: "A Brief History of Time", genre: "science", year: 1988 },
  { title: "The Guns of August", genre: "history", year: 1962 },
  { title: "Leaves of Grass", genre: "poetry", year: 1855 },
  { title: "The Dispossessed", genre: "fiction", year: 1974 },
  { title: "The Selfish Gene", genre: "science", year: 1976 },
  { title: "SPQR", genre: "history", year: 2015 },
  { title: "Ariel", genre: "poetry", year: 1965 },
] as const;

function text(value: string): CallToolResult {
  return { content: [{ type: "text", text: value }] };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new Error("cancelled by the client"));
      },
      { once: true },
    );
  });
}

/**
 * Creates the demo MCP server (not yet connected to a transport).
 *
 * @example
 * ```ts
 * await createDemoServer().connect(new StdioServerTransport());
 * ```
 */
export function createDemoServer(): McpServer {
  const server = new McpServer({ name: "x-playground-demo", version: "1.0.0" });

  server.registerTool(
    "search_books",
    {
      description:
        "Search a small library. Optional arguments: strict mode sends them as null when the model leaves them out.",
      annotations: { readOnlyHint: true },
      inputSchema: {
        query: z.string().describe("Words to look for in the title"),
        genre: z.enum(["fiction", "science", "history", "poetry"]).optional().describe("Only this genre"),
        max_results: z.number().int().min(1).max(20).optional().describe("At most this many results (default 5)"),
        sort: z.enum(["relevance", "newest", "title"]).optional(),
      },
    },
    ({ query, genre, max_results, sort }) => {
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      const found = BOOKS.filter(
        (book) =>
          (genre === undefined || book.genre === genre) &&
          words.every((word) => book.title.toLowerCase().includes(word)),
      );
      const sorted =
        sort === "newest"
          ? [...found].sort((a, b) => b.year - a.year)
          : sort === "title"
            ? [...found].sort((a, b) => a.title.localeCompare(b.title))
            : found;
      const shown = sorted.slice(0, max_results ?? 5);
      const received = JSON.stringify({ query, genre, max_results, sort });
      return text(
        `${shown.length} book(s) for ${received}:\n` +
          shown.map((book) => `- ${book.title} (${book.genre}, ${book.year})`).join("\n"),
      );
    },
  );

  server.registerTool(
    "create_event",
    {
      description: "Create a calendar event. Nested objects and a list of attendees whose fields are partly optional.",
      annotations: { readOnlyHint: false, destructiveHint: false },
      inputSchema: {
        title: z.string(),
        start: z.object({
          date: z.string().describe("YYYY-MM-DD"),
          time: z.string().optional().describe("HH:MM, 24-hour; all day when absent"),
        }),
        location: z
          .object({
            name: z.string(),
            address: z.object({ street: z.string(), city: z.string() }).optional(),
          })
          .optional(),
        attendees: z
          .array(
            z.object({
              email: z.string(),
              name: z.string().optional(),
              optional: z.boolean().optional().describe("May skip the event"),
            }),
          )
          .describe("Who is invited"),
        reminder_minutes: z.number().int().nonnegative().optional(),
      },
    },
    (args) =>
      text(
        `Created event "${args.title}" on ${args.start.date}. The server received:\n${JSON.stringify(args, null, 2)}`,
      ),
  );

  server.registerTool(
    "weather.forecast",
    {
      description:
        "A made-up forecast. Its name has a dot, which OpenAI does not allow, so it is renamed; it returns " +
        "structuredContent.",
      annotations: { readOnlyHint: true, openWorldHint: false },
      inputSchema: {
        city: z.string(),
        days: z.number().int().min(1).max(7).optional(),
        units: z.enum(["metric", "imperial"]).optional(),
      },
      outputSchema: {
        city: z.string(),
        units: z.enum(["metric", "imperial"]),
        days: z.array(z.object({ day: z.number().int(), high: z.number(), low: z.number(), sky: z.string() })),
      },
    },
    ({ city, days = 3, units = "metric" }) => {
      const skies = ["sunny", "cloudy", "rain", "windy"];
      const forecast = Array.from({ length: days }, (_, day) => {
        const high = 18 + ((city.length * 7 + day * 3) % 9);
        const convert = (celsius: number) => (units === "metric" ? celsius : Math.round(celsius * 1.8 + 32));
        return {
          day: day + 1,
          high: convert(high),
          low: convert(high - 8),
          sky: skies[(city.length + day) % skies.length] ?? "sunny",
        };
      });
      const structuredContent = { city, units, days: forecast };
      return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );

  server.registerTool(
    "set_labels",
    {
      description: "Attach labels to a resource. The labels are an open map (any key).",
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
      inputSchema: {
        resource: z.string(),
        // An object with no fixed properties (`additionalProperties` is a schema), which strict mode cannot express:
        // the stack sends it as a list of key/value entries and gives the tool the object back.
        labels: z.object({}).catchall(z.string()).describe("Any label names and values"),
      },
    },
    ({ resource, labels }) =>
      text(`Labelled ${resource} with ${Object.keys(labels).length} label(s): ${JSON.stringify(labels)}`),
  );

  server.registerTool(
    "save_setting",
    {
      description: "Save a setting under a name. Its value is free-form (any JSON value).",
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
      inputSchema: {
        name: z.string(),
        // A value with no type: strict mode cannot express it, so the stack sends it as JSON text and parses it back.
        value: z.unknown().describe("Any JSON value"),
      },
    },
    ({ name, value }) => text(`Saved ${name} = ${JSON.stringify(value) ?? "nothing"}`),
  );

  server.registerTool(
    "draw_shape",
    {
      description: "Draw a circle or a rectangle as a PNG. The shape is a oneOf, which strict mode does not support.",
      annotations: { readOnlyHint: true },
      inputSchema: {
        shape: z.discriminatedUnion("kind", [
          z.object({ kind: z.literal("circle"), radius: z.number().int().min(2).max(48) }),
          z.object({
            kind: z.literal("rectangle"),
            width: z.number().int().min(2).max(96),
            height: z.number().int().min(2).max(96),
          }),
        ]),
        colour: z.enum(colourNames).optional(),
      },
    },
    ({ shape, colour }) => {
      const png = encodePng(drawShape(shape, colour ?? "violet"));
      return {
        content: [
          { type: "text", text: `A ${colour ?? "violet"} ${shape.kind}.` },
          { type: "image", mimeType: "image/png", data: png.toString("base64") },
        ],
      };
    },
  );

  server.registerTool(
    "plot_bars",
    {
      description: "Plot numbers as a small bar chart and return it as a PNG image.",
      annotations: { readOnlyHint: true },
      inputSchema: {
        values: z.array(z.number()).min(1).max(24),
        colour: z.enum(colourNames).optional(),
      },
    },
    ({ values, colour }) => {
      const png = encodePng(drawBars(values, colour ?? "teal"));
      return {
        content: [
          { type: "text", text: `A bar chart of ${values.length} value(s).` },
          { type: "image", mimeType: "image/png", data: png.toString("base64") },
        ],
      };
    },
  );

  server.registerTool(
    "divide",
    {
      description:
        "Divide two numbers. Dividing by zero is a tool error (isError: true), which the model is told about.",
      annotations: { readOnlyHint: true },
      inputSchema: { dividend: z.number(), divisor: z.number() },
    },
    ({ dividend, divisor }): CallToolResult =>
      divisor === 0
        ? {
            isError: true,
            content: [{ type: "text", text: `Cannot divide ${dividend} by zero: choose a divisor other than 0.` }],
          }
        : text(String(dividend / divisor)),
  );

  server.registerTool(
    "slow_count",
    {
      description: "Count slowly, one step at a time, reporting progress. Shows a tool that takes a while.",
      annotations: { readOnlyHint: true },
      inputSchema: {
        to: z.number().int().min(1).max(10).optional().describe("Count to this number (default 3)"),
        delay_ms: z.number().int().min(10).max(2000).optional().describe("Pause between steps (default 300)"),
      },
    },
    async ({ to = 3, delay_ms = 300 }, extra) => {
      const progressToken = extra._meta?.progressToken;
      for (let step = 1; step <= to; step++) {
        await sleep(delay_ms, extra.signal);
        if (progressToken !== undefined) {
          await extra.sendNotification({
            method: "notifications/progress",
            params: { progressToken, progress: step, total: to, message: `counted ${step}` },
          });
        }
      }
      return text(`Counted to ${to}, ${delay_ms} ms a step.`);
    },
  );

  return server;
}
