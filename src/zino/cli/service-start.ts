// The start of `zino up` (foreground and `--detach`): every service of START_ORDER that does not answer yet is
// launched at once (spawned in that order, without waiting for one another: a service reaches its peers on the
// first request, not at start), then all are waited for together until each answers `ping`; a missing optional
// service is skipped. The caller decides how a service is spawned (pipes or a log file), what a failed start
// reports, and what to stop afterwards.
import type { InstanceConfig, ServiceName } from "../config/index.js";
import { pingService, waitForPing } from "./service-probe.js";
import type { ServiceProcess } from "./service-process.js";
import { REQUIRED_SERVICES, START_ORDER, resolveServiceEntry, type ServiceEntry } from "./service-launch.js";

export interface StartServicesOptions {
  instance: InstanceConfig;
  say: (text: string) => void;
  startTimeoutMs: number;
  /** Aborting stops the waits (the services launched so far stay up: the caller stops them). */
  signal?: AbortSignal;
  launch(entry: ServiceEntry): ServiceProcess;
  /** A launched service that did not answer (`failure` says why): report it and clean up after it. */
  onStartFailure(name: ServiceName, failure: string, proc: ServiceProcess): Promise<void>;
  /** More words for the `ready` line, after the pid. */
  readyDetail?(name: ServiceName): string;
}

/** Resolves to false when a required service is missing or any launched service did not answer, true otherwise (also when aborted). */
export async function startServices(options: StartServicesOptions): Promise<boolean> {
  const { instance, say, signal } = options;
  const entries = await entriesToLaunch(instance, say);
  if (entries === undefined || signal?.aborted) return entries !== undefined;
  const launched = entries.map((entry) => ({ entry, proc: options.launch(entry) }));
  const outcomes = await Promise.all(
    launched.map(async ({ entry, proc }) => {
      const socketPath = instance.sockets[entry.name];
      const failure = await waitForPing(socketPath, { timeoutMs: options.startTimeoutMs, signal, failure: () => proc.exitReason });
      if (signal?.aborted) return true;
      if (failure === undefined) {
        say(`${entry.name} ready on ${socketPath} (pid ${proc.pid}${options.readyDetail?.(entry.name) ?? ""})`);
        return true;
      }
      await options.onStartFailure(entry.name, failure, proc);
      return false;
    }),
  );
  return outcomes.every(Boolean);
}

/** The services to launch, in START_ORDER: those not answering yet and installed; undefined when a required one is missing. */
async function entriesToLaunch(instance: InstanceConfig, say: (text: string) => void): Promise<ServiceEntry[] | undefined> {
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
  return entries;
}
