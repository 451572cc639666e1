// Configuration shared by the ZINO services: the instance file (ZINO.toml) and the per-ctxkey configuration.
export { ConfigError, SERVICE_NAMES, loadInstanceConfig, resolveConfigPath, type InstanceConfig, type ServiceName } from "./instance-config.js";
export {
  AgentConfigSchema, CtxkeyConfigSchema, ExecConfigSchema, HistoryConfigSchema, LlmConfigSchema, McpServerConfigSchema,
  ProviderSchema, mergeConfig, skillCtxkey,
  type AgentConfig, type CtxkeyConfig, type ExecConfig, type HistoryConfig, type JsonObject, type LlmConfig,
  type McpServerConfig, type Provider,
} from "./ctxkey-config.js";
export { CHARS_PER_TOKEN, MESSAGE_OVERHEAD_TOKENS, estimateMessageTokens, estimateMessagesTokens, estimateTokens, type EstimableMessage } from "./token-estimate.js";
