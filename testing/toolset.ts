// @x/toolset for these helpers. testing/ is not a package and has no
// node_modules, so it cannot import "@x/toolset" by name: it imports the
// package's public entry by path, the very file "@x/toolset" resolves to
// under the workspace's "@x/source" condition (one module, so a ToolError made
// here is a ToolError to the package under test).
export { buildToolset, toCallToolResult, ToolError } from "../packages/toolset/src/index";
export { prepareToolDefinitions } from "../packages/toolset/src/adapter/index";
export type { McpCallToolResult, NullPathsByTool, OutputOptions, ToolCalls, ToolOutcome, Toolset } from "../packages/toolset/src/index";
