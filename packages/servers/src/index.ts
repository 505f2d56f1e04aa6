// The public surface of @x/servers: for applications that connect MCP
// servers from an `mcpServers` config and hand the toolset and clients to
// @x/executor (or to their own loop).
export { connectServers, DEFAULT_CLOSE_GRACE_MS, DEFAULT_RESTART, DEFAULT_TIMEOUT_MS } from "./connect-servers";
export type { ConnectServersOptions, Servers } from "./connect-servers";
export { DEFAULT_MAX_PAGES } from "./list-tools";
export type { RestartPolicy } from "./server-connection";
export { checkServersConfig } from "./server-config";
export type {
  CheckedServer,
  ConnectedClient,
  HttpTransportKind,
  InProcessServer,
  ServerEntry,
  ServersConfig,
  StdioServerConfig,
  ToolFilter,
  ToolFilters,
  UrlServerConfig,
} from "./server-config";
export { displayUrl, HIDDEN, hideCredentials, isSecretName, looksLikeSecret, maskArgs, URL_IN_TEXT } from "./secrets";
export type {
  ServerNotificationEvent,
  ServersHooks,
  ServerStatus,
  ServerStatusEvent,
  ToolsChangedEvent,
} from "./server-status";
export type { RenamedTool, ToolRef, ToolsetDiff } from "./tools-diff";
