// zino-exc (docs/zino-protocol.md §1, §6): answers `(null, ctxkey)` with `ready`, `(tool call, ctxkey)` with a `result` (a
// `run_skill` call runs a sub-agent), `tools` with the function definitions the model sees, and the Python typed
// operations of docs/zino-protocol.md §8. This module builds the parts, dispatches each frame type to its handler
// (ready-frames.ts, tool-call-frames.ts, python-op-frames.ts) and owns the service's start and close.
import type { ServiceDeps } from "../runtime/run-service.js";
import { agentPathsOf } from "../config/index.js";
import { WireError, createFrameServer, type FrameServer, type FrameWriter, type WireRequest } from "../../wire/index.js";
import { createCtxClient } from "./ctx-client.js";
import { bwrapPathOption, executionRunnerOptions, maxMcpServersOption, type ExcOptions } from "./exc-options.js";
import type { ExcParts } from "./exc-parts.js";
import { createExecutionRunner } from "./execution-runner.js";
import { createExecutorCache } from "./executor-cache.js";
import { createMcpHost } from "./mcp-host.js";
import { answerCapabilities, answerExecute, answerValidate } from "./python-op-frames.js";
import { answerReady, answerTools } from "./ready-frames.js";
import { createRulesCache } from "./rules-cache.js";
import { createSubagentRunner } from "./subagent-runner.js";
import { answerToolCall } from "./tool-call-frames.js";
import { createToolOffer } from "./tool-offer.js";

export type { ExcOptions } from "./exc-options.js";
export { CATALOG_RECHECK_MS } from "./executor-cache.js";

export interface ExcServiceDeps extends ServiceDeps {
  options?: ExcOptions;
}

export interface ExcService {
  start(): Promise<void>;
  close(): Promise<void>;
  readonly socketPath: string;
}

function createParts(deps: ExcServiceDeps): ExcParts & { closeCtx: (() => void) | undefined } {
  const { instance, logger, env } = deps;
  const options = deps.options ?? {};
  const ctx = options.ctx ?? createCtxClient({ socketPath: instance.sockets.ctx, maxFrameBytes: instance.maxFrameBytes });
  const rules = createRulesCache({
    ctx,
    defaults: instance.defaults,
    logger,
    ...(options.rulesTtlMs !== undefined ? { ttlMs: options.rulesTtlMs } : {}),
  });
  const bwrapPath = bwrapPathOption(options, env);
  const runner = createExecutionRunner({
    ...executionRunnerOptions({ options, env, logger }),
    ...(deps.quiet ? { quiet: deps.quiet } : {}),
  });
  const mcp = createMcpHost({ ctx, logger, instance, maxServers: maxMcpServersOption(options, env), ...(bwrapPath ? { bwrapPath } : {}) });
  const subagents = createSubagentRunner({ daemonSocket: instance.sockets.daemon, maxFrameBytes: instance.maxFrameBytes, logger });
  const executors = createExecutorCache({ toolsDir: agentPathsOf(instance).tools, logger });
  const closeCtx = options.ctx ? undefined : () => ctx.close?.();
  return { logger, rules, runner, mcp, subagents, executors, offer: createToolOffer({ executors, mcp }), closeCtx };
}

export function createExcService(deps: ExcServiceDeps): ExcService {
  const { instance } = deps;
  const parts = createParts(deps);

  async function handle(request: WireRequest, out: FrameWriter, signal: AbortSignal): Promise<void> {
    const at = { request, out, signal };
    switch (request.type) {
      case undefined:
        return request.message === null ? answerReady(parts, at) : answerToolCall(parts, at);
      case "tools":
        return answerTools(parts, at);
      case "execute":
        return answerExecute(parts, at);
      case "validate":
        return answerValidate(parts, at);
      case "capabilities":
        return answerCapabilities(parts, at);
      default:
        throw new WireError(
          "unknown_type",
          `zino-exc does not know the type "${request.type}"; it answers tool calls, tools, execute, validate, capabilities and ping`,
        );
    }
  }

  const server: FrameServer = createFrameServer({
    socketPath: instance.sockets.exc,
    handler: handle,
    logger: deps.logger,
    maxFrameBytes: instance.maxFrameBytes,
    idleTimeoutMs: instance.idleTimeoutMs,
    maxConnections: instance.maxConnections,
    maxBufferedBytes: instance.maxBufferedBytes,
  });
  let closing: Promise<void> | undefined;

  return {
    socketPath: instance.sockets.exc,
    async start() {
      await parts.runner.start();
      await server.start();
    },
    close() {
      closing ??= Promise.all([server.close(), parts.mcp.close(), parts.runner.close()]).then(() => parts.closeCtx?.());
      return closing;
    },
  };
}
