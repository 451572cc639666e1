// zino-ctx (docs/zino-protocol.md §4): the instance database and message builder, served on the ctx socket.
export { createCtxService, type CtxService, type CtxServiceDeps } from "./ctx-service.js";
export { createSqliteStore, type SqliteStoreOptions } from "./sqlite-store.js";
export type { ChatMessage } from "../protocol/index.js";
export { DEFAULT_KEY, type ConfigLayer, type CtxStore, type HardMemory, type PromptName } from "./store.js";
export {
  CHARS_PER_TOKEN,
  MESSAGE_OVERHEAD_TOKENS,
  estimateMessageTokens,
  estimateMessagesTokens,
  estimateTokens,
} from "../config/index.js";
export { dropOrphans, selectHistory, type HistoryLimits } from "./history-window.js";
export {
  AgentFilesError,
  SkillFileSchema,
  ToolFileSchema,
  readAgentFiles,
  toFunctionTool,
  toolFunctionName,
  type AgentFiles,
  type SkillFile,
  type ToolFile,
} from "./agent-files.js";
export {
  DEFAULT_SYSTEM_TEMPLATE,
  PLACEHOLDERS,
  fillTemplate,
  renderSkillLines,
  renderToolList,
  type Placeholder,
} from "./system-prompt.js";
export { overlapScore, searchHardMemories, wordsOf } from "./hard-memory-search.js";
export { SECRET_MASK, maskSecrets } from "./config-view.js";
