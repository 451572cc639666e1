// Public surface of the zelinqa-mcp server library (docs/zelinqa-mcp.md §2).
export { buildServer, GUIDE_URI } from "./build-server.js";
export type { BuildServerOptions } from "./build-server.js";
export type { ClientFactory } from "./client-provider.js";
export { createClientFactory } from "./client-provider.js";
export { parseMcpEnvironment } from "./environment.js";
export type { ClientSettings, HostSession, McpEnvironment } from "./environment.js";
export { SERVER_NAME, SERVER_VERSION } from "./identity.js";
export { LOG_LEVELS } from "./logger.js";
export type { LogLevel } from "./logger.js";
export { GUIDE } from "./texts/guide.js";
export { INTEGRATION_CHECK } from "./texts/integration-check.js";
export { ADVANCED_INSTRUCTIONS } from "./texts/advanced-texts.js";
export { errorText, formatDetails } from "./error-text.js";
export { createScrubber, secretsOf } from "./secrets.js";
export type { Scrubber } from "./secrets.js";
