// Runs one child process the way exc needs it: detached in its own process group, output captured up to a cap,
// the whole group killed on timeout, cancellation or flooding, and the answer returned as soon as the main
// process exits (a background job holding the pipes open never delays the result), or, for a sandbox that reports
// its script's end (`reportsExit`), as soon as that script has exited. A child can also be started ahead of
// time and held until its script is ready (the warm sandboxes of warm-sandboxes.ts).
import { spawn } from "node:child_process";
import { closeSync, constants as fsConstants, openSync } from "node:fs";
import { constants } from "node:os";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { nativeSpawnAddon, spawnNative, type NativeSpawnRequest, type SpawnedChild } from "./native-spawn.js";

export interface SpawnOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd: string;
  /** Run as this user (exc running as root drops to an unprivileged user). */
  uid?: number;
  gid?: number;
  /**
   * cgroup.procs files opened for writing for the child as fd 3, 4, ...: its command joins the cgroup by writing "0"
   * to them (sandbox.ts, the files are not visible inside the sandbox).
   */
  joinFiles?: readonly string[];
  /** Files opened read-only for the child as the next descriptors (bwrap's `--file` copies /etc files from them). */
  inputFiles?: readonly string[];
  /**
   * The child is started now but held: its command waits for a line on stdin (sandbox.ts `WAIT_FOR_GO`), which
   * `release` writes. Without it stdin is /dev/null and the child runs at once.
   */
  held?: boolean;
  /** Start it with Node's spawn even when native-spawn.ts's addon is there (tests of both ways). */
  nodeSpawn?: boolean;
  /**
   * The child reports its script's end before it exits itself (sandbox.ts, bwrap's `--json-status-fd`): it gets three
   * pipes as fd 3, 4 and 5, before the files: the script's stdout, its stderr, and the status bwrap writes there as a
   * JSON line (`{ "exit-code": N }`, after one with the child's pid) once the script has exited. The outcome then comes
   * with that status, without waiting for the sandbox to be torn down and bwrap to exit. The child's own stdout and
   * stderr (bubblewrap's messages) are read as part of the output.
   */
  reportsExit?: boolean;
  /**
   * Starts the child in place of native-spawn.ts's addon or Node's spawn, with the same pipes and descriptors (the
   * sandbox zygote: sandbox-zygote.ts). Its child is killed by its `killTree`.
   */
  via?: (request: NativeSpawnRequest) => SpawnedChild;
}

export interface ReleaseOptions {
  timeoutMs: number;
  /** Bytes kept per stream; beyond it the output is discarded and `truncated` is set. */
  outputCapBytes: number;
  /** Discarded bytes past the cap after which the process group is killed (it keeps flooding). */
  floodLimitBytes?: number;
  signal?: AbortSignal;
}

export type RunProcessOptions = SpawnOptions & ReleaseOptions;

/** A spawned child: held (waiting for its go line) or already running, to be run to its end by `release`. */
export interface StartedProcess {
  /** False once the child has exited or could not start: a held child that died is of no use. */
  readonly alive: boolean;
  /** Lets the child go (a held one gets its go line) and collects its outcome; the timeout counts from here. */
  release(options: ReleaseOptions): Promise<RunOutcome>;
  /** Kills the child's group without running it; resolves once the child is gone. */
  discard(): Promise<void>;
  /** Settles with the exit code once the child has exited (or could not start). */
  readonly exited: Promise<number>;
}

/** Starts a child: {@link startProcess} here, or the same in zino-exc's process launcher (process-launcher.ts). */
export type ProcessStarter = (options: SpawnOptions) => StartedProcess;

export interface RunOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
  truncated: boolean;
  timedOut: boolean;
  cancelled: boolean;
  flooded: boolean;
  ms: number;
  /** A held child that had already died when it was released: its command never ran (start another). */
  notStarted?: true;
}

/** How long to keep reading pipes after the main process exited and its group was killed. */
const DRAIN_GRACE_MS = 500;
/** Output read before the release (see {@link EarlyOutput}) past which the child's pipes are paused until then. */
const EARLY_OUTPUT_BYTES = 1024 * 1024;

/**
 * Output a child writes before its release. It is read as soon as the child starts: Node resumes the unread pipes
 * of a child that exited ("flushStdio"), which drops their data when nobody listens yet. That happened when a
 * quick child exited before its release reached exc's process launcher (a loaded machine): `echo hi` answered
 * exit 0 with an empty stdout. Past {@link EARLY_OUTPUT_BYTES} the pipes are paused until the release.
 */
class EarlyOutput {
  private readonly chunks: { pipe: number; chunk: Buffer }[] = [];
  private bytes = 0;
  private sink: ((pipe: number, chunk: Buffer) => void) | undefined;

  constructor(private readonly pipes: readonly Readable[]) {
    pipes.forEach((pipe, index) => pipe.on("data", (chunk: Buffer) => this.push(index, chunk)));
  }

  private push(pipe: number, chunk: Buffer): void {
    if (this.sink) return this.sink(pipe, chunk);
    this.chunks.push({ pipe, chunk });
    this.bytes += chunk.length;
    if (this.bytes > EARLY_OUTPUT_BYTES) for (const each of this.pipes) each.pause();
  }

  /** From now on output goes to `sink` (by the pipe's index), starting with what was read before. */
  drainTo(sink: (pipe: number, chunk: Buffer) => void): void {
    this.sink = sink;
    for (const { pipe, chunk } of this.chunks.splice(0)) sink(pipe, chunk);
    for (const each of this.pipes) each.resume();
  }
}

/**
 * One stream's output (stdout or stderr), fed by one pipe or more: a sandbox's stderr comes from the script's pipe and
 * from bwrap's own. Together they keep at most the cap, the first pipe's bytes before the next one's, whatever order
 * the pipes were read in: two pipes are read in no set order (on a loaded machine bwrap's bytes, written after the
 * script's, could be read first and take the script's room). Each pipe keeps at most the cap until the end, when the
 * stream's text is put together; each pipe's text stays in one piece.
 */
class CappedStream {
  private readonly pipes: { chunks: Buffer[]; kept: number; received: number }[] = [];

  constructor(private readonly capBytes: number) {}

  /** A pipe that feeds this stream, after those added before it; what it read goes to the function returned. */
  addPipe(): (chunk: Buffer) => void {
    const pipe = { chunks: [] as Buffer[], kept: 0, received: 0 };
    this.pipes.push(pipe);
    return (chunk) => {
      pipe.received += chunk.length;
      const room = this.capBytes - pipe.kept;
      if (room <= 0) return;
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      pipe.chunks.push(part);
      pipe.kept += part.length;
    };
  }

  /** The bytes read past the cap, all pipes together. */
  get discarded(): number {
    return Math.max(0, this.pipes.reduce((received, pipe) => received + pipe.received, 0) - this.capBytes);
  }

  get truncated(): boolean {
    return this.discarded > 0;
  }

  text(): string {
    let room = this.capBytes;
    return this.pipes
      .map((pipe) => {
        const bytes = Buffer.concat(pipe.chunks).subarray(0, room);
        room -= bytes.length;
        const text = bytes.toString("utf8");
        // A cut in the middle of a multi-byte character decodes as U+FFFD at the end: drop it.
        return bytes.length < pipe.received ? text.replace(/\uFFFD$/, "") : text;
      })
      .join("");
  }
}

/** Kills a child and what it started: its own way (a zygote's child), else its process group. */
function killChild(child: SpawnedChild): void {
  if (child.killTree) child.killTree();
  else killGroup(child.pid);
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

/** The outcome of a child that never ran its command: nothing printed, only why on stderr. */
export function outcomeWithoutRun(exitCode: number, stderr: string, cancelled = false): RunOutcome {
  return { exitCode, stdout: "", stderr, truncated: false, timedOut: false, cancelled, flooded: false, ms: 0 };
}

export function runProcess(options: RunProcessOptions, start: ProcessStarter = startProcess): Promise<RunOutcome> {
  if (options.signal?.aborted) return Promise.resolve(outcomeWithoutRun(130, "cancelled before start", true));
  const { timeoutMs, outputCapBytes, floodLimitBytes, signal, ...spawnOptions } = options;
  return start(spawnOptions).release({
    timeoutMs,
    outputCapBytes,
    ...(floodLimitBytes !== undefined ? { floodLimitBytes } : {}),
    ...(signal ? { signal } : {}),
  });
}

/**
 * The descriptors of the pipes a child that reports its script's exit (`reportsExit`) gets, right after the standard
 * streams: the script's stdout and stderr, and the status. Its files come after them, from `firstFile`.
 */
export const REPORT_FDS = { stdout: 3, stderr: 4, status: 5, firstFile: 6 } as const;
const REPORT_PIPES = REPORT_FDS.firstFile - REPORT_FDS.stdout;

/**
 * Spawns with, after the standard streams, the report pipes (`reportsExit`), then `joinFiles` (write-only) then
 * `inputFiles` (read-only); this process's copies of the files are closed once the child has its own. The child is
 * started by native-spawn.ts's addon when it is built (no fork), else by Node's spawn.
 */
function spawnWithFiles(options: SpawnOptions): SpawnedChild {
  const fds: number[] = [];
  const outputPipes = options.reportsExit === true ? REPORT_PIPES : 0;
  try {
    for (const path of options.joinFiles ?? []) fds.push(openSync(path, fsConstants.O_WRONLY));
    for (const path of options.inputFiles ?? []) fds.push(openSync(path, "r"));
    const request = { ...options, stdinPipe: options.held === true, outputPipes, extraFds: fds };
    if (options.via) return options.via(request);
    const addon = options.nodeSpawn === true ? undefined : nativeSpawnAddon();
    if (addon) return spawnNative(addon, request);
    // The extra descriptors widen spawn's type; the standard streams are still (pipe|ignore), pipe, pipe.
    return spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: [options.held === true ? "pipe" : "ignore", "pipe", "pipe", ...Array<"pipe">(outputPipes).fill("pipe"), ...fds],
      ...(options.uid !== undefined ? { uid: options.uid } : {}),
      ...(options.gid !== undefined ? { gid: options.gid } : {}),
    }) as unknown as SpawnedChild;
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

/**
 * Where a child's output comes from. `pipes` feed stdout or stderr (`toStderr`); with an exit report, the script's
 * own two come first and `status` is bwrap's report.
 */
interface ChildOutput {
  pipes: readonly Readable[];
  toStderr: readonly boolean[];
  /** The script's stdout and stderr (the first two of `pipes`) and bwrap's status pipe, with an exit report. */
  report?: { script: readonly Readable[]; status: Readable };
}

function childOutput(child: SpawnedChild, options: SpawnOptions): ChildOutput {
  if (options.reportsExit !== true) return { pipes: [child.stdout, child.stderr], toStderr: [false, true] };
  // A child that could not start may have no such pipes: empty ones stand in.
  const pipe = (fd: number) => (child.stdio[fd] as Readable | null | undefined) ?? Readable.from([]);
  const [stdout, stderr, status] = [pipe(REPORT_FDS.stdout), pipe(REPORT_FDS.stderr), pipe(REPORT_FDS.status)];
  return {
    pipes: [stdout, stderr, child.stdout, child.stderr],
    toStderr: [false, true, false, true],
    report: { script: [stdout, stderr], status },
  };
}

/**
 * The exit status bwrap writes on its status pipe (a JSON line `{ "exit-code": 0–255 }`, after the one with the child's
 * pid and namespaces); never settles without one (the child's exit decides).
 */
function reportedStatus(status: Readable): Promise<number> {
  return new Promise((resolve) => {
    let text = "";
    status.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
      const code = reportedExitCode(text);
      if (code !== undefined) resolve(code);
      else if (text.length > 4096) status.destroy();
    });
  });
}

/** The exit code in what a status pipe said so far (`{ "exit-code": 0–255 }` and a newline), or undefined. */
export function reportedExitCode(text: string): number | undefined {
  const match = /"exit-code": *(\d{1,3}) *\}\n/.exec(text);
  return match && Number(match[1]) <= 255 ? Number(match[1]) : undefined;
}

/** Waits for `pipes` to reach EOF (at most DRAIN_GRACE_MS), then closes every pipe of the child. */
async function drainPipes(output: ChildOutput, pipes: readonly Readable[] = output.pipes): Promise<void> {
  let graceTimer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((r) => (graceTimer = setTimeout(r, DRAIN_GRACE_MS)));
  await Promise.all(pipes.map((pipe) => waitForEnd(pipe, grace)));
  clearTimeout(graceTimer);
  closeOutput(output);
}

/** Closes every pipe the child's output comes on, the status pipe included. */
function closeOutput(output: ChildOutput): void {
  for (const pipe of output.pipes) pipe.destroy();
  output.report?.status.destroy();
}

/** Kills a child that will not run (its whole group), closes its pipes, and waits for its exit. */
async function discardChild(child: SpawnedChild, output: ChildOutput, exited: Promise<number>): Promise<void> {
  killChild(child);
  child.stdin?.destroy();
  closeOutput(output);
  await exited;
}

interface RunWatch {
  /** stdout and stderr, each kept within the cap. */
  streams: readonly [CappedStream, CappedStream];
  timedOut: boolean;
  cancelled: boolean;
  flooded: boolean;
  /** Clears the timeout and the abort listener once the process has exited. */
  stop(): void;
}

/** A released run's output, capped per stream, and what kills its group: a flood, the timeout, the caller's abort. */
function watchRun(child: SpawnedChild, output: ChildOutput, early: EarlyOutput, run: ReleaseOptions): RunWatch {
  const kill = () => killChild(child);
  const floodLimit = run.floodLimitBytes ?? Math.max(run.outputCapBytes, 1024 * 1024);
  const onAbort = () => {
    watch.cancelled = true;
    kill();
  };
  const timer = setTimeout(() => {
    watch.timedOut = true;
    kill();
  }, run.timeoutMs);
  const streams = [new CappedStream(run.outputCapBytes), new CappedStream(run.outputCapBytes)] as const;
  // In the order of `output.pipes`: the script's pipes come before bwrap's own.
  const feeds = output.toStderr.map((stderr) => streams[stderr ? 1 : 0].addPipe());
  const watch: RunWatch = {
    streams,
    timedOut: false,
    cancelled: false,
    flooded: false,
    stop() {
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
    },
  };
  early.drainTo((pipe, chunk) => {
    feeds[pipe]!(chunk);
    if (!watch.flooded && streams[0].discarded + streams[1].discarded > floodLimit) {
      watch.flooded = true;
      kill();
    }
  });
  if (run.signal?.aborted) onAbort();
  else run.signal?.addEventListener("abort", onAbort, { once: true });
  return watch;
}

export function startProcess(options: SpawnOptions): StartedProcess {
  const child = spawnWithFiles(options);
  const output = childOutput(child, options);
  const early = new EarlyOutput(output.pipes);
  // A held child that died cannot take its go line; the write then fails with EPIPE, which changes nothing.
  child.stdin?.on("error", () => undefined);
  let alive = true;
  let startError = "";
  const exited = new Promise<number>((resolve) => {
    child.once("error", (err: NodeJS.ErrnoException) => {
      startError = `cannot start ${options.command}: ${err.code ?? err.message}\n`;
      resolve(err.code === "ENOENT" ? 127 : 126);
    });
    child.once("exit", (code: number | null, signal: NodeJS.Signals | null) => resolve(exitCodeOf(code, signal)));
  }).finally(() => {
    alive = false;
  });
  // The script's end as bwrap reports it: the status, and the pipes to wait for then (the script's own two).
  const scriptExited = output.report
    ? reportedStatus(output.report.status).then((exitCode) => ({ exitCode, waitFor: output.report!.script }))
    : undefined;
  let released = false;

  const release = (run: ReleaseOptions): Promise<RunOutcome> => {
    if (released) throw new Error("a started process is released once");
    released = true;
    const notStarted = options.held === true && !alive;
    const started = performance.now();
    const watch = watchRun(child, output, early, run);
    child.stdin?.end("go\n");
    const childExited = exited.then((exitCode) => ({ exitCode, waitFor: output.pipes }));

    return Promise.race(scriptExited ? [childExited, scriptExited] : [childExited]).then(async ({ exitCode, waitFor }) => {
      watch.stop();
      // Whatever the script left behind in its group dies with it; the pipes then reach EOF.
      killChild(child);
      await drainPipes(output, waitFor);
      return {
        exitCode,
        stdout: watch.streams[0].text(),
        stderr: watch.streams[1].text() + startError,
        truncated: watch.streams.some((stream) => stream.truncated),
        timedOut: watch.timedOut,
        cancelled: watch.cancelled,
        flooded: watch.flooded,
        ms: Math.round(performance.now() - started),
        ...(notStarted ? { notStarted: true as const } : {}),
      };
    });
  };

  return {
    get alive() {
      return alive;
    },
    release,
    exited,
    async discard() {
      released = true;
      await discardChild(child, output, exited);
    },
  };
}
