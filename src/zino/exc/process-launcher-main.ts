// The process launcher's own program (see process-launcher.ts): started by zino-exc with an IPC channel, it starts
// children with run-process.ts as exc asks and runs them to their outcome, or hands a sandbox's pipes over to exc,
// which runs it. Its events go to exc as lines on stdout, the pipes over the channel. Logs, if any, go to stderr.
// When the channel closes (exc stopped or died), it kills every process group it started and exits.
import { closeInheritedDescriptors, ipcChannelDescriptor } from "./inherited-descriptors.js";
import type { Socket } from "node:net";
import type { PipeName } from "./launched-pipes.js";
import type { LauncherEvent, LauncherRequest } from "./process-launcher.js";
import {
  exitCodeOf,
  killGroup,
  outcomeWithoutRun,
  spawnWithFiles,
  startProcess,
  type SpawnOptions,
  type StartedProcess,
} from "./run-process.js";

// Nothing this process got from exc's own parent passes on to a sandbox.
closeInheritedDescriptors(ipcChannelDescriptor());

interface Running {
  process: StartedProcess;
  released: boolean;
  abort: AbortController;
}

const running = new Map<number, Running>();

/** Children exc runs itself through their pipes (launched-pipes.ts): their pids, to kill their groups. */
interface HandedOver {
  pid: number;
  discarding: boolean;
  exited: Promise<void>;
}
const handedOver = new Map<number, HandedOver>();

/**
 * A pipe goes over the IPC channel, every other event as a line on stdout: Node sends one handle at a time, each
 * once exc has acknowledged the one before, and holds back whatever is sent on the channel meanwhile. On their own
 * line, an outcome or an exit never waits behind the pipes of the next sandbox.
 */
function reply(event: LauncherEvent, handle?: Socket): void {
  if (handle) {
    if (process.connected) process.send?.(event, handle);
  } else {
    // Synchronous: stdout is a pipe (Node writes to pipes synchronously on Linux).
    process.stdout.write(`${JSON.stringify(event)}\n`);
  }
}

/** Why a start failed, as the outcome exc answers for it. */
function cannotStart(spawn: SpawnOptions, why: string): ReturnType<typeof outcomeWithoutRun> {
  return outcomeWithoutRun(why === "ENOENT" ? 127 : 126, `cannot start ${spawn.command}: ${why}\n`);
}

/**
 * Makes this process leave a child's output pipe to exc. Node starts reading a child's pipes as soon as it spawns it,
 * and keeps its copy open until exc has acknowledged the handle (Node sends one handle at a time): output the child
 * wrote meanwhile would be read here and lost. The read is stopped before this process ever polls (so nothing has
 * been read yet), and the pipe marked not readable, so that a child's exit does not restart it ("flushStdio", which
 * reads unread pipes to their end).
 */
function leaveUnread(socket: Socket): void {
  (socket as unknown as { _handle?: { readStop(): number } })._handle?.readStop();
  socket.readable = false;
}

/**
 * Starts a child whose command reports its exit status on a pipe, and hands its pipes to exc, which runs it. The
 * launcher reaps it, reports its exit, and kills what is left of its group then (a sandbox's PID namespace has already
 * ended with its command) or when exc asks.
 */
function startHandedOver(id: number, spawn: SpawnOptions): void {
  const child = spawnWithFiles(spawn, "pipe");
  if (child.pid === undefined) {
    child.once("error", (err: NodeJS.ErrnoException) =>
      reply({ id, event: "outcome", outcome: cannotStart(spawn, err.code ?? err.message) }),
    );
    return;
  }
  const pid = child.pid;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      killGroup(pid);
      const entry = handedOver.get(id);
      handedOver.delete(id);
      reply({ id, event: "exited", exitCode: exitCodeOf(code, signal) });
      if (entry?.discarding) reply({ id, event: "discarded" });
      resolve();
    }),
  );
  handedOver.set(id, { pid, discarding: false, exited });
  // The status pipe is the descriptor after the standard streams, the join files and the input files.
  const status = child.stdio[3 + (spawn.joinFiles?.length ?? 0) + (spawn.inputFiles?.length ?? 0)];
  const pipes: [PipeName, unknown][] = [
    ["stdin", child.stdin],
    ["stdout", child.stdout],
    ["stderr", child.stderr],
    ["status", status],
  ];
  for (const [pipe, socket] of pipes) {
    if (!socket) continue;
    if (pipe !== "stdin") leaveUnread(socket as Socket);
    reply({ id, event: "pipe", pipe }, socket as Socket);
  }
}

function handle(request: LauncherRequest): void {
  switch (request.op) {
    case "start": {
      let started: StartedProcess;
      try {
        if (request.spawn.statusPipe === true) return startHandedOver(request.id, request.spawn);
        started = startProcess(request.spawn);
      } catch (err) {
        // Opening its input files failed (spawn itself reports failures as an exit): an outcome saying why.
        const message = err instanceof Error ? err.message : String(err);
        reply({ id: request.id, event: "outcome", outcome: cannotStart(request.spawn, message) });
        return;
      }
      const entry: Running = { process: started, released: false, abort: new AbortController() };
      running.set(request.id, entry);
      void started.exited.then((exitCode) => {
        if (!entry.released && running.get(request.id) === entry) reply({ id: request.id, event: "exited", exitCode });
      });
      return;
    }
    case "release": {
      const entry = running.get(request.id);
      if (!entry || entry.released) return;
      entry.released = true;
      void entry.process.release({ ...request.run, signal: entry.abort.signal }).then((outcome) => {
        running.delete(request.id);
        reply({ id: request.id, event: "outcome", outcome });
      });
      return;
    }
    case "abort": {
      running.get(request.id)?.abort.abort();
      const child = handedOver.get(request.id);
      if (child) killGroup(child.pid);
      return;
    }
    case "discard": {
      const child = handedOver.get(request.id);
      if (child) {
        child.discarding = true;
        killGroup(child.pid);
        return;
      }
      const entry = running.get(request.id);
      if (!entry) {
        reply({ id: request.id, event: "discarded" });
        return;
      }
      entry.released = true;
      void entry.process.discard().then(() => {
        running.delete(request.id);
        reply({ id: request.id, event: "discarded" });
      });
      return;
    }
  }
}

process.on("message", (message: LauncherRequest) => handle(message));
process.once("disconnect", () => {
  for (const child of handedOver.values()) killGroup(child.pid);
  const ends = [...running.values()].map((entry) => entry.process.discard());
  void Promise.all([...ends, ...[...handedOver.values()].map((child) => child.exited)]).finally(() => process.exit(0));
});
