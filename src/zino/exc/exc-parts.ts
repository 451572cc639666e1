// The parts of a running zino-exc that its frame handlers use, and what a handler gets for one request.
import type { FrameWriter, Logger, WireRequest } from "../../wire/index.js";
import type { ExecutionRunner } from "./execution-runner.js";
import type { ExecutorCache } from "./executor-cache.js";
import type { McpHost } from "./mcp-host.js";
import type { RulesCache } from "./rules-cache.js";
import type { SubagentRunner } from "./subagent-runner.js";
import type { ToolOffer } from "./tool-offer.js";

export interface ExcParts {
  logger: Logger;
  rules: RulesCache;
  runner: ExecutionRunner;
  mcp: McpHost;
  subagents: SubagentRunner;
  executors: ExecutorCache;
  offer: ToolOffer;
}

/** One request being answered: its frame, where the answer goes, and the caller's cancellation. */
export interface FrameAt {
  request: WireRequest;
  out: FrameWriter;
  signal: AbortSignal;
}
