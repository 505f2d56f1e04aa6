// The calculator over stdio, for a config entry with a command.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createCalculator } from "./calculator-server";

await createCalculator().connect(new StdioServerTransport());
