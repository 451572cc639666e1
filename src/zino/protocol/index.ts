// Every ZINO wire shape once (docs/zino-protocol.md): imported by all four services, importing only zod and src/wire.
export {
  CHAT_ROLES,
  ChatMessageSchema,
  ChatMessageShapeSchema,
  canonicalChatMessage,
  canonicalChatMessages,
  contentText,
  type ChatMessage,
} from "./chat-message.js";
export { ToolCallSchema, type NativeToolCall, type ToolCall } from "./tool-call.js";
export { ToolDefinitionSchema, canonicalToolDefinition, type ToolDefinition } from "./tool-definition.js";
export { UsageSchema, isCompleteUsage, usageOf, type Usage } from "./usage.js";
export { isNullishString } from "./key-order.js";
export { OkAnswerSchema, ReadyAnswerSchema, plainOkAnswer } from "./common-answers.js";
export {
  ConfigAnswerSchema,
  ConfigObjectAnswerSchema,
  MessagesAnswerSchema,
  SkillsAnswerSchema,
  ValueAnswerSchema,
  TurnDoneSchema,
  plainMessagesAnswer,
  type MessagesAnswer,
  type TurnDone,
} from "./ctx-answers.js";
export {
  ChatMessagesSchema,
  CompletionRequestSchema,
  InferRequestSchema,
  plainCompletionRequest,
  type CompletionRequest,
  type InferRequest,
} from "./rtr-requests.js";
export { ChunkFrameSchema, chunkDelta } from "./chunk-frame.js";
export { DoneToolCallSchema, RtrDoneFrameSchema, plainRtrDone, type RtrDoneFrame } from "./rtr-answers.js";
export {
  DaemonDoneFrameSchema,
  DaemonErrorFrameSchema,
  DaemonStatusFrameSchema,
  ToolDoneFrameSchema,
  ToolStartFrameSchema,
} from "./daemon-answers.js";
export { ToolUseSchema, plainToolUse, type ToolUse } from "./exc-requests.js";
export { ResultAnswerSchema, ToolsAnswerSchema, plainResultAnswer, type ResultAnswer } from "./exc-answers.js";
export { CodedErrorFrameSchema, ErrorFrameSchema } from "./error-frame.js";
export { TurnIdSchema } from "./turn-id.js";
export { DaemonRequestSchema, plainDaemonRequest, type DaemonRequest } from "./daemon-requests.js";
export {
  CONFIG_SECTIONS,
  CTX_REQUEST_SCHEMAS,
  UserContentSchema,
  plainCtxRequest,
  type ConfigSection,
  type CtxRequest,
  type CtxRequestName,
} from "./ctx-requests.js";
