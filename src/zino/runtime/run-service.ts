// The shared body of every service's main.ts: read `--config`, load ZINO.toml, start, stop cleanly on signals. The
// pieces are shared with zino-host (run-host.ts), which runs several services in one process.
import { loadInstanceConfig, type InstanceConfig, type ServiceName } from "../config/index.js";
import { SOCKET_IN_USE, SOCKET_PATH_TOO_LONG, UNSAFE_SOCKET_DIR, createLogger, type Logger } from "../../wire/index.js";
import type { QuietMoments } from "./quiet-moments.js";
import { serviceFlags } from "./service-flags.js";
import { applyServiceRuntimeFlags } from "./service-node-flags.js";

export interface Service {
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface ServiceDeps {
  instance: InstanceConfig;
  logger: Logger;
  env: NodeJS.ProcessEnv;
  /** The quiet moments of the thread the service shares with others (zino-host's daemon and exc); none alone. */
  quiet?: QuietMoments;
}

/** The value of `--flag value` or `--flag=value` in `argv`; undefined when the flag is absent or nothing follows it. */
export function flagValue(argv: readonly string[], flag: string): string | undefined {
  const index = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (index < 0) return undefined;
  const arg = argv[index]!;
  return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[index + 1];
}

export function configFlag(argv: readonly string[]): string | undefined {
  return flagValue(argv, "--config");
}

/**
 * Every file a service creates (the ctx database and its -wal and -shm, the daemon's history spool, sockets) is
 * for its own user only, however it was started (`zino up`, `npm start`, a shell): not only under systemd's UMask.
 */
export const SERVICE_UMASK = 0o077;

export async function runService(name: ServiceName, create: (deps: ServiceDeps) => Service): Promise<void> {
  const argv = process.argv.slice(2);
  const early = serviceFlags(name, argv);
  if (early !== undefined) {
    process.stdout.write(early);
    return;
  }
  applyServiceRuntimeFlags(name);
  const instance = loadServiceInstance(`zino-${name}`, argv);
  const logger = serviceLogger(`zino-${name}`, instance);
  logCompat(instance, `zino-${name}`);
  const service = create({ instance, logger, env: process.env });
  stopOnSignals(logger, () => service.close());
  try {
    await service.start();
  } catch (err) {
    exitOnStartFailure(`zino-${name}`, logger, err);
  }
}

/** The process's umask, then ZINO.toml from `--config` (or the defaults); a file that cannot be read ends the process (exit 2). */
export function loadServiceInstance(command: string, argv: readonly string[]): InstanceConfig {
  process.umask(SERVICE_UMASK);
  try {
    return loadInstanceConfig({ path: configFlag(argv) });
  } catch (err) {
    process.stderr.write(`${command}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
}

/** The services' log level: ZINO_LOG_LEVEL, else ZINO.toml's (the Python `[logging] level`), else info. */
function logLevelOf(instance: InstanceConfig): string {
  return process.env.ZINO_LOG_LEVEL ?? instance.logLevel ?? "info";
}

export function serviceLogger(command: string, instance: InstanceConfig): Logger {
  return createLogger(command, logLevelOf(instance));
}

/** SIGTERM and SIGINT run `close` once, then end the process: 0 when it closed, 1 when closing failed. */
export function stopOnSignals(logger: Logger, close: () => Promise<void>): void {
  const stop = (signal: string) => {
    logger.info({ signal }, "stopping");
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "error while stopping");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

/** A start that failed ends the process: exit 2 when only the operator can fix it, else 1 (a restart may help). */
export function exitOnStartFailure(command: string, logger: Logger, err: unknown): never {
  logger.fatal({ err }, "cannot start");
  if (isCoded(err, SETUP_ERROR_CODES)) {
    // Restarting cannot help: the operator has to move the sockets or restore the key; said in one plain line.
    process.stderr.write(`${command}: ${err.message} [${err.code}]\n`);
    process.exit(2);
  }
  if (isCoded(err, PASSING_ERROR_CODES)) process.stderr.write(`${command}: ${err.message} [${err.code}]\n`);
  // Anything else in one plain line too (the log above keeps the stack): `zino up` shows the plain lines.
  else process.stderr.write(`${command}: cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}

/**
 * Start failures only the operator can fix: the socket folder and path (src/wire/socket-dir.ts), ZINO.toml's
 * default tables (ctx's instance import), a database file that cannot be opened, ctx's key file
 * (secret-box.ts), ctx's database refusing the login, missing, or newer than this ZINO (src/zino/ctx/store-errors.ts).
 */
const SETUP_ERROR_CODES = new Set([
  UNSAFE_SOCKET_DIR,
  SOCKET_IN_USE,
  SOCKET_PATH_TOO_LONG,
  "config_invalid",
  "store_open",
  "secret_key_file",
  "store_auth",
  "store_config",
  "store_schema",
]);
/** Start failures that may pass (ctx's database not reachable yet): said plainly too, and a restart may help (exit 1). */
const PASSING_ERROR_CODES = new Set(["store_unreachable", "store_timeout", "store_busy"]);

function isCoded(err: unknown, codes: ReadonlySet<string>): err is Error & { code: string } {
  return err instanceof Error && "code" in err && typeof err.code === "string" && codes.has(err.code);
}

/**
 * The Python ZINO.toml keys this instance reads: those our own tables override, and those not honoured. Reported even
 * when the level is set above warnings (a Python `[logging] level = "ERROR"`): it is about that file.
 */
export function logCompat(instance: InstanceConfig, command: string): void {
  const compat = instance.compat;
  if (!compat) return;
  const level = logLevelOf(instance);
  const logger = createLogger(command, ["error", "fatal", "silent"].includes(level) ? "warn" : level);
  for (const key of compat.overridden) logger.warn({ key }, `ZINO.toml: Python setting ${key}`);
  if (compat.unhonoured.length > 0)
    logger.warn({ keys: compat.unhonoured }, `ZINO.toml: Python settings not honoured: ${compat.unhonoured.join("; ")}`);
  for (const warning of instance.unknownTables ?? []) logger.warn(`${instance.configPath ?? "ZINO.toml"}: ${warning}`);
}
