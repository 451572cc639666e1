// ZINO.toml: where an instance keeps its sockets, database and agents/ folder, and the `default` ctxkey
// configuration it imports into ctx. `ZINO_CONFIG` or `--config` selects the file; relative paths are resolved
// against the file's directory, so several instances can run side by side on one host.
import { existsSync } from "node:fs";
import { InputFileError, readInputFile } from "../../shared/input-file.js";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { parse as parseToml } from "smol-toml";
import { z } from "zod";
import type { JsonObject } from "./ctxkey-config.js";
import { mapPythonConfig, withoutPythonAgentKeys } from "./python-compat.js";
import { ConfigError } from "./config-error.js";
import { unknownKeyWarnings, unknownTableWarnings } from "./unknown-tables.js";
import { storeSettings, StoreTableSchema, type PostgresStoreSettings } from "./store-config.js";

const KIB = 1024;
const GIB = 1024 * 1024 * 1024;

/**
 * The `[limits]` bounds: a frame must hold the protocol's own frames (hello, capabilities, a configuration), and
 * a timer cannot wait longer than 2^31-1 ms (Node fires a longer one after 1 ms); one day, like every *timeout_ms.
 */
export const LIMIT_BOUNDS = {
  maxFrameBytes: { min: 64 * KIB, max: GIB, why: "64 KiB leaves room for the protocol's own frames" },
  idleTimeoutMs: { min: 1, max: 86_400_000, why: "one day; Node's timers cannot wait past 2147483647 ms" },
  maxConnections: { min: 1, max: 65_536, why: "connections per service" },
  maxBufferedBytes: { min: 64 * KIB, max: 16 * GIB, why: "bytes of unfinished frames per service" },
} as const;

function bounded(bounds: { min: number; max: number; why: string }) {
  const message = `must be a whole number from ${bounds.min} to ${bounds.max} (${bounds.why})`;
  return z.number({ error: message }).int({ error: message }).min(bounds.min, { error: message }).max(bounds.max, { error: message });
}

const FileSchema = z.looseObject({
  paths: z
    .strictObject({
      runtime_dir: z.string().optional(),
      database: z.string().optional(),
      agents: z.string().optional(),
    })
    .optional(),
  sockets: z
    .strictObject({
      daemon: z.string().optional(),
      ctx: z.string().optional(),
      rtr: z.string().optional(),
      exc: z.string().optional(),
    })
    .optional(),
  store: StoreTableSchema.optional(),
  launch: z.strictObject({ one_process: z.boolean().optional() }).optional(),
  limits: z
    .strictObject({
      max_frame_bytes: bounded(LIMIT_BOUNDS.maxFrameBytes).optional(),
      idle_timeout_ms: bounded(LIMIT_BOUNDS.idleTimeoutMs).optional(),
      max_connections: bounded(LIMIT_BOUNDS.maxConnections).optional(),
      max_buffered_bytes: bounded(LIMIT_BOUNDS.maxBufferedBytes).optional(),
    })
    .optional(),
});

export type ServiceName = "daemon" | "ctx" | "rtr" | "exc";
export const SERVICE_NAMES: readonly ServiceName[] = ["daemon", "ctx", "rtr", "exc"];
/** Start order (docs/zino-protocol.md §1: ctx is what the others load their configuration from; the daemon talks to all). */
export const START_ORDER: readonly ServiceName[] = ["ctx", "rtr", "exc", "daemon"];

export interface InstanceConfig {
  /** The file read, or undefined when running on built-in defaults. */
  configPath: string | undefined;
  runtimeDir: string;
  sockets: Record<ServiceName, string>;
  /** The SQLite ctx database (and the folder of local state next to it, e.g. the guide's Zelinqa files). */
  databasePath: string;
  /** ctx on PostgreSQL instead of `databasePath` ([ext] `[store]`, or `[paths] database = "postgres://…"`). */
  store?: PostgresStoreSettings | undefined;
  agentsDir: string;
  /** The agents/ files: inside `agentsDir` unless the Python `[ctx] template`/`personality`, `[tools]`/`[skills] dir` say. */
  agentPaths?: AgentPaths;
  maxFrameBytes: number;
  idleTimeoutMs: number;
  /** [ext] `[launch] one_process`: `zino up` runs the services in one zino-host process (runtime/run-host.ts). */
  oneProcess?: boolean | undefined;
  /** Per service: connections served at once, and bytes of unfinished frames held (src/wire/frame-server.ts). */
  maxConnections?: number | undefined;
  maxBufferedBytes?: number | undefined;
  /** The `[llm]`, `[agent]`, `[history]`, `[exec]` and `[mcp_servers]` tables: the `default` ctxkey's configuration. */
  defaults: JsonObject;
  /** The Python `[ctx] soft_memory`: the default ctxkey's soft memory while none is stored. */
  initialSoftMemory?: string | undefined;
  /** The Python `[logging] level`, as a pino level (ZINO_LOG_LEVEL overrides it). */
  logLevel?: string | undefined;
  /** What the start-up log says about the Python tables: overridden by ours, or read and not honoured. */
  compat?: { overridden: string[]; unhonoured: string[] };
  /** Top-level tables and keys of our tables nothing reads (`[lmm]`, `modle` in [llm]), each with the closest known name: warned by the CLI and the services. */
  unknownTables?: string[];
}

export interface AgentPaths {
  system: string;
  personality: string;
  tools: string;
  skills: string;
}

export { ConfigError };

const DEFAULT_SECTIONS = ["llm", "agent", "history", "exec", "context", "mcp_servers"] as const;

/** The agents/ file paths of an instance (built by hand in tests without `agentPaths`: inside `agentsDir`). */
export function agentPathsOf(instance: Pick<InstanceConfig, "agentsDir" | "agentPaths">): AgentPaths {
  return (
    instance.agentPaths ?? {
      system: join(instance.agentsDir, "SYSTEM.md"),
      personality: join(instance.agentsDir, "PERSONALITY.md"),
      tools: join(instance.agentsDir, "tools"),
      skills: join(instance.agentsDir, "skills"),
    }
  );
}

export function resolveConfigPath(explicit: string | undefined, env: NodeJS.ProcessEnv, cwd = process.cwd()): string | undefined {
  const chosen = explicit ?? env.ZINO_CONFIG;
  if (chosen) return resolve(cwd, chosen);
  const local = join(cwd, "ZINO.toml");
  return existsSync(local) ? local : undefined;
}

/** A ZINO.toml is a few KiB: the bound only keeps a wrong path (a log, a device) from being parsed. */
export const MAX_CONFIG_FILE_BYTES = 4 * 1024 * 1024;

export function loadInstanceConfig(options: { path?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}): InstanceConfig {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const configPath = resolveConfigPath(options.path, env, cwd);
  let raw: JsonObject = {};
  if (configPath) {
    if (!existsSync(configPath)) throw new ConfigError(`configuration file ${configPath} does not exist`);
    try {
      raw = parseToml(readInputFile(configPath, { maxBytes: MAX_CONFIG_FILE_BYTES, what: "the configuration file" }));
    } catch (err) {
      if (err instanceof InputFileError) throw new ConfigError(err.message);
      throw new ConfigError(`cannot parse ${configPath}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const parsed = FileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${configPath ?? "configuration"}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const file = parsed.data;
  const baseDir = configPath ? dirname(configPath) : cwd;
  const at = (base: string, path: string) => (isAbsolute(path) ? path : join(base, path));
  const python = mapPythonConfig(raw);
  const runtimeDir = at(baseDir, (env.ZINO_RUNTIME_DIR || undefined) ?? file.paths?.runtime_dir ?? ".zino/run");
  const sockets = {} as Record<ServiceName, string>;
  for (const name of SERVICE_NAMES) sockets[name] = at(runtimeDir, file.sockets?.[name] ?? python.sockets[name] ?? `${name}.sock`);
  // The Python settings first, our own tables merged over them (ours win; mapPythonConfig listed the overlaps).
  const defaults: JsonObject = {};
  for (const section of DEFAULT_SECTIONS) {
    const mapped = python.defaults[section] as JsonObject | undefined;
    const own = section === "agent" ? withoutPythonAgentKeys(raw[section]) : raw[section];
    const ownObject = typeof own === "object" && own !== null && !Array.isArray(own) ? (own as JsonObject) : undefined;
    if (mapped && (own === undefined || ownObject)) defaults[section] = { ...mapped, ...ownObject };
    else if (own !== undefined) defaults[section] = own;
  }
  const agentsDir = at(baseDir, file.paths?.agents ?? "agents");
  const store = storeSettings({ table: file.store, pathsDatabase: file.paths?.database, env, at: (path) => at(baseDir, path) });
  const database = store ? undefined : (file.paths?.database ?? python.paths.database);
  const agentPath = (python: string | undefined, inside: string) => (python ? at(baseDir, python) : join(agentsDir, inside));
  return {
    configPath,
    runtimeDir,
    sockets,
    databasePath: at(baseDir, database ?? ".zino/zino.sqlite"),
    store,
    agentsDir,
    agentPaths: {
      system: agentPath(python.paths.system, "SYSTEM.md"),
      personality: agentPath(python.paths.personality, "PERSONALITY.md"),
      tools: agentPath(python.paths.tools, "tools"),
      skills: agentPath(python.paths.skills, "skills"),
    },
    oneProcess: file.launch?.one_process,
    maxFrameBytes: file.limits?.max_frame_bytes ?? 16 * 1024 * 1024,
    idleTimeoutMs: file.limits?.idle_timeout_ms ?? 30_000,
    maxConnections: file.limits?.max_connections,
    maxBufferedBytes: file.limits?.max_buffered_bytes,
    defaults,
    initialSoftMemory: python.softMemory,
    logLevel: python.logLevel,
    compat: { overridden: python.overridden, unhonoured: python.unhonoured },
    unknownTables: [...unknownTableWarnings(raw), ...unknownKeyWarnings(raw)],
  };
}
