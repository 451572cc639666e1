// zino-exc's process launcher: a small child process that starts the sandboxes and analysers on exc's behalf.
// Starting a process from Node forks the whole parent, and on this kind of machine a fork costs about 1 ms per
// 30 MB of the parent's memory: 2–3 ms during which exc's event loop stands still (a `ready`, a tool call, an MCP
// call all wait). The launcher is a bare Node process holding nothing else, so its forks are cheaper, and they
// stall only the launcher. It runs the same run-process.ts code; exc talks to it over Node's IPC channel, and it
// answers on its stdout. A sandbox, once started, runs without it: exc gets the sandbox's pipes and lets it go, reads
// its output and learns its exit itself (launched-pipes.ts), two process wake-ups fewer per execution.
//
// Protocol (JSON, `id` chosen by exc):
//   exc → launcher, IPC messages:  {op:"start", id, spawn: SpawnOptions}
//                                  | {op:"release", id, run: ReleaseOptions without signal} | {op:"abort", id} | {op:"discard", id}
//   launcher → exc, lines on its stdout:  {id, event:"exited", exitCode} (a held child died before its release)
//                                  | {id, event:"outcome", outcome: RunOutcome} | {id, event:"discarded"}
// A child whose command reports its exit status on a pipe (a sandbox: SpawnOptions.statusPipe) is run by exc itself:
// the launcher hands its pipes over as IPC messages, {id, event:"pipe", pipe} with the pipe as the message's handle,
// and sends {id, event:"exited", exitCode} whenever the child exits; exc never sends its release (launched-pipes.ts).
// Pipes and events travel apart because Node holds back every IPC message behind a handle not yet acknowledged.
// A launcher that dies fails its unfinished executions (a result saying so) and is started again on the next call.
// When exc goes away the launcher's IPC channel closes, and it kills every process group it started, then exits.
import { fork, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "../../wire/index.js";
import type { Socket } from "node:net";
import { LaunchedPipes, type PipeName } from "./launched-pipes.js";
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
  | { id: number; event: "pipe"; pipe: PipeName }
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
   * False once the launcher died {@link BROKEN_AFTER} times in a row within {@link EARLY_EXIT_MS} of its start (it
   * cannot run here); exc then starts processes itself.
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
  held: boolean;
  /** A child exc runs itself (the protocol above): its pipes, and whether its release has ended. */
  pipes?: LaunchedPipes;
  ran?: boolean;
  /** An outcome that came before the release (the child could not be started): the release answers it. */
  early?: RunOutcome;
}

const HERE = fileURLToPath(import.meta.url);
/** From the sources (tsx), the launcher is the .ts file run through the same loader; from dist/, the .js file. */
const FROM_SOURCES = HERE.endsWith(".ts");
const LAUNCHER_MAIN = launcherMainFile(HERE);

/**
 * The launcher's program for this module's file `here`: process-launcher-main.ts or .js next to it, or, when exc
 * runs from its bundle (dist/bundle/zino-exc.mjs, scripts/bundle-services.mjs), the launcher's own bundle beside it.
 */
export function launcherMainFile(here: string): string {
  if (here.endsWith(".mjs")) return join(dirname(here), "zino-exc-launcher.mjs");
  return join(dirname(here), `process-launcher-main.${here.endsWith(".ts") ? "ts" : "js"}`);
}
const CLOSE_GRACE_MS = 3_000;
export const EARLY_EXIT_MS = 2_000;
export const BROKEN_AFTER = 3;

function lostOutcome(reason: string): RunOutcome {
  return outcomeWithoutRun(126, `[zino-exc] ${reason}; the execution's result is lost, run it again\n`);
}

/**
 * Applies one launcher event to the entry it names: a pipe handed over, a child's exit (a held one's before its
 * release; a child exc runs itself, always), its outcome, or its discard.
 */
function applyEvent(entries: Map<number, Entry>, message: LauncherEvent, handle: unknown): void {
  const entry = entries.get(message.id);
  if (message.event === "pipe") {
    const socket = handle as Socket | undefined;
    if (entry?.pipes) entry.pipes.attach(message.pipe, socket);
    else socket?.destroy();
    return;
  }
  if (!entry) return;
  if (message.event === "exited") {
    entry.alive = false;
    entry.settleExit(message.exitCode);
    if (entry.ran === true) entries.delete(message.id);
    return;
  }
  entries.delete(message.id);
  entry.alive = false;
  entry.pipes?.close();
  if (message.event === "outcome") {
    entry.settleExit(message.outcome.exitCode);
    if (entry.onOutcome) entry.onOutcome(message.outcome);
    else entry.early = message.outcome;
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
        let settled = false;
        entry.onOutcome = (outcome) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener("abort", onAbort);
          resolve(outcome);
        };
        if (entry.early) {
          entry.onOutcome(entry.early);
          return;
        }
        if (!entries.has(id)) {
          entry.onOutcome(lostOutcome("zino-exc's process launcher stopped before the execution could start"));
          return;
        }
        if (entry.pipes) {
          // exc runs it (launched-pipes.ts); a launcher that dies meanwhile ends it through onOutcome (failAll).
          void entry.pipes.release(run, { kill: onAbort, exited, notStarted: entry.held && !entry.alive }).then((outcome) => {
            entry.ran = true;
            if (!entry.alive) entries.delete(id);
            entry.onOutcome?.(outcome);
          });
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

/** Ends every entry of a launcher that is gone: outcomes waited for are failures, discards are done. */
function failAll(entries: Map<number, Entry>, reason: string): void {
  for (const entry of entries.values()) {
    entry.pipes?.close();
    entry.alive = false;
    entry.settleExit(126);
    entry.onOutcome?.(lostOutcome(reason));
    entry.onDiscarded?.();
  }
  entries.clear();
}

/** Applies what a launcher sends: pipes as IPC messages with their handles, every other event as a line on its stdout. */
function followEvents(launcher: ChildProcess, entries: Map<number, Entry>, logger: Logger): void {
  launcher.on("message", (message: LauncherEvent, handle: unknown) => applyEvent(entries, message, handle));
  createInterface({ input: launcher.stdout! }).on("line", (line) => {
    let event: LauncherEvent;
    try {
      event = JSON.parse(line) as LauncherEvent;
    } catch {
      logger.warn({ length: line.length }, "zino-exc's process launcher wrote a line that is not an event; ignored");
      return;
    }
    applyEvent(entries, event, undefined);
  });
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

  const launcher = (): ChildProcess => {
    if (child && child.connected) return child;
    const startedAt = Date.now();
    const started = fork(mainPath, [], {
      execArgv: [...LAUNCHER_NODE_FLAGS, ...(FROM_SOURCES ? ["--import", import.meta.resolve("tsx")] : [])],
      // Its children get their environments explicitly; it needs nothing of exc's.
      env: { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin" },
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    });
    followEvents(started, entries, logger);
    started.once("exit", (code, signal) => {
      if (child === started) child = undefined;
      earlyExits = Date.now() - startedAt < EARLY_EXIT_MS ? earlyExits + 1 : 0;
      if (earlyExits === BROKEN_AFTER && !closed) {
        logger.error({ code, signal, mainPath }, "zino-exc's process launcher cannot run here; exc starts executions itself from now on");
      }
      if (!closed)
        logger.warn(
          { code, signal, unfinished: entries.size },
          "zino-exc's process launcher stopped; it starts again on the next execution",
        );
      failAll(entries, `zino-exc's process launcher stopped (${signal ?? `exit ${String(code)}`})`);
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
      const held = spawn.held === true;
      const entry: Entry = { alive: true, settleExit, held, ...(spawn.statusPipe === true ? { pipes: new LaunchedPipes(held) } : {}) };
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
