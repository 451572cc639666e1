// The zino-ctx service: opens the store, imports ZINO.toml and agents/ (instance-imports.ts), and answers frames on
// the ctx socket.
import type { InstanceConfig } from "../config/index.js";
import { createFrameServer, type FrameServer, type Logger } from "../../wire/index.js";
import { createInstanceImports } from "./instance-imports.js";
import { createCtxOperations } from "./operations.js";
import { createSqliteStore } from "./sqlite-store.js";
import type { CtxStore } from "./store.js";
import { wireErrorOf } from "./store-errors.js";

export interface CtxServiceDeps {
  instance: InstanceConfig;
  logger: Logger;
  env: NodeJS.ProcessEnv;
  /** Another store adapter; default: PostgreSQL when `instance.store` says so, else SQLite at `instance.databasePath`. */
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
      const opened = deps.store ?? (await openStore(instance));
      store = opened;
      try {
        await imports.atStart(opened);
      } catch (err) {
        await opened.close();
        store = undefined;
        throw err;
      }
      const { location } = opened;
      const operations = createCtxOperations({
        store: opened,
        reload: () => imports.reload(opened),
        maxFrameBytes: instance.maxFrameBytes,
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
          opened.requestBegins?.();
          let answer;
          try {
            answer = await operations.answer(request);
          } catch (err) {
            throw wireErrorOf(err, location);
          }
          await out.send(answer);
        },
      });
      try {
        await server.start();
      } catch (err) {
        await opened.close();
        throw err;
      }
      logger.info({ database: opened.location, store: opened.kind, schemaVersion: opened.schemaVersion }, "zino-ctx ready");
    },

    close() {
      closing ??= (async () => {
        await server?.close();
        await store?.close();
      })();
      return closing;
    },
  };
}

/** The store ZINO.toml names: PostgreSQL ([store] or a postgres:// `[paths] database`) or the SQLite file. */
export async function openStore(instance: InstanceConfig): Promise<CtxStore> {
  if (!instance.store) return createSqliteStore({ path: instance.databasePath });
  // Loaded only when used: a SQLite instance does not pay for the pg driver at start.
  const { openPostgresStore } = await import("./pg-store.js");
  return openPostgresStore(instance.store);
}
