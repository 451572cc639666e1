// The in-process compilation worker of docs/zelinqa-api.md §12.5: woken after an enqueue and polling every 200 ms, it runs the
// claimable compilation jobs (compilation-jobs.ts) one drain at a time.
import { runCompilationJobs } from "./compilation-jobs.js";
import type { CompilationJobDeps } from "./compilation-jobs.js";
import { errorSummary } from "./error-summary.js";
import type { CompilationJobRecord } from "../store/index.js";

export const WORKER_POLL_MS = 200;
export const COMPILATION_LEASE_MS = 60_000;

export interface CompileWorker {
  start(): void;
  wake(): void;
  /** Processes every claimable job now; used by start-up and tests. */
  drain(): Promise<void>;
  /**
   * Drains until the job has ended (succeeded or failed), whichever process runs it: on a shared database another
   * process's worker may claim it first. Each drain expires a lapsed lease, so a holder that died ends the wait as
   * `failed` (timeout) once its lease is past. Returns the job as last read (null when unknown).
   */
  untilEnded(domainId: string, jobId: string): Promise<CompilationJobRecord | null>;
  close(): Promise<void>;
}

export interface CompileWorkerDeps extends CompilationJobDeps {
  pollMs?: number;
  leaseMs?: number;
}

export function createCompileWorker(deps: CompileWorkerDeps): CompileWorker {
  const pollMs = deps.pollMs ?? WORKER_POLL_MS;
  const leaseMs = deps.leaseMs ?? COMPILATION_LEASE_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let started = false;

  const drain = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runCompilationJobs(deps, leaseMs);
        } catch (error) {
          deps.logger.error({ err: errorSummary(error) }, "compile worker tick failed");
        }
      } while (again && !closed);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      void drain().finally(schedule);
    }, pollMs);
    timer.unref();
  };

  return {
    start() {
      if (started || closed) return;
      started = true;
      schedule();
    },
    wake() {
      if (!closed && started) void drain();
    },
    drain,
    async untilEnded(domainId, jobId) {
      // Bounded even if the store's clock and ours disagree: a lease taken now ends within leaseMs.
      const deadline = Date.now() + leaseMs + 5 * pollMs;
      for (;;) {
        await drain();
        const job = await deps.store.getCompilationJob(domainId, jobId);
        if (!job || job.status === "succeeded" || job.status === "failed" || Date.now() > deadline) return job;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
