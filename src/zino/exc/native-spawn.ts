// Starting a child without fork, for exc's tool processes (run-process.ts).
//
// Node 20 starts every child with fork() then exec. On a small VM the fork is the dear part: starting /bin/true
// from the process launcher took 4.7–5.1 ms of wall time and 6.8–7.4 ms of the machine's CPU (issue 14, 300 runs).
// The addon built from native/zino-spawn.c starts it the way glibc's posix_spawn does (a vfork-style clone), and
// does what exc needs of Node's spawn: its own session and process group, pipes for the standard streams, extra
// descriptors, a working directory, the drop to an unprivileged user, the child's environment and PATH lookup. The
// same /bin/true then takes 2.0 ms and 2.2 ms of CPU.
//
// The addon is compiled by the build when the machine has a C compiler and Node's headers
// (scripts/build-native.mjs), into dist/native/. Without it, or with ZINO_NATIVE_SPAWN=0, exc uses Node's spawn: the
// same behaviour, a few ms slower per tool call.
import { EventEmitter } from "node:events";
import { accessSync, closeSync, constants as fsConstants, existsSync, openSync, statSync } from "node:fs";
import { Socket } from "node:net";
import { constants as osConstants } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { getSystemErrorName } from "node:util";
import type { SpawnOptions } from "./run-process.js";

export interface Addon {
  /** Starts `file` with the descriptors `fds` as its 0, 1, 2, ...; throws an Error with `errno` and `syscall`. */
  spawn(
    file: string,
    argv: string[],
    envp: string[],
    cwd: string,
    uid: number,
    gid: number,
    fds: number[],
    onExit: (code: number, signal: number) => void,
  ): number;
  /** A pipe, both ends close-on-exec: [read end, write end]. */
  pipe(): [number, number];
  /** "" when the kernel has what `spawn` needs, else why not. */
  probe(): string;
  /** A SOCK_SEQPACKET socket pair, both ends close-on-exec (the sandbox zygote's control socket). */
  socketpair(): [number, number];
  /** Sends one message on such a socket with copies of `fds` (SCM_RIGHTS); throws EAGAIN when the socket is full. */
  send(socket: number, message: Buffer, fds: number[]): void;
}

/** What a started child offers run-process.ts: Node's ChildProcess has the same members. */
export interface SpawnedChild extends EventEmitter {
  readonly pid?: number | undefined;
  readonly stdin: Writable | null;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /**
   * The child's descriptors as Node's spawn gives them: 0–2 as above, then a Readable for each pipe the child writes
   * to, null for each descriptor passed in.
   */
  readonly stdio: readonly (Readable | Writable | null | undefined)[];
  /**
   * Kills the child and everything it started, for a child without a process group of exc's to kill (one the
   * sandbox zygote started: sandbox-zygote.ts); run-process.ts kills the group of `pid` otherwise.
   */
  killTree?(): void;
}

/** What the addon needs of run-process.ts's spawn options, with the standard input and the extra descriptors decided. */
export type NativeSpawnRequest = Pick<SpawnOptions, "command" | "args" | "env" | "cwd" | "uid" | "gid"> & {
  /** A pipe for stdin (true) or /dev/null (false). */
  stdinPipe: boolean;
  /** Pipes the child writes to, as its descriptors 3, 4, ... (`stdio`'s entries after the standard streams). */
  outputPipes?: number;
  /** Descriptors the child gets after those pipes (3, 4, ... without any); the caller closes its own copies. */
  extraFds: readonly number[];
};

export const ADDON_FILE = "zino-spawn.node";
const DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

/**
 * Where the native program or addon `name` is for this module's file `here` (or sandbox-zygote.ts's, its neighbour):
 * from the sources (tsx), the repository's dist/native/; from dist/src/zino/exc/, dist/native/; from a bundle in
 * dist/bundle/, dist/native/ too.
 */
export function nativeFile(here: string, name: string): string {
  const dir = dirname(here);
  if (here.endsWith(".ts")) return join(dir, "..", "..", "..", "dist", "native", name);
  if (here.endsWith(".cjs")) return join(dir, "..", "native", name);
  return join(dir, "..", "..", "..", "native", name);
}

/** Where the addon is for this module's file `here` ({@link nativeFile}). */
export function addonFile(here: string): string {
  return nativeFile(here, ADDON_FILE);
}

let loaded: { addon?: Addon; reason?: string } | undefined;

/**
 * The addon, loaded once; undefined when it is turned off (ZINO_NATIVE_SPAWN=0), not built, or cannot load here
 * ({@link nativeSpawnUnavailable} says which).
 */
export function nativeSpawnAddon(): Addon | undefined {
  if (loaded) return loaded.addon;
  loaded = {};
  if (process.env.ZINO_NATIVE_SPAWN === "0") {
    loaded.reason = "turned off (ZINO_NATIVE_SPAWN=0)";
    return undefined;
  }
  const file = addonFile(fileURLToPath(import.meta.url));
  if (!existsSync(file)) {
    loaded.reason = `not built (${file} is missing: the build needs a C compiler and Node's headers)`;
    return undefined;
  }
  try {
    const module = { exports: {} as Addon };
    process.dlopen(module, file);
    const missing = module.exports.probe();
    if (missing === "") loaded.addon = module.exports;
    else loaded.reason = missing;
  } catch (err) {
    loaded.reason = `cannot load ${file}: ${err instanceof Error ? err.message : String(err)}`;
  }
  return loaded.addon;
}

/** Why the addon is not used, or undefined when it is. */
export function nativeSpawnUnavailable(): string | undefined {
  nativeSpawnAddon();
  return loaded?.reason;
}

/** The program execve gets: `command` itself when it names a path, else the first executable file on PATH. */
export function resolveCommand(command: string, env: Record<string, string>): string | undefined {
  if (command.includes("/")) return command;
  for (const dir of (env.PATH ?? DEFAULT_PATH).split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, fsConstants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

const SIGNAL_NAMES = new Map<number, NodeJS.Signals>(
  Object.entries(osConstants.signals).map(([name, number]) => [number, name as NodeJS.Signals]),
);

export class NativeChild extends EventEmitter implements SpawnedChild {
  pid: number | undefined;
  killTree?: () => void;
  stdin: Writable | null = null;
  stdout!: Readable;
  stderr!: Readable;
  stdio: (Readable | Writable | null)[] = [];
}

function pipeSocket(fd: number, readable: boolean): Socket {
  return new Socket({ fd, readable, writable: !readable });
}

/** A child that could not start: empty output, and its error emitted once the caller has listened. */
function failedChild(request: NativeSpawnRequest, error: NodeJS.ErrnoException): SpawnedChild {
  const child = new NativeChild();
  child.stdout = Readable.from([]);
  child.stderr = Readable.from([]);
  if (request.stdinPipe) child.stdin = new Writable({ write: (_chunk, _encoding, done) => done() });
  const outputs = Array.from({ length: request.outputPipes ?? 0 }, () => Readable.from([]));
  child.stdio = [child.stdin, child.stdout, child.stderr, ...outputs, ...request.extraFds.map(() => null)];
  process.nextTick(() => child.emit("error", error));
  return child;
}

/**
 * Starts the program `file` with `argv` and `env` (NAME=value) and the descriptor table `fds` (its 0, 1, 2, ...), for
 * `child`: returns its pid, or undefined for a child exc has no pid of (the zygote's). The caller closes `fds` after.
 */
export type Launch = (file: string, argv: string[], env: string[], fds: number[], child: NativeChild) => number | undefined;

/** Starts a child through the addon, shaped like Node's ChildProcess for run-process.ts. */
export function spawnNative(addon: Addon, request: NativeSpawnRequest): SpawnedChild {
  return spawnPiped(addon, request, (file, argv, env, fds, child) =>
    addon.spawn(file, argv, env, request.cwd, request.uid ?? -1, request.gid ?? -1, fds, (code, signal) => {
      // As Node does: a gone child's stdin is closed (a pending write or end would otherwise hold the loop open).
      child.stdin?.destroy();
      child.emit("exit", code >= 0 ? code : null, signal >= 0 ? (SIGNAL_NAMES.get(signal) ?? "SIGKILL") : null);
    }),
  );
}

/** The pipes of {@link spawnNative}'s child around a `launch` of its own (sandbox-zygote.ts starts it in a sandbox). */
export function spawnPiped(addon: Addon, request: NativeSpawnRequest, launch: Launch): SpawnedChild {
  const file = resolveCommand(request.command, request.env);
  if (file === undefined) {
    const error: NodeJS.ErrnoException = new Error(`spawn ${request.command} ENOENT`);
    error.code = "ENOENT";
    return failedChild(request, error);
  }
  const ours: number[] = [];
  const theirs: number[] = [];
  try {
    const [outRead, outWrite] = addon.pipe();
    ours.push(outRead);
    theirs.push(outWrite);
    const [errRead, errWrite] = addon.pipe();
    ours.push(errRead);
    theirs.push(errWrite);
    let stdinFd: number;
    let stdinWrite: number | undefined;
    if (request.stdinPipe) {
      const [inRead, inWrite] = addon.pipe();
      ours.push(inWrite);
      theirs.push(inRead);
      stdinFd = inRead;
      stdinWrite = inWrite;
    } else {
      stdinFd = openSync("/dev/null", fsConstants.O_RDONLY);
      theirs.push(stdinFd);
    }
    const outputs = Array.from({ length: request.outputPipes ?? 0 }, () => {
      const [read, write] = addon.pipe();
      ours.push(read);
      theirs.push(write);
      return { read, write };
    });
    const child = new NativeChild();
    const env = Object.entries(request.env).map(([name, value]) => `${name}=${value}`);
    child.pid = launch(
      file,
      [request.command, ...request.args],
      env,
      [stdinFd, outWrite, errWrite, ...outputs.map((pipe) => pipe.write), ...request.extraFds],
      child,
    );
    child.stdout = pipeSocket(outRead, true);
    child.stderr = pipeSocket(errRead, true);
    if (stdinWrite !== undefined) child.stdin = pipeSocket(stdinWrite, false);
    child.stdio = [
      child.stdin,
      child.stdout,
      child.stderr,
      ...outputs.map((pipe) => pipeSocket(pipe.read, true)),
      ...request.extraFds.map(() => null),
    ];
    ours.length = 0;
    return child;
  } catch (err) {
    for (const fd of ours) closeSync(fd);
    const error = err as NodeJS.ErrnoException;
    // The addon's errors carry the errno; the code (ENOENT, EACCES, ...) is Node's name for it.
    if (error.code === undefined && typeof error.errno === "number") error.code = getSystemErrorName(error.errno);
    return failedChild(request, error);
  } finally {
    for (const fd of theirs) closeSync(fd);
  }
}
