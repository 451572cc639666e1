// Runs one child process the way exc needs it: detached in its own process group, output captured up to a cap,
// the whole group killed on timeout, cancellation or flooding, and the answer returned as soon as the main
// process exits (a background job holding the pipes open never delays the result).
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { constants } from "node:os";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";

export interface RunProcessOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd: string;
  /** Run as this user (exc running as root drops to an unprivileged user). */
  uid?: number;
  gid?: number;
  timeoutMs: number;
  /** Bytes kept per stream; beyond it the output is discarded and `truncated` is set. */
  outputCapBytes: number;
  /** Discarded bytes past the cap after which the process group is killed (it keeps flooding). */
  floodLimitBytes?: number;
  signal?: AbortSignal;
  /** Open descriptors given to the child as fd 3, 4, ... (the caller keeps and closes its copies). */
  inputFds?: readonly number[];
}

export interface RunOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
  truncated: boolean;
  timedOut: boolean;
  cancelled: boolean;
  flooded: boolean;
  ms: number;
}

/** How long to keep reading pipes after the main process exited and its group was killed. */
const DRAIN_GRACE_MS = 500;

class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  discarded = 0;

  constructor(private readonly capBytes: number) {}

  push(chunk: Buffer): void {
    const room = this.capBytes - this.kept;
    if (room >= chunk.length) {
      this.chunks.push(chunk);
      this.kept += chunk.length;
      return;
    }
    if (room > 0) {
      this.chunks.push(chunk.subarray(0, room));
      this.kept += room;
    }
    this.discarded += chunk.length - Math.max(room, 0);
  }

  get truncated(): boolean {
    return this.discarded > 0;
  }

  text(): string {
    const text = Buffer.concat(this.chunks).toString("utf8");
    // A cut in the middle of a multi-byte character decodes as U+FFFD at the end: drop it.
    return this.truncated ? text.replace(/\uFFFD$/, "") : text;
  }
}

export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // the group is already gone
  }
}

function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return 128 + (number ?? 9);
}

function waitForEnd(stream: Readable | null, deadline: Promise<void>): Promise<void> {
  if (!stream || stream.readableEnded || stream.destroyed) return Promise.resolve();
  const ended = new Promise<void>((resolve) => {
    stream.once("end", resolve);
    stream.once("close", resolve);
    stream.once("error", () => resolve());
  });
  return Promise.race([ended, deadline]);
}

export function runProcess(options: RunProcessOptions): Promise<RunOutcome> {
  const started = performance.now();
  const stdout = new CappedOutput(options.outputCapBytes);
  const stderr = new CappedOutput(options.outputCapBytes);
  const floodLimit = options.floodLimitBytes ?? Math.max(options.outputCapBytes, 1024 * 1024);
  let timedOut = false;
  let cancelled = false;
  let flooded = false;

  return new Promise<RunOutcome>((resolve) => {
    if (options.signal?.aborted) {
      resolve({ exitCode: 130, stdout: "", stderr: "cancelled before start", truncated: false, timedOut, cancelled: true, flooded, ms: 0 });
      return;
    }
    // The extra descriptors widen spawn's type; the standard streams are still "ignore", "pipe", "pipe".
    const child = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe", ...(options.inputFds ?? [])],
      ...(options.uid !== undefined ? { uid: options.uid } : {}),
      ...(options.gid !== undefined ? { gid: options.gid } : {}),
    }) as ChildProcessByStdio<null, Readable, Readable>;
    const kill = () => killGroup(child.pid);
    const onData = (sink: CappedOutput) => (chunk: Buffer) => {
      sink.push(chunk);
      if (!flooded && stdout.discarded + stderr.discarded > floodLimit) {
        flooded = true;
        kill();
      }
    };
    child.stdout.on("data", onData(stdout));
    child.stderr.on("data", onData(stderr));
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => {
      cancelled = true;
      kill();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });

    let settled = false;
    const finish = async (exitCode: number, extraStderr = "") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      // Whatever the main process left behind in its group dies with it; the pipes then reach EOF.
      kill();
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((r) => (graceTimer = setTimeout(r, DRAIN_GRACE_MS)));
      await Promise.all([waitForEnd(child.stdout, grace), waitForEnd(child.stderr, grace)]);
      clearTimeout(graceTimer);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({
        exitCode,
        stdout: stdout.text(),
        stderr: stderr.text() + extraStderr,
        truncated: stdout.truncated || stderr.truncated,
        timedOut,
        cancelled,
        flooded,
        ms: Math.round(performance.now() - started),
      });
    };
    child.once("error", (err: NodeJS.ErrnoException) => {
      void finish(err.code === "ENOENT" ? 127 : 126, `cannot start ${options.command}: ${err.code ?? err.message}\n`);
    });
    child.once("exit", (code, signal) => void finish(exitCodeOf(code, signal)));
  });
}
