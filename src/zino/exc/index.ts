// zino-exc: sandboxed tool execution and MCP servers as tools (docs/zino-protocol.md §6, §8).
export { createExcService, type ExcOptions, type ExcService, type ExcServiceDeps } from "./exc-service.js";
export { EXIT, type ExecResult } from "./exec-result.js";
export { CODE_PARAMETERS, loadExecutors, type ExecutorDefinition } from "./executor-catalog.js";
export { MCP_PREFIX, type OpenAiTool } from "./mcp-host.js";
export { SANDBOX_WORK_DIR, type Isolation, type SandboxUser } from "./sandbox.js";
export { createCtxClient, type CtxClient } from "./ctx-client.js";
