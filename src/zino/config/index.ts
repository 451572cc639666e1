// Configuration shared by the ZINO services: the instance file (ZINO.toml) and the per-ctxkey configuration.
export {
  ConfigError,
  SERVICE_NAMES,
  START_ORDER,
  agentPathsOf,
  loadInstanceConfig,
  resolveConfigPath,
  type AgentPaths,
  type InstanceConfig,
  type ServiceName,
} from "./instance-config.js";
export { enclosingConfigFile, enclosingConfigWarning } from "./enclosing-config.js";
export { mapPythonConfig, type PythonMapping } from "./python-compat.js";
export { STORE_DEFAULTS, storeLocation, type PostgresStoreSettings } from "./store-config.js";
export {
  AgentConfigSchema,
  ContextConfigSchema,
  CtxkeyConfigSchema,
  ExecConfigSchema,
  HistoryConfigSchema,
  LlmConfigSchema,
  MAX_HISTORY_MESSAGES,
  MAX_HISTORY_TOKENS,
  MAX_OUTPUT_CAP_BYTES,
  MAX_WAIT_MS,
  McpServerConfigSchema,
  ProviderSchema,
  mergeConfig,
  removeConfigPaths,
  skillCtxkey,
  type AgentConfig,
  type ContextConfig,
  type CtxkeyConfig,
  type ExecConfig,
  type HistoryConfig,
  type JsonObject,
  type LlmConfig,
  type McpServerConfig,
  type Provider,
} from "./ctxkey-config.js";
export {
  CHARS_PER_TOKEN,
  MESSAGE_OVERHEAD_TOKENS,
  estimateMessageTokens,
  estimateMessagesTokens,
  estimateTokens,
  messageTokensAtMost,
  type EstimableMessage,
} from "./token-estimate.js";
export { checkDefaultTables, checkInstanceForStart, socketPathTooLong } from "./instance-checks.js";
