// Compile threads of `zelinqa serve`: checking and compiling a largest configuration takes seconds of CPU, which on the
// request thread held every other request (health included) for as long. At most `threads` tasks run at once, each in a
// worker thread (compile-thread.ts); at most `maxQueued` requests wait for a thread, and more are refused
// (CompilerBusy); every task has a time limit, past which its thread is stopped (CompileTimedOut). A thread that fails
// or dies fails its task only; the next task gets a new thread. Idle threads stop after a while.
import { availableParallelism } from "node:os";
import type { ResourceLimits, Worker } from "node:worker_threads";
import type { Logger } from "pino";
import { siblingModuleUrl, startModuleThread } from "../../shared/module-thread.js";
import { z } from "zod";
import { ChangeBatchResultSchema } from "./change-batch.js";
import type { ChangeBatchInput, ChangeBatchResult } from "./change-batch.js";
import { CompileReplySchema, CompileTimedOut, CompilerBusy, DraftCompilationSchema } from "./draft-compiler.js";
import type { DraftCompilation, DraftCompileRequest, DraftCompiler, ThreadWork } from "./draft-compiler.js";

/** One core is left to the request thread. */
export const DEFAULT_COMPILE_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
/** A largest configuration takes 4 to 5 s on an idle core: 16 waiting is over a minute of work queued already. */
export const MAX_QUEUED_COMPILES = 16;
/** Within the 60 s lease of a compilation job (compile-worker.ts), with time left to store the version. */
export const COMPILE_TIMEOUT_MS = 50_000;
const IDLE_THREAD_MS = 30_000;
/** Clients cap Retry-After at 30 s (docs/zelinqa-api.md §14 item 3). */
const MAX_RETRY_AFTER_SECONDS = 30;

const THREAD_URL = siblingModuleUrl(import.meta.url, "compile-thread");

export interface CompilePoolOptions {
  logger: Pick<Logger, "warn" | "error">;
  threads?: number;
  maxQueued?: number;
  timeoutMs?: number;
  idleMs?: number;
  /** Bounds on each thread's heap (none by default: a largest compilation needs hundreds of MB). */
  resourceLimits?: ResourceLimits;
}

interface Task {
  id: number;
  request: { background?: boolean | undefined };
  work: ThreadWork;
  /** The thread's result, parsed (the boundary between threads). */
  resultSchema: z.ZodType;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | undefined;
  thread: Thread | null;
  startedMs: number;
}

interface Thread {
  worker: Worker;
  task: Task | null;
  idleTimer: NodeJS.Timeout | undefined;
}

class CompilePool implements DraftCompiler {
  private readonly size: number;
  private readonly maxQueued: number;
  private readonly timeoutMs: number;
  private readonly idleMs: number;
  private readonly threads = new Set<Thread>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** A running mean of task durations, for Retry-After. */
  private meanTaskMs = 1_000;

  constructor(private readonly options: CompilePoolOptions) {
    this.size = Math.max(1, options.threads ?? DEFAULT_COMPILE_THREADS);
    this.maxQueued = options.maxQueued ?? MAX_QUEUED_COMPILES;
    this.timeoutMs = options.timeoutMs ?? COMPILE_TIMEOUT_MS;
    this.idleMs = options.idleMs ?? IDLE_THREAD_MS;
  }

  run(content: unknown, request: DraftCompileRequest): Promise<DraftCompilation> {
    return this.submit({ task: request.task, content }, request, DraftCompilationSchema);
  }

  applyChanges(batch: ChangeBatchInput): Promise<ChangeBatchResult> {
    return this.submit({ task: "apply", batch }, {}, ChangeBatchResultSchema);
  }

  readConfiguration(contentText: string): Promise<string> {
    return this.submit({ task: "read", contentText }, {}, z.string());
  }

  private submit<T>(work: ThreadWork, request: Task["request"], resultSchema: z.ZodType<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error("the compile pool is closed"));
    return new Promise<T>((resolve, reject) => {
      const task: Task = {
        id: this.nextId++,
        request,
        work,
        resultSchema,
        resolve: (result) => resolve(result as T),
        reject,
        timer: undefined,
        thread: null,
        startedMs: 0,
      };
      task.timer = setTimeout(() => this.timedOut(task), this.timeoutMs);
      // A compilation job goes before the requests waiting: it holds a lease, and the process runs one job at a time.
      if (request.background) this.queue.unshift(task);
      else this.queue.push(task);
      this.dispatch();
      // A request that would wait behind maxQueued others is refused; a job is never refused.
      if (!request.background && task.thread === null && this.queue.filter((t) => !t.request.background).length > this.maxQueued) {
        this.queue.pop();
        this.fail(task, new CompilerBusy(this.retryAfterSeconds()));
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.fail(task, new Error("the compile pool is closed"));
    const stopping = [...this.threads].map(async (thread) => {
      this.threads.delete(thread);
      clearTimeout(thread.idleTimer);
      if (thread.task) this.fail(thread.task, new Error("the compile pool is closed"));
      await thread.worker.terminate();
    });
    await Promise.all(stopping);
  }

  private retryAfterSeconds(): number {
    const waiting = this.queue.length + [...this.threads].filter((t) => t.task).length;
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil((this.meanTaskMs * waiting) / this.size / 1000)));
  }

  /** The task leaves its thread (referenced no longer) and its timer. */
  private settle(task: Task): void {
    clearTimeout(task.timer);
    if (task.thread) {
      task.thread.task = null;
      task.thread.worker.unref();
      task.thread = null;
    }
  }

  private fail(task: Task, error: Error): void {
    this.settle(task);
    task.reject(error);
  }

  /** A thread that failed, died or overran: its task fails, and the thread is no longer used. */
  private discard(thread: Thread, error: Error): void {
    if (!this.threads.delete(thread)) return;
    clearTimeout(thread.idleTimer);
    if (thread.task) this.fail(thread.task, error);
    void thread.worker.terminate();
    this.dispatch();
  }

  private answered(thread: Thread, message: unknown): void {
    const reply = CompileReplySchema.safeParse(message);
    const task = thread.task;
    if (!task || !reply.success || reply.data.id !== task.id) return;
    this.settle(task);
    this.meanTaskMs = 0.8 * this.meanTaskMs + 0.2 * (performance.now() - task.startedMs);
    if (!reply.data.ok) task.reject(new Error(`compilation failed: ${reply.data.message}`));
    else {
      const result = task.resultSchema.safeParse(reply.data.result);
      if (result.success) task.resolve(result.data);
      else task.reject(new Error(`the compile thread answered an unexpected result: ${result.error.message}`));
    }
    this.dispatch();
  }

  private spawn(): Thread {
    const limits = this.options.resourceLimits;
    const worker = startModuleThread(THREAD_URL, limits ? { resourceLimits: limits } : {});
    worker.unref();
    const thread: Thread = { worker, task: null, idleTimer: undefined };
    worker.on("message", (message: unknown) => this.answered(thread, message));
    worker.on("error", (error) => {
      this.options.logger.error({ err: { name: error.name, message: error.message } }, "compile thread failed");
      this.discard(thread, new Error(`the compile thread failed: ${error.message}`));
    });
    worker.on("exit", (code) => this.discard(thread, new Error(`the compile thread exited with code ${code}`)));
    this.threads.add(thread);
    return thread;
  }

  private idleThread(): Thread | undefined {
    if (this.queue.length === 0) return undefined;
    for (const thread of this.threads) if (!thread.task) return thread;
    return this.threads.size < this.size ? this.spawn() : undefined;
  }

  private dispatch(): void {
    for (let thread = this.idleThread(); thread; thread = this.idleThread()) {
      const task = this.queue.shift() as Task;
      clearTimeout(thread.idleTimer);
      thread.idleTimer = undefined;
      thread.task = task;
      task.thread = thread;
      task.startedMs = performance.now();
      // Referenced while it works: a caller awaiting its answer keeps the process alive.
      thread.worker.ref();
      try {
        thread.worker.postMessage({ id: task.id, work: task.work });
      } catch (error) {
        this.fail(task, error instanceof Error ? error : new Error(String(error)));
      }
    }
    for (const thread of this.threads) if (!thread.task && !thread.idleTimer) this.stopWhenIdle(thread);
  }

  private stopWhenIdle(thread: Thread): void {
    thread.idleTimer = setTimeout(() => {
      thread.idleTimer = undefined;
      if (!thread.task && this.threads.delete(thread)) void thread.worker.terminate();
    }, this.idleMs);
    thread.idleTimer.unref();
  }

  private timedOut(task: Task): void {
    const error = new CompileTimedOut(this.timeoutMs, this.retryAfterSeconds());
    const index = this.queue.indexOf(task);
    if (index >= 0) {
      this.queue.splice(index, 1);
      this.fail(task, error);
    } else if (task.thread) {
      this.options.logger.warn({ timeout_ms: this.timeoutMs, task: task.work.task }, "compilation stopped at its time limit");
      this.discard(task.thread, error);
    }
  }
}

export function createCompilePool(options: CompilePoolOptions): DraftCompiler {
  return new CompilePool(options);
}
