// The zino-ctx service: opens the store, imports ZINO.toml and agents/, and answers frames on the ctx socket.
import { ConfigError, loadInstanceConfig, type InstanceConfig } from "../config/index.js";
import { WireError, createFrameServer, type FrameServer, type Logger } from "../../wire/index.js";
import { InstanceImportError, importInstance, type ImportSource, type ImportSummary } from "./instance-import.js";
import { createCtxOperations } from "./operations.js";
import { createSqliteStore } from "./sqlite-store.js";
import type { CtxStore } from "./store.js";

export interface CtxServiceDeps {
  instance: InstanceConfig;
  logger: Logger;
  env: NodeJS.ProcessEnv;
  /** Another store adapter (e.g. PostgreSQL); default: SQLite at `instance.databasePath`. */
  store?: CtxStore;
}

export interface CtxService {
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createCtxService(deps: CtxServiceDeps): CtxService {
  const { instance, logger, env } = deps;
  let store: CtxStore | undefined;
  let server: FrameServer | undefined;
  let closing: Promise<void> | undefined;

  const sourceOf = (config: InstanceConfig): ImportSource => ({
    defaults: config.defaults, agentsDir: config.agentsDir, configPath: config.configPath,
    ...(config.agentPaths ? { agentPaths: config.agentPaths } : {}), initialSoftMemory: config.initialSoftMemory,
  });
  const startSource: ImportSource = sourceOf(instance);

  /** On reload, ZINO.toml is read again; socket and database paths only change with a restart. */
  const reloadSource = (): ImportSource => {
    if (!instance.configPath) return startSource;
    const fresh = loadInstanceConfig({ path: instance.configPath, env });
    if (fresh.databasePath !== instance.databasePath || fresh.sockets.ctx !== instance.sockets.ctx) {
      logger.warn({ database: fresh.databasePath, socket: fresh.sockets.ctx }, "ZINO.toml names another database or socket: restart zino-ctx to use them");
    }
    return sourceOf(fresh);
  };

  const runImport = (target: CtxStore, source: ImportSource): ImportSummary => {
    const summary = importInstance(target, source);
    logger.info({ agentsDir: summary.agentsDir, agentsFound: summary.agentsFound, tools: summary.tools, skills: summary.skills }, "imported ZINO.toml and agents/");
    if (summary.ignoredKeys.length > 0) logger.warn({ keys: summary.ignoredKeys }, "ZINO.toml keys not used by this ZINO");
    if (!summary.agentsFound) logger.warn({ agentsDir: summary.agentsDir }, "no agents/ folder: using the built-in system prompt, no tools, no skills");
    return summary;
  };

  return {
    async start() {
      if (closing) throw new Error("zino-ctx was closed; create a new service to start again");
      if (server) return;
      const opened = deps.store ?? createSqliteStore({ path: instance.databasePath });
      store = opened;
      try {
        runImport(opened, startSource);
      } catch (err) {
        opened.close();
        store = undefined;
        throw err;
      }
      const operations = createCtxOperations({
        store: opened,
        reload: () => {
          try {
            return runImport(opened, reloadSource());
          } catch (err) {
            if (err instanceof InstanceImportError || err instanceof ConfigError) throw new WireError("bad_request", `Reload refused, nothing changed: ${err.message}`);
            throw err;
          }
        },
      });
      server = createFrameServer({
        socketPath: instance.sockets.ctx,
        logger,
        maxFrameBytes: instance.maxFrameBytes,
        idleTimeoutMs: instance.idleTimeoutMs,
    maxConnections: instance.maxConnections,
    maxBufferedBytes: instance.maxBufferedBytes,
        handler: async (request, out) => {
          logger.debug({ type: request.type ?? (request.message === null ? "ready" : "messages"), ctxkey: request.ctxkey }, "request");
          await out.send(operations.answer(request));
        },
      });
      try {
        await server.start();
      } catch (err) {
        opened.close();
        throw err;
      }
      logger.info({ database: instance.databasePath, store: opened.kind, schemaVersion: opened.schemaVersion }, "zino-ctx ready");
    },

    close() {
      closing ??= (async () => {
        await server?.close();
        store?.close();
      })();
      return closing;
    },
  };
}
