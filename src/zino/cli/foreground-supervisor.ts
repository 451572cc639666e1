// `zino up` in the foreground (docs/zino-protocol.md §7): start ctx, rtr, exc, daemon at once, each ready once it can be reached
// by `ping`; restart a service that crashes, with exponential backoff; stop them all when asked.
import { setTimeout as sleep } from "node:timers/promises";
import type { InstanceConfig } from "../config/index.js";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from "../../shared/cli.js";
import { pingService, waitForPing } from "./service-probe.js";
import { spawnService, type ServiceProcess } from "./service-process.js";
import type { ServiceEntry } from "./service-launch.js";
import { startServices } from "./service-start.js";
import { acquireStartLock } from "./start-lock.js";

export interface ForegroundOptions {
  instance: InstanceConfig;
  io: CliIo;
  /** One zino-host process for all services (`zino up --one-process`); else ZINO.toml's `[launch] one_process`. */
  oneProcess?: boolean;
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
  const services = superviseServices(options, say);
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  // Held for the start only (a failed one included): once all answer, another `zino up` finds them running.
  const release = await acquireStartLock({ runtimeDir: instance.runtimeDir, say, waitMs: startTimeoutMs + 10_000, signal: stop });
  if (release === undefined) return EXIT_OK; // Ctrl-C while another `zino up` was starting the services
  let started: boolean;
  // A service exits 2 on what only the operator can fix (run-service.ts): exit 2 too, as `zino up --detach` does.
  let setupFailure = false;
  try {
    started = await startOrStopAll();
  } finally {
    release();
  }
  if (!started) return setupFailure ? EXIT_USAGE : EXIT_FAILURE;
  if (services.count() === 0 && !stop.aborted) {
    say("every service already runs; nothing to supervise");
    return EXIT_OK;
  }
  if (!stop.aborted) say("all services are up; press Ctrl-C to stop them");
  await untilAborted(stop);
  say("stopping");
  await services.settleRestarts();
  await services.stopAll();
  return EXIT_OK;

  async function startOrStopAll(): Promise<boolean> {
    const ok = await startServices({
      instance,
      say,
      startTimeoutMs,
      signal: stop,
      oneProcess: options.oneProcess ?? instance.oneProcess,
      launch: services.launch,
      onReady: (entry) => services.markReady(entry.name),
      async onStartFailure(entry, failure, proc) {
        say(`${entry.name} did not start: ${failure}`);
        services.forget(entry.name);
        if (proc.exitReason === undefined) await proc.stop(options.stopGraceMs ?? 5000);
        if (proc.exitReason === "exit code 2") setupFailure = true;
      },
    });
    if (!ok) await services.stopAll();
    return ok;
  }
}

interface SupervisedServices {
  /** Spawns a service, its output on our stderr; a crash schedules a restart until `stop` aborts. */
  launch: (entry: ServiceEntry) => ServiceProcess;
  /** The service answered: from now on, when it exits, it is restarted. */
  markReady(name: string): void;
  /** Stops supervising a service (it failed to start, or another process serves its socket). */
  forget(name: string): void;
  count(): number;
  /** Waits for the restarts under way (they end early once `stop` is aborted). */
  settleRestarts(): Promise<void>;
  /** Stops every running service in the reverse start order. */
  stopAll(): Promise<void>;
}

function superviseServices(options: ForegroundOptions, say: (text: string) => void): SupervisedServices {
  const { instance, io, stop } = options;
  const running = new Map<string, ServiceProcess>();
  const restarting = new Set<Promise<void>>();
  const nextDelay = restartBackoff(options);
  // Set once everything is being stopped (Ctrl-C, or a failed start): an exit then is no crash to restart.
  let shuttingDown = false;
  const ready = new Set<string>();

  const launch = (entry: ServiceEntry): ServiceProcess => {
    const proc = spawnService(entry, { env: io.env, cwd: io.cwd, stdio: ["ignore", "pipe", "pipe"] });
    // Services log on stderr; both of their streams go to ours, since our stdout is the command's output.
    proc.child.stdout?.pipe(io.stderr, { end: false });
    proc.child.stderr?.pipe(io.stderr, { end: false });
    running.set(entry.name, proc);
    void proc.exited.then((reason) => {
      // Before it first answered, an exit is a failed start (startServices reports it), not a crash to restart.
      if (!ready.has(entry.name) || stop.aborted || shuttingDown || running.get(entry.name) !== proc) return;
      const task = restartLater(entry, proc, reason);
      restarting.add(task);
      void task.finally(() => restarting.delete(task));
    });
    return proc;
  };

  const restartLater = async (entry: ServiceEntry, crashed: ServiceProcess, reason: string) => {
    const delay = nextDelay(entry.name, Date.now() - crashed.startedAt);
    say(`${entry.name} stopped (${reason}); restarting in ${delay} ms`);
    try {
      await sleep(delay, undefined, { signal: stop });
    } catch {
      return;
    }
    if (shuttingDown) return;
    // A zino-host is restarted as a whole, unless another process took over one of its sockets meanwhile.
    const sockets = entry.services.map((name) => instance.sockets[name]);
    const answers = await Promise.all(sockets.map((socket) => pingService(socket, 1000)));
    const taken = sockets.find((_, i) => answers[i] !== undefined);
    if (taken !== undefined) {
      say(`${entry.name} not restarted: ${taken} answers (another process)`);
      running.delete(entry.name);
      return;
    }
    const proc = launch(entry);
    const timeoutMs = options.startTimeoutMs ?? 30_000;
    for (const socket of sockets) {
      const failure = await waitForPing(socket, { timeoutMs, signal: stop, failure: () => proc.exitReason });
      if (failure !== undefined) return;
    }
    say(`${entry.name} restarted (pid ${proc.pid})`);
  };

  return {
    launch,
    markReady: (name) => ready.add(name),
    forget: (name) => running.delete(name),
    count: () => running.size,
    settleRestarts: async () => {
      await Promise.allSettled([...restarting]);
    },
    stopAll: async () => {
      shuttingDown = true;
      const grace = options.stopGraceMs ?? 5000;
      // Launched in START_ORDER (a restart keeps its entry's place in the map): stopped the other way round.
      for (const [name, proc] of [...running].reverse()) {
        const reason = await proc.stop(grace);
        say(`${name} stopped (${reason})`);
      }
    },
  };
}

/** The delay before restarting a crashed service: doubles per crash up to the cap, resets after a stable minute. */
function restartBackoff(options: ForegroundOptions): (name: string, uptimeMs: number) => number {
  const base = options.backoffMs ?? 500;
  const max = options.maxBackoffMs ?? 30_000;
  const previousDelay = new Map<string, number>();
  return (name, uptimeMs) => {
    const previous = previousDelay.get(name);
    const delay = previous === undefined || uptimeMs > STABLE_UPTIME_MS ? base : Math.min(previous * 2, max);
    previousDelay.set(name, delay);
    return delay;
  };
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
