// `zino up` in the foreground (spec §7): start ctx, rtr, exc, daemon in that order, each once it can be reached
// by `ping`; restart a service that crashes, with exponential backoff; stop them all when asked.
import { setTimeout as sleep } from "node:timers/promises";
import type { InstanceConfig } from "../config/index.js";
import { EXIT_FAILURE, EXIT_OK, type CliIo } from "./cli-io.js";
import { pingService, waitForPing } from "./service-probe.js";
import { spawnService, type ServiceProcess } from "./service-process.js";
import { REQUIRED_SERVICES, START_ORDER, resolveServiceEntry, type ServiceEntry } from "./service-launch.js";

export interface ForegroundOptions {
  instance: InstanceConfig;
  io: CliIo;
  /** Aborted on Ctrl-C / SIGTERM: stop everything and return. */
  stop: AbortSignal;
  startTimeoutMs?: number;
  stopGraceMs?: number;
  /** First restart delay; doubles on each crash up to `maxBackoffMs`, resets after a minute of uptime. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

const STABLE_UPTIME_MS = 60_000;

export async function runForeground(options: ForegroundOptions): Promise<number> {
  const { instance, io, stop } = options;
  const say = (text: string) => io.stderr.write(`zino: ${text}\n`);
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const running = new Map<string, ServiceProcess>();
  const restarting = new Set<Promise<void>>();

  const launch = (entry: ServiceEntry): ServiceProcess => {
    const proc = spawnService(entry, { env: io.env, cwd: io.cwd, stdio: ["ignore", "pipe", "pipe"] });
    // Services log on stderr; both of their streams go to ours, since our stdout is the command's output.
    proc.child.stdout?.pipe(io.stderr, { end: false });
    proc.child.stderr?.pipe(io.stderr, { end: false });
    running.set(entry.name, proc);
    void proc.exited.then((reason) => {
      if (stop.aborted || running.get(entry.name) !== proc) return;
      const task = restartLater(entry, proc, reason);
      restarting.add(task);
      void task.finally(() => restarting.delete(task));
    });
    return proc;
  };

  const backoff = new Map<string, number>();
  const restartLater = async (entry: ServiceEntry, crashed: ServiceProcess, reason: string) => {
    const base = options.backoffMs ?? 500;
    const previous = backoff.get(entry.name);
    const uptime = Date.now() - crashed.startedAt;
    const delay = previous === undefined || uptime > STABLE_UPTIME_MS ? base : Math.min(previous * 2, options.maxBackoffMs ?? 30_000);
    backoff.set(entry.name, delay);
    say(`${entry.name} stopped (${reason}); restarting in ${delay} ms`);
    try {
      await sleep(delay, undefined, { signal: stop });
    } catch {
      return;
    }
    if ((await pingService(instance.sockets[entry.name], 1000)) !== undefined) {
      say(`${entry.name} answers on ${instance.sockets[entry.name]} (another process); not restarting it`);
      running.delete(entry.name);
      return;
    }
    const proc = launch(entry);
    const failure = await waitForPing(instance.sockets[entry.name], {
      timeoutMs: startTimeoutMs, signal: stop, failure: () => proc.exitReason,
    });
    if (failure === undefined) say(`${entry.name} restarted (pid ${proc.pid})`);
  };

  const stopAll = async () => {
    const grace = options.stopGraceMs ?? 5000;
    for (const name of [...START_ORDER].reverse()) {
      const proc = running.get(name);
      if (!proc) continue;
      const reason = await proc.stop(grace);
      say(`${name} stopped (${reason})`);
    }
  };

  for (const name of START_ORDER) {
    if (stop.aborted) break;
    const socketPath = instance.sockets[name];
    if ((await pingService(socketPath, 1000)) !== undefined) {
      say(`${name} already answers on ${socketPath}; not starting it`);
      continue;
    }
    const entry = resolveServiceEntry(name, instance.configPath);
    if (!entry.exists) {
      if (REQUIRED_SERVICES.includes(name)) {
        say(`cannot start ${name}: ${entry.mainFile} does not exist`);
        await stopAll();
        return EXIT_FAILURE;
      }
      say(`${name} is not installed (${entry.mainFile} is missing); continuing without it`);
      continue;
    }
    const proc = launch(entry);
    const failure = await waitForPing(socketPath, { timeoutMs: startTimeoutMs, signal: stop, failure: () => proc.exitReason });
    if (failure !== undefined && !stop.aborted) {
      say(`${name} did not start: ${failure}`);
      running.delete(name);
      await proc.stop(options.stopGraceMs ?? 5000);
      await stopAll();
      return EXIT_FAILURE;
    }
    if (!stop.aborted) say(`${name} ready on ${socketPath} (pid ${proc.pid})`);
  }
  if (running.size === 0 && !stop.aborted) {
    say("every service already runs; nothing to supervise");
    return EXIT_OK;
  }
  if (!stop.aborted) say("all services are up; press Ctrl-C to stop them");
  await new Promise<void>((resolve) => {
    if (stop.aborted) resolve();
    else stop.addEventListener("abort", () => resolve(), { once: true });
  });
  say("stopping");
  await Promise.allSettled([...restarting]);
  await stopAll();
  return EXIT_OK;
}
