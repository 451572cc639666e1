// `zino up` in the foreground (spec §7): start ctx, rtr, exc, daemon in that order, each once it can be reached
// by `ping`; restart a service that crashes, with exponential backoff; stop them all when asked.
import { setTimeout as sleep } from "node:timers/promises";
import type { InstanceConfig } from "../config/index.js";
import { EXIT_FAILURE, EXIT_OK, type CliIo } from "./cli-io.js";
import { pingService, waitForPing } from "./service-probe.js";
import { spawnService, type ServiceProcess } from "./service-process.js";
import { START_ORDER, type ServiceEntry } from "./service-launch.js";
import { startServicesInOrder } from "./service-start.js";

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
      timeoutMs: startTimeoutMs,
      signal: stop,
      failure: () => proc.exitReason,
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

  const started = await startServicesInOrder({
    instance,
    say,
    startTimeoutMs,
    signal: stop,
    launch,
    async onStartFailure(name, failure, proc) {
      say(`${name} did not start: ${failure}`);
      running.delete(name);
      await proc.stop(options.stopGraceMs ?? 5000);
    },
  });
  if (!started) {
    await stopAll();
    return EXIT_FAILURE;
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
