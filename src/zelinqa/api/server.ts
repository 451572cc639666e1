// Starts the API process of docs/zelinqa-api.md §2.1 `serve`: open the store, apply migrations, build the app with its worker and
// listen on TCP or a Unix socket. The returned handle closes everything once.
import type { Logger } from "pino";
import { openStore } from "../store/index.js";
import type { ZelinqaStore } from "../store/index.js";
import { createOpenAiExtractor } from "../understand/index.js";
import { createZelinqaApp } from "./app.js";
import type { ZelinqaApp } from "./app.js";
import { createIdGenerator } from "../operations/index.js";
import type { ServerConfig } from "./server-config.js";
import { createStderrLogger } from "../../shared/stderr-logger.js";
import { removeStaleSocket } from "../../shared/unix-socket.js";
import { checkSocketPath, listenError } from "./listen-error.js";

export interface RunningServer {
  app: ZelinqaApp;
  store: ZelinqaStore;
  logger: Logger;
  /** `http://host:port` or the socket path. */
  address: string;
  close(): Promise<void>;
}

export function createLogger(level: ServerConfig["logLevel"]): Logger {
  return createStderrLogger({ level, isoTime: true });
}

export async function startServer(config: ServerConfig, logger: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  if (config.socketPath) checkSocketPath(config.socketPath);
  const store = openStore({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, maxConnections: config.databasePoolSize });
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  const now = () => new Date();
  const app = await createZelinqaApp({
    store,
    clock: { now },
    ids: createIdGenerator(now),
    logger,
    locale: config.locale,
    semantic: config.model
      ? createOpenAiExtractor({
          baseUrl: config.model.baseUrl,
          model: config.model.name,
          timeoutMs: config.model.timeoutMs,
          ...(config.model.apiKey ? { apiKey: config.model.apiKey } : {}),
        })
      : undefined,
    maxBodyBytes: config.maxBodyBytes,
    requestTimeoutMs: config.requestTimeoutMs,
    maxConnections: config.maxConnections,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
    proxyAddresses: config.proxyAddresses,
    rateLimitPerMinute: config.rateLimitPerMinute,
    ...(config.compileThreads === undefined ? {} : { compilePool: { threads: config.compileThreads } }),
  });
  let address: string;
  try {
    // A socket file left by a killed server refuses connections: removed; a live one makes listen fail.
    if (config.socketPath) await removeStaleSocket(config.socketPath, { socketsOnly: true });
    address = config.socketPath
      ? await app.fastify.listen({ path: config.socketPath })
      : await app.fastify.listen({ host: config.host, port: config.port });
  } catch (error) {
    // What was opened must not keep the process alive: a server that cannot listen exits.
    await app.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    throw listenError(error, config);
  }
  logger.info({ address, database: store.dialect, pid: process.pid }, "zelinqa listening");
  let closing: Promise<void> | undefined;
  return {
    app,
    store,
    logger,
    address,
    close() {
      closing ??= (async () => {
        await app.close();
        await store.close();
      })();
      return closing;
    },
  };
}
