// The start loop of `zino up` (foreground and `--detach`): each service in START_ORDER that does not answer yet is
// launched and waited for until it answers `ping`; a missing optional service is skipped. The caller decides how a
// service is spawned (pipes or a log file), what a failed start reports, and what to stop afterwards.
import type { InstanceConfig, ServiceName } from "../config/index.js";
import { pingService, waitForPing } from "./service-probe.js";
import type { ServiceProcess } from "./service-process.js";
import { REQUIRED_SERVICES, START_ORDER, resolveServiceEntry, type ServiceEntry } from "./service-launch.js";

export interface StartServicesOptions {
  instance: InstanceConfig;
  say: (text: string) => void;
  startTimeoutMs: number;
  /** Aborting stops the loop (the services started so far stay up: the caller stops them). */
  signal?: AbortSignal;
  launch(entry: ServiceEntry): ServiceProcess;
  /** A launched service that did not answer (`failure` says why): report it and clean up after it. */
  onStartFailure(name: ServiceName, failure: string, proc: ServiceProcess): Promise<void>;
  /** More words for the `ready` line, after the pid. */
  readyDetail?(name: ServiceName): string;
}

/** Resolves to false as soon as a required service cannot be started, true otherwise (also when aborted). */
export async function startServicesInOrder(options: StartServicesOptions): Promise<boolean> {
  const { instance, say, signal } = options;
  for (const name of START_ORDER) {
    if (signal?.aborted) break;
    const socketPath = instance.sockets[name];
    if ((await pingService(socketPath, 1000)) !== undefined) {
      say(`${name} already answers on ${socketPath}; not starting it`);
      continue;
    }
    const entry = resolveServiceEntry(name, instance.configPath);
    if (!entry.exists) {
      if (REQUIRED_SERVICES.includes(name)) {
        say(`cannot start ${name}: ${entry.mainFile} does not exist`);
        return false;
      }
      say(`${name} is not installed (${entry.mainFile} is missing); continuing without it`);
      continue;
    }
    const proc = options.launch(entry);
    const failure = await waitForPing(socketPath, { timeoutMs: options.startTimeoutMs, signal, failure: () => proc.exitReason });
    if (failure !== undefined && !signal?.aborted) {
      await options.onStartFailure(name, failure, proc);
      return false;
    }
    if (!signal?.aborted) say(`${name} ready on ${socketPath} (pid ${proc.pid}${options.readyDetail?.(name) ?? ""})`);
  }
  return true;
}
