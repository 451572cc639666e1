// Public surface of the Zelinqa API server: the app factory, the process starter and its configuration, API
// keys and idempotency.
export { createZelinqaApp } from "./app.js";
export type { ZelinqaApp, ZelinqaAppOptions } from "./app.js";
export { startServer, createLogger } from "./server.js";
export type { RunningServer } from "./server.js";
export { resolveServerConfig, resolveDatabase, ConfigError, LOG_LEVELS } from "./server-config.js";
export type { ServerConfig, ServerFlags, LogLevel } from "./server-config.js";
export { createAuthenticator, KEY_CACHE_MS } from "./api-keys.js";
export type { Principal, Authenticator } from "./api-keys.js";
export { canonicalJson, requestFingerprint, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_RETENTION_MS, CONTENTION_WAIT_MS } from "./idempotency.js";
