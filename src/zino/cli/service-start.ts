// The start of `zino up` (foreground and `--detach`): every service of START_ORDER that does not answer yet is
// launched at once (spawned in that order, without waiting for one another: a service reaches its peers on the
// first request, not at start), then all are waited for together until each answers `ping`; a missing optional
// service is skipped. The caller decides how a service is spawned (pipes or a log file), what a failed start
// reports, and what to stop afterwards.
import { ConfigError, checkInstanceForStart, type InstanceConfig } from "../config/index.js";
import { CliError, EXIT_USAGE } from "../../shared/cli.js";
import { pingService, waitForPing } from "./service-probe.js";
import type { ServiceProcess } from "./service-process.js";
import { REQUIRED_SERVICES, START_ORDER, resolveHostEntry, resolveServiceEntry, type ServiceEntry } from "./service-launch.js";

export interface StartServicesOptions {
  instance: InstanceConfig;
  say: (text: string) => void;
  startTimeoutMs: number;
  /** Launch the services to start as one zino-host process instead of one process each. */
  oneProcess?: boolean;
  /** Aborting stops the waits (the services launched so far stay up: the caller stops them). */
  signal?: AbortSignal;
  launch(entry: ServiceEntry): ServiceProcess;
  /** A launched process that did not answer (`failure` says why): report it and clean up after it. */
  onStartFailure(entry: ServiceEntry, failure: string, proc: ServiceProcess): Promise<void>;
  /** A launched process answers on every socket of its entry. */
  onReady?(entry: ServiceEntry): void;
  /** More words for the `ready` line, after the pid. */
  readyDetail?(entry: ServiceEntry): string;
}

/**
 * Refuses (a `config_invalid` CliError) what only the operator can fix before launching anything; then resolves to
 * false when a required service is missing or any launched service did not answer, true otherwise (also when aborted).
 */
export async function startServices(options: StartServicesOptions): Promise<boolean> {
  const { instance, say, signal } = options;
  try {
    checkInstanceForStart(instance);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, { code: "config_invalid", exitCode: EXIT_USAGE });
    throw err;
  }
  const entries = await entriesToLaunch(instance, say, options.oneProcess ?? false);
  if (entries === undefined || signal?.aborted) return entries !== undefined;
  const launched = entries.map((entry) => ({ entry, proc: options.launch(entry) }));
  const outcomes = await Promise.all(
    launched.map(async ({ entry, proc }) => {
      // A host's services one after another: it starts them in that order, and one that fails ends the host.
      for (const name of entry.services) {
        const socketPath = instance.sockets[name];
        const failure = await waitForPing(socketPath, { timeoutMs: options.startTimeoutMs, signal, failure: () => proc.exitReason });
        if (signal?.aborted) return true;
        if (failure !== undefined) {
          await options.onStartFailure(entry, failure, proc);
          return false;
        }
        const host = entry.name === "host" ? ", zino-host" : "";
        say(`${name} ready on ${socketPath} (pid ${proc.pid}${host}${options.readyDetail?.(entry) ?? ""})`);
      }
      options.onReady?.(entry);
      return true;
    }),
  );
  return outcomes.every(Boolean);
}

/**
 * What to launch: the services of START_ORDER not answering yet and installed, each its own process or all in one
 * zino-host; undefined when a required one is missing.
 */
async function entriesToLaunch(
  instance: InstanceConfig,
  say: (text: string) => void,
  oneProcess: boolean,
): Promise<ServiceEntry[] | undefined> {
  const answers = await Promise.all(START_ORDER.map((name) => pingService(instance.sockets[name], 1000)));
  const entries: ServiceEntry[] = [];
  for (const [index, name] of START_ORDER.entries()) {
    const socketPath = instance.sockets[name];
    if (answers[index] !== undefined) {
      say(`${name} already answers on ${socketPath}; not starting it`);
      continue;
    }
    const entry = resolveServiceEntry(name, instance.configPath);
    if (entry.exists) entries.push(entry);
    else if (REQUIRED_SERVICES.includes(name)) {
      say(`cannot start ${name}: ${entry.mainFile} does not exist`);
      return undefined;
    } else say(`${name} is not installed (${entry.mainFile} is missing); continuing without it`);
  }
  if (!oneProcess || entries.length === 0) return entries;
  const host = resolveHostEntry(
    entries.flatMap((entry) => entry.services),
    instance.configPath,
  );
  if (host.exists) return [host];
  say(`cannot start the services in one process: ${host.mainFile} does not exist (run \`npm run build\`)`);
  return undefined;
}
