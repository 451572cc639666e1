// zino-exc's process launcher: a small child process that starts the sandboxes and analysers on exc's behalf, used by
// default only where the native spawn addon is missing (execution-runner.ts launcherByDefault).
// Starting a process from Node forks the whole parent, and on this kind of machine a fork costs about 1 ms per
// 30 MB of the parent's memory: 2–3 ms during which exc's event loop stands still (a `ready`, a tool call, an MCP
// call all wait). The launcher is a bare Node process holding nothing else, so its forks are cheaper, and they
// stall only the launcher. It runs the same run-process.ts code; exc talks to it over Node's IPC channel.
// Tried and not kept (issue 14): the launcher handing a sandbox's pipes to exc (IPC handles), exc writing the go line,
// reading the output and taking the exit code from bwrap's --json-status-fd, so that a call wakes the launcher neither
// way. A warm `echo hi` got 0.05–1.25 ms faster at p50 (median 0.27 over 7 alternated pairs; more on a busy VM), but
// exc spent 1.1 ms more CPU per execution (four sockets received, acknowledged, read and closed; 1.56–1.69 → 2.76 ms,
// the machine +1.4 ms), and the side-by-side tool turn did not change. Node also sends one handle at a time and holds
// every other message back until it is acknowledged, so the launcher's events would have needed a channel of their own.
//
// Protocol (JSON messages, `id` chosen by exc):
//   exc → launcher  {op:"start", id, spawn: SpawnOptions} | {op:"release", id, run: ReleaseOptions without signal}
//                   | {op:"abort", id} | {op:"discard", id}
//   launcher → exc  {event:"ready"} (once, when it listens)
//                   | {id, event:"exited", exitCode} (a held child died before its release)
//                   | {id, event:"outcome", outcome: RunOutcome} | {id, event:"discarded"}
// A launcher that dies fails its unfinished executions (a result saying so) and is started again on the next call.
// When exc goes away the launcher's IPC channel closes, and it kills every process group it started, then exits.
import { fork, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "../../wire/index.js";
import { outcomeWithoutRun, type ReleaseOptions, type RunOutcome, type SpawnOptions, type StartedProcess } from "./run-process.js";

/**
 * The launcher's Node flags. It runs little JavaScript (IPC messages, spawns, pipes) and forks a process per sandbox,
 * so it is made small: no JIT, no V8 helper threads, a 1 MiB nursery (and no WebAssembly, which --jitless turns off
 * anyway; the flag keeps Node from warning about it). Measured on zino-host's tool turns (issue 14, 2-core VM, 100
 * turns after 50): launcher RSS 52 → 44 MiB (PSS 15 → 11), its CPU per tool turn 7.7 → 6.3–6.5 ms, turn time the same.
 */
export const LAUNCHER_NODE_FLAGS: readonly string[] = ["--single-threaded", "--jitless", "--no-expose-wasm", "--max-semi-space-size=1"];

export type LauncherRequest =
  | { op: "start"; id: number; spawn: SpawnOptions }
  | { op: "release"; id: number; run: Omit<ReleaseOptions, "signal"> }
  | { op: "abort"; id: number }
  | { op: "discard"; id: number };

export type LauncherEvent =
  | { event: "ready" }
  | { id: number; event: "exited"; exitCode: number }
  | { id: number; event: "outcome"; outcome: RunOutcome }
  | { id: number; event: "discarded" };

export interface ProcessLauncher {
  /** Like run-process.ts `startProcess`, the child being started by the launcher. */
  start(options: SpawnOptions): StartedProcess;
  /** Starts the launcher now, when it does not run yet, so that the first execution does not wait for it to start. */
  prestart(): void;
  /** The launcher's pid while it runs (tests). */
  readonly pid: number | undefined;
  /**
   * False once the launcher died {@link BROKEN_AFTER} times in a row before it was ready or within
   * {@link EARLY_EXIT_MS} of being ready (it cannot run here); exc then starts processes itself.
   */
  readonly healthy: boolean;
  /** Stops the launcher, which kills every process it started. */
  close(): Promise<void>;
}

interface Entry {
  alive: boolean;
  settleExit: (exitCode: number) => void;
  onOutcome?: (outcome: RunOutcome) => void;
  onDiscarded?: () => void;
}

const HERE = fileURLToPath(import.meta.url);
/** From the sources (tsx), the launcher is the .ts file run through the same loader; from dist/, the .js file. */
const FROM_SOURCES = HERE.endsWith(".ts");
const LAUNCHER_MAIN = launcherMainFile(HERE);

/**
 * The launcher's program for this module's file `here`: process-launcher-main.ts or .js next to it, or, when exc
 * runs from its bundle (dist/bundle/zino-exc.cjs, scripts/bundle-services.mjs), the launcher's own bundle beside it.
 */
export function launcherMainFile(here: string): string {
  if (here.endsWith(".cjs")) return join(dirname(here), "zino-exc-launcher.cjs");
  return join(dirname(here), `process-launcher-main.${here.endsWith(".ts") ? "ts" : "js"}`);
}
const CLOSE_GRACE_MS = 3_000;
export const EARLY_EXIT_MS = 2_000;
export const BROKEN_AFTER = 3;

function lostOutcome(reason: string): RunOutcome {
  return outcomeWithoutRun(126, `[zino-exc] ${reason}; the execution's result is lost, run it again\n`);
}

/** Applies one launcher event to the entry it names: a held child's early exit, its outcome, or its discard. */
function applyEvent(entries: Map<number, Entry>, message: LauncherEvent): void {
  if (message.event === "ready") return;
  const entry = entries.get(message.id);
  if (!entry) return;
  if (message.event === "exited") {
    entry.alive = false;
    entry.settleExit(message.exitCode);
    return;
  }
  entries.delete(message.id);
  entry.alive = false;
  if (message.event === "outcome") {
    entry.settleExit(message.outcome.exitCode);
    entry.onOutcome?.(message.outcome);
  } else {
    entry.settleExit(137);
    entry.onDiscarded?.();
  }
}

/** exc's handle on a process the launcher started: released or discarded through requests to the launcher. */
function remoteProcess(options: {
  id: number;
  entry: Entry;
  exited: Promise<number>;
  entries: Map<number, Entry>;
  send: (request: LauncherRequest) => boolean;
}): StartedProcess {
  const { id, entry, exited, entries, send } = options;
  let released = false;
  return {
    get alive() {
      return entry.alive;
    },
    exited,
    release(run) {
      if (released) throw new Error("a started process is released once");
      released = true;
      const { signal, ...rest } = run;
      return new Promise<RunOutcome>((resolve) => {
        const onAbort = () => void send({ op: "abort", id });
        entry.onOutcome = (outcome) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(outcome);
        };
        if (!entries.has(id)) {
          entry.onOutcome(lostOutcome("zino-exc's process launcher stopped before the execution could start"));
          return;
        }
        send({ op: "release", id, run: rest });
        if (signal?.aborted) onAbort();
        else signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
    discard() {
      released = true;
      return new Promise<void>((resolve) => {
        entry.onDiscarded = resolve;
        if (!entries.has(id) || !send({ op: "discard", id })) {
          entries.delete(id);
          resolve();
        }
      });
    },
  };
}

/**
 * When a launcher said it was ready (Date.now()), or undefined before. Its early deaths are counted from then, not
 * from the fork: Node's own start can take seconds on a loaded or slow machine, and a launcher that could not even
 * load was then not counted at all (exc never gave up on it).
 */
function whenReady(launcher: ChildProcess): () => number | undefined {
  let readyAt: number | undefined;
  const onMessage = (message: LauncherEvent) => {
    if (message.event !== "ready") return;
    readyAt = Date.now();
    launcher.off("message", onMessage);
  };
  launcher.on("message", onMessage);
  return () => readyAt;
}

/** Stops a running launcher: closing its channel tells it to kill what it started and exit; SIGKILL after a grace. */
async function stopLauncher(target: ChildProcess): Promise<void> {
  if (target.exitCode !== null || target.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => target.once("exit", () => resolve()));
  if (target.connected) target.disconnect();
  const timer = setTimeout(() => target.kill("SIGKILL"), CLOSE_GRACE_MS);
  await gone;
  clearTimeout(timer);
}

/** Its children get their environments explicitly; it needs nothing of exc's but PATH and the native spawn switch. */
function launcherEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    ...(env.ZINO_NATIVE_SPAWN !== undefined ? { ZINO_NATIVE_SPAWN: env.ZINO_NATIVE_SPAWN } : {}),
  };
}

export function createProcessLauncher(options: {
  logger: Logger;
  /** Another launcher program (tests). */ mainPath?: string;
}): ProcessLauncher {
  const { logger } = options;
  const mainPath = options.mainPath ?? LAUNCHER_MAIN;
  let earlyExits = 0;
  const entries = new Map<number, Entry>();
  let child: ChildProcess | undefined;
  let nextId = 1;
  let closed = false;

  /** Ends every entry of a launcher that is gone: outcomes waited for are failures, discards are done. */
  const failAll = (reason: string) => {
    for (const entry of entries.values()) {
      entry.alive = false;
      entry.settleExit(126);
      entry.onOutcome?.(lostOutcome(reason));
      entry.onDiscarded?.();
    }
    entries.clear();
  };

  const launcher = (): ChildProcess => {
    if (child && child.connected) return child;
    const started = fork(mainPath, [], {
      execArgv: [...LAUNCHER_NODE_FLAGS, ...(FROM_SOURCES ? ["--import", import.meta.resolve("tsx")] : [])],
      env: launcherEnv(process.env),
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    const readyAt = whenReady(started);
    started.on("message", (message: LauncherEvent) => applyEvent(entries, message));
    started.once("exit", (code, signal) => {
      if (child === started) child = undefined;
      const ready = readyAt();
      earlyExits = ready === undefined || Date.now() - ready < EARLY_EXIT_MS ? earlyExits + 1 : 0;
      if (earlyExits === BROKEN_AFTER && !closed) {
        logger.error({ code, signal, mainPath }, "zino-exc's process launcher cannot run here; exc starts executions itself from now on");
      }
      if (!closed)
        logger.warn(
          { code, signal, unfinished: entries.size },
          "zino-exc's process launcher stopped; it starts again on the next execution",
        );
      failAll(`zino-exc's process launcher stopped (${signal ?? `exit ${String(code)}`})`);
    });
    // A send racing the launcher's death fails here; its exit handler then fails the entries.
    started.on("error", (err) => logger.warn({ err }, "zino-exc's process launcher channel failed"));
    child = started;
    return started;
  };

  const send = (request: LauncherRequest): boolean => {
    const target = child;
    if (!target?.connected) return false;
    target.send(request);
    return true;
  };

  return {
    start(spawn) {
      if (closed) throw new Error("zino-exc is closing: no process can be started");
      const id = nextId;
      nextId += 1;
      let settleExit!: (exitCode: number) => void;
      const exited = new Promise<number>((resolve) => (settleExit = resolve));
      const entry: Entry = { alive: true, settleExit };
      entries.set(id, entry);
      launcher().send({ op: "start", id, spawn } satisfies LauncherRequest);
      return remoteProcess({ id, entry, exited, entries, send });
    },
    prestart() {
      if (!closed && earlyExits < BROKEN_AFTER) launcher();
    },
    get pid() {
      return child?.connected ? child.pid : undefined;
    },
    get healthy() {
      return earlyExits < BROKEN_AFTER;
    },
    async close() {
      closed = true;
      if (child) await stopLauncher(child);
    },
  };
}
