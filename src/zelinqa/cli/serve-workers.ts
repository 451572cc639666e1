// `zelinqa serve --workers N`: N API processes sharing one port or socket through node:cluster, one per core,
// all on one PostgreSQL database (a SQLite file is served by one process). The caller applies migrations once
// before; each worker is a `zelinqa serve` of its own. A worker that dies is logged and restarted with an
// exponential backoff; SIGTERM/SIGINT stop every worker gracefully, then kill those still running after a timeout.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import type { Worker } from "node:cluster";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "pino";

export interface ServeWorkersOptions {
  workers: number;
  /** The `serve` arguments of each worker (no secrets: command lines are visible to every local user). */
  args: string[];
  /** The workers' environment (the database URL travels here). */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  untilStopped: () => Promise<void>;
  stopTimeoutMs?: number;
}

/**
 * The compile threads of each of `workers` processes on `cores` cores: together the cores less the workers' request
 * threads' one, at least one each, at most 4 (compile-pool.ts's own bound for one process). Each process sizing its pool
 * for the whole machine gave N × (cores − 1) threads.
 */
export function workerCompileThreads(workers: number, cores: number): number {
  return Math.min(4, Math.max(1, Math.floor((cores - 1) / workers)));
}

/** The workers' environment: `env`, with ZELINQA_COMPILE_THREADS set to their share unless the operator set it. */
export function workerEnv(env: NodeJS.ProcessEnv, workers: number, cores = availableParallelism()): NodeJS.ProcessEnv {
  if (env.ZELINQA_COMPILE_THREADS !== undefined && env.ZELINQA_COMPILE_THREADS.trim() !== "") return env;
  return { ...env, ZELINQA_COMPILE_THREADS: String(workerCompileThreads(workers, cores)) };
}

export const RESTART_BACKOFF_MS = { first: 200, max: 10_000, stableAfter: 30_000 } as const;

/** The `zelinqa` entry point next to this module (main.ts under tsx, main.js from dist/). */
function cliMain(): string {
  const self = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(`./main${extname(self)}`, import.meta.url));
}

function formatAddress(address: { address: string; port: number; addressType: number | string }): string {
  if (address.addressType === -1 || address.addressType === "udp4") return address.address;
  const host = address.addressType === 6 ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

function waitForExit(worker: Worker, timeoutMs: number): Promise<boolean> {
  if (worker.isDead()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Runs the workers until `untilStopped` resolves; rejects when a worker of the first start fails to listen. */
export async function serveWorkers(options: ServeWorkersOptions): Promise<void> {
  const { logger } = options;
  cluster.setupPrimary({ exec: cliMain(), args: options.args });
  const slots = new Map<number, Worker>();
  const failures = new Map<number, number>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;
  let allListened = false;
  let failStart: (error: Error) => void = () => undefined;
  const started = new Promise<void>((resolve, reject) => {
    failStart = reject;
    let listening = 0;
    cluster.on("listening", (_worker, address) => {
      listening += 1;
      if (listening === options.workers) {
        allListened = true;
        logger.info({ address: formatAddress(address), workers: options.workers, pid: process.pid }, "zelinqa workers listening");
        resolve();
      }
    });
  });

  const fork = (slot: number) => {
    const worker = cluster.fork(workerEnv(options.env, options.workers));
    const forkedAt = Date.now();
    let listened = false;
    slots.set(slot, worker);
    worker.once("listening", () => (listened = true));
    worker.once("exit", (code, signal) => {
      if (slots.get(slot) === worker) slots.delete(slot);
      if (stopping) return;
      // A worker that cannot start at all (bad configuration, port taken) fails the command instead of looping.
      if (!listened && !allListened) {
        failStart(new Error(`worker ${slot} exited with ${signal ?? code} before listening`));
        return;
      }
      const count = Date.now() - forkedAt >= RESTART_BACKOFF_MS.stableAfter ? 1 : (failures.get(slot) ?? 0) + 1;
      failures.set(slot, count);
      const restartInMs = Math.min(RESTART_BACKOFF_MS.first * 2 ** (count - 1), RESTART_BACKOFF_MS.max);
      logger.warn({ worker: slot, pid: worker.process.pid, code, signal, restartInMs }, "zelinqa worker exited, restarting");
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) fork(slot);
      }, restartInMs);
      timers.add(timer);
    });
  };

  const stopAll = async () => {
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    const running = [...slots.values()];
    for (const worker of running) worker.process.kill("SIGTERM");
    const timeoutMs = options.stopTimeoutMs ?? 10_000;
    const exited = await Promise.all(running.map((worker) => waitForExit(worker, timeoutMs)));
    running.forEach((worker, i) => {
      if (exited[i]) return;
      logger.warn({ pid: worker.process.pid }, "zelinqa worker did not stop in time, killed");
      worker.process.kill("SIGKILL");
    });
    cluster.removeAllListeners("listening");
  };

  const stopped = options.untilStopped();
  for (let slot = 1; slot <= options.workers; slot += 1) fork(slot);
  try {
    await Promise.race([started, stopped]);
  } catch (error) {
    await stopAll();
    throw error;
  }
  await stopped;
  await stopAll();
  logger.info({ workers: options.workers }, "zelinqa workers stopped");
}
