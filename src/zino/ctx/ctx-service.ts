// The zino-ctx service: opens the store, imports ZINO.toml and agents/ (instance-imports.ts), and answers frames on
// the ctx socket.
import type { InstanceConfig } from "../config/index.js";
import { createFrameServer, type FrameServer, type Logger } from "../../wire/index.js";
import { createInstanceImports } from "./instance-imports.js";
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

  const imports = createInstanceImports({ instance, logger, env });

  return {
    async start() {
      if (closing) throw new Error("zino-ctx was closed; create a new service to start again");
      if (server) return;
      const opened = deps.store ?? createSqliteStore({ path: instance.databasePath });
      store = opened;
      try {
        imports.atStart(opened);
      } catch (err) {
        opened.close();
        store = undefined;
        throw err;
      }
      const operations = createCtxOperations({
        store: opened,
        reload: () => imports.reload(opened),
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
