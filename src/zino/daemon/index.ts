// zino-daemon: the agent loop, the interrupt parser and client streaming (docs/zino-protocol.md §1, §3, §8).
export { BASIC_FRAME_TYPES, DAEMON_VERSION, createDaemonService } from "./daemon-service.js";
export { runAgentLoop, type AgentLoopOptions, type AgentLoopResult } from "./agent-loop.js";
export {
  type ChatMessage,
  type Emit,
  type LoopEvent,
  type ModelCall,
  type ModelEvent,
  type ModelRequest,
  type NativeToolCall,
  type ToolCall,
  type ToolDefinition,
  type ToolOutcome,
  type ToolProgress,
  type ToolRequest,
  type ToolStyle,
  type Usage,
} from "./agent-types.js";
export { InterruptParser, RUN_SKILL, parseArguments, type CallKind, type InlineCall, type ParserEvent } from "./interrupt-parser.js";
export {
  CallBudget,
  DEFAULT_MAX_IDENTICAL_CALLS,
  LIMIT_MESSAGES,
  canonicalJson,
  type LimitReason,
  type LoopLimits,
} from "./loop-limits.js";
export { FALLBACK_SYSTEM_PROMPT } from "./turn.js";
