// Server configuration of docs/zelinqa-api.md §2.2 from environment variables, overridden by flags; invalid values are usage errors.
import { z } from "zod";
import type { Locale } from "../contracts/index.js";
import { isPostgresUrl } from "../../shared/database-url.js";
import { DEFAULT_DATABASE_POOL_SIZE } from "../store/pool-size.js";
import { DEFAULT_PROXY_ADDRESSES, proxyAddressIssue } from "./proxy-addresses.js";

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServerConfig {
  host: string;
  port: number;
  socketPath?: string | undefined;
  databaseUrl?: string | undefined;
  sqlitePath: string;
  /** PostgreSQL connections this process may open (ZELINQA_DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  logLevel: LogLevel;
  locale: Locale;
  maxBodyBytes: number;
  /** How long a client may take to send a whole request (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** Connections served at once (ZELINQA_MAX_CONNECTIONS); past it, an idle one is closed for a new one, else the new one. */
  maxConnections: number;
  /** [ext] Connections one address may hold (ZELINQA_MAX_CONNECTIONS_PER_ADDRESS; default a quarter of maxConnections). */
  maxConnectionsPerAddress: number;
  /** [ext] Addresses and ranges of proxies in front (ZELINQA_PROXY_ADDRESSES), not bounded per address. */
  proxyAddresses: string[];
  /**
   * Compile threads of this process (ZELINQA_COMPILE_THREADS, 1–64); undefined: cores − 1, 1–4 (compile-pool.ts).
   * `serve --workers N` sets it for its workers so that the N processes share the cores (serve-workers.ts).
   */
  compileThreads: number | undefined;
  rateLimitPerMinute?: number | undefined;
  model?: { baseUrl: string; apiKey?: string | undefined; name: string; timeoutMs: number } | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/**
 * A client gets this long to send a whole request (its headers within 10 s: app.ts); then it is answered
 * 408 and its connection closed. Fastify's default is no limit at all, which also turns off Node's own: a client that
 * sent `Content-Length` and then nothing, before any authentication, held its connection forever, and about a
 * thousand of them used up the server's descriptors. A minute sends the largest body allowed by default (10 MiB) at
 * 175 KB/s; ZELINQA_REQUEST_TIMEOUT_MS changes it.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Connections one process serves at once, idle keep-alive ones included (72 s each); a connection past it takes the
 * place of the one idle the longest, or is closed as it arrives when none is idle (connection-cap.ts), and those
 * already open are served as before. Without a cap, each connection took a descriptor until the
 * process had none left (1,024 by default on Linux) for its database or its log; ZELINQA_MAX_CONNECTIONS changes it.
 */
export const MAX_CONNECTIONS = 512;

/**
 * [ext] One address holds at most a quarter of the connections by default: slow clients from one address (each
 * holding its connection the 10 s its headers may take) then leave three quarters to everyone else.
 */
export const defaultPerAddress = (maxConnections: number) => Math.max(1, Math.floor(maxConnections / 4));

const optionalText = z.string().trim().min(1).optional().catch(undefined);

const EnvSchema = z.object({
  ZELINQA_HOST: optionalText,
  ZELINQA_PORT: z.string().optional(),
  ZELINQA_DATABASE_URL: optionalText,
  ZELINQA_SQLITE_PATH: optionalText,
  ZELINQA_DATABASE_POOL_SIZE: z.string().optional(),
  ZELINQA_LOG_LEVEL: z.string().optional(),
  ZELINQA_LOCALE: z.string().optional(),
  ZELINQA_MAX_BODY_BYTES: z.string().optional(),
  ZELINQA_REQUEST_TIMEOUT_MS: z.string().optional(),
  ZELINQA_RATE_LIMIT_PER_MINUTE: z.string().optional(),
  ZELINQA_MAX_CONNECTIONS: z.string().optional(),
  ZELINQA_MAX_CONNECTIONS_PER_ADDRESS: z.string().optional(),
  ZELINQA_PROXY_ADDRESSES: z.string().optional(),
  ZELINQA_COMPILE_THREADS: z.string().optional(),
  ZELINQA_MODEL_BASE_URL: optionalText,
  ZELINQA_MODEL_API_KEY: optionalText,
  ZELINQA_MODEL_NAME: optionalText,
  ZELINQA_MODEL_TIMEOUT_MS: z.string().optional(),
});

function integer(
  name: string,
  raw: string | undefined,
  fallback: number | undefined,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max)
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}`);
  return value;
}

/** ZELINQA_PROXY_ADDRESSES: addresses and `address/prefix` ranges, comma-separated; unset: loopback; empty: none. */
function proxyAddresses(raw: string | undefined): string[] {
  if (raw === undefined) return [...DEFAULT_PROXY_ADDRESSES];
  const entries = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    const issue = proxyAddressIssue(entry);
    if (issue !== undefined) throw new ConfigError(`ZELINQA_PROXY_ADDRESSES: ${issue}`);
  }
  return entries;
}

export interface ServerFlags {
  host?: string | undefined;
  port?: string | undefined;
  socket?: string | undefined;
  logLevel?: string | undefined;
  databaseUrl?: string | undefined;
  sqlitePath?: string | undefined;
}

export function resolveDatabase(env: NodeJS.ProcessEnv, flags: Pick<ServerFlags, "databaseUrl" | "sqlitePath">) {
  const parsed = EnvSchema.parse(env);
  const databaseUrl = flags.databaseUrl ?? (flags.sqlitePath === undefined ? parsed.ZELINQA_DATABASE_URL : undefined);
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    throw new ConfigError("the database URL must start with postgres:// or postgresql://");
  }
  return { databaseUrl, sqlitePath: flags.sqlitePath ?? parsed.ZELINQA_SQLITE_PATH ?? "./zelinqa.sqlite" };
}

export function resolveServerConfig(env: NodeJS.ProcessEnv, flags: ServerFlags): ServerConfig {
  const parsed = EnvSchema.parse(env);
  const logLevel = flags.logLevel ?? parsed.ZELINQA_LOG_LEVEL ?? "info";
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) throw new ConfigError(`log level must be one of ${LOG_LEVELS.join(", ")}`);
  const locale = parsed.ZELINQA_LOCALE ?? "en";
  if (locale !== "en" && locale !== "fr") throw new ConfigError("ZELINQA_LOCALE must be en or fr");
  const port = integer("port", flags.port ?? parsed.ZELINQA_PORT, 8080, 0, 65_535) ?? 8080;
  const maxConnections =
    integer("ZELINQA_MAX_CONNECTIONS", parsed.ZELINQA_MAX_CONNECTIONS, MAX_CONNECTIONS, 1, 1_000_000) ?? MAX_CONNECTIONS;
  let model: ServerConfig["model"];
  if (parsed.ZELINQA_MODEL_BASE_URL !== undefined) {
    if (parsed.ZELINQA_MODEL_NAME === undefined) throw new ConfigError("ZELINQA_MODEL_NAME is required when ZELINQA_MODEL_BASE_URL is set");
    model = {
      baseUrl: parsed.ZELINQA_MODEL_BASE_URL,
      apiKey: parsed.ZELINQA_MODEL_API_KEY,
      name: parsed.ZELINQA_MODEL_NAME,
      timeoutMs: integer("ZELINQA_MODEL_TIMEOUT_MS", parsed.ZELINQA_MODEL_TIMEOUT_MS, 8000) ?? 8000,
    };
  }
  return {
    host: flags.host ?? parsed.ZELINQA_HOST ?? "127.0.0.1",
    port,
    socketPath: flags.socket,
    ...resolveDatabase(env, flags),
    databasePoolSize:
      integer("ZELINQA_DATABASE_POOL_SIZE", parsed.ZELINQA_DATABASE_POOL_SIZE, DEFAULT_DATABASE_POOL_SIZE, 1, 1000) ??
      DEFAULT_DATABASE_POOL_SIZE,
    logLevel: logLevel as LogLevel,
    locale,
    maxBodyBytes: integer("ZELINQA_MAX_BODY_BYTES", parsed.ZELINQA_MAX_BODY_BYTES, 10_485_760) ?? 10_485_760,
    requestTimeoutMs:
      integer("ZELINQA_REQUEST_TIMEOUT_MS", parsed.ZELINQA_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS, 1_000, 3_600_000) ?? REQUEST_TIMEOUT_MS,
    maxConnections,
    maxConnectionsPerAddress:
      integer("ZELINQA_MAX_CONNECTIONS_PER_ADDRESS", parsed.ZELINQA_MAX_CONNECTIONS_PER_ADDRESS, undefined, 1, 1_000_000) ??
      defaultPerAddress(maxConnections),
    proxyAddresses: proxyAddresses(parsed.ZELINQA_PROXY_ADDRESSES),
    rateLimitPerMinute: integer("ZELINQA_RATE_LIMIT_PER_MINUTE", parsed.ZELINQA_RATE_LIMIT_PER_MINUTE, undefined),
    compileThreads: integer("ZELINQA_COMPILE_THREADS", parsed.ZELINQA_COMPILE_THREADS, undefined, 1, 64),
    model,
  };
}
