// Sandboxed executions started from one resident sandbox (native/zino-zygote.c) instead of a bubblewrap per call.
//
// A fresh bwrap sandbox per tool call costs, on the 2-core test VM, 5.1–5.3 ms of the machine's CPU for `echo hi`
// (bash alone: 1.3–1.5): bwrap's own exec and start, its user namespace and the nested one of --disable-userns, the
// root it builds mount by mount, and the teardown. Back to back, the next call's warm sandbox is built while the turn
// goes on, on the same two cores: issue 14's sandboxed tool turn stayed at 1.4–1.6× Python's. The zygote keeps what
// every execution shares in one long-lived bwrap sandbox (the "base": user namespace, read-only system, /dev) and
// gives each execution, from a clone of itself, the namespaces, mounts and limits a bwrap sandbox of its own would
// have (the C file lists them): 2.0 ms of CPU per execution in the same measurement. Most of that is done before the
// call: after each start, the zygote prepares the next execution's namespaces and mounts (its "spare"), and hands it
// the next start; exc sees no difference in the protocol.
//
// exc talks to it over a SOCK_SEQPACKET socket (native-spawn.ts's addon sends the descriptors): one `start` message
// per execution, with the command of sandbox.ts `zygoteExecution` and the descriptors of run-process.ts's bwrap
// layout, and `kill` to end one. The zygote writes bwrap's JSON exit status on the execution's status pipe, so
// run-process.ts handles its executions as it handles a warm bwrap sandbox's.
//
// Used for sandboxed executions without network, whose directories are under the executions root the base shows,
// when the addon and dist/native/zino-zygote are built and the base starts; anything else, or a base that died, keeps
// a bubblewrap sandbox per execution (sandbox-starter.ts).
import { closeSync, existsSync, openSync } from "node:fs";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "../../wire/index.js";
import {
  nativeFile,
  nativeSpawnAddon,
  spawnNative,
  spawnPiped,
  type Addon,
  type NativeSpawnRequest,
  type SpawnedChild,
} from "./native-spawn.js";
import { REPORT_FDS, reportedExitCode } from "./run-process.js";
import { zygoteBaseCommand, type SandboxUser } from "./sandbox.js";

export const ZYGOTE_PROGRAM = "zino-zygote";

/** dist/native/zino-zygote for this module's file `here` (native-spawn.ts `nativeFile`). */
export function zygoteFile(here: string): string {
  return nativeFile(here, ZYGOTE_PROGRAM);
}

export interface ZygoteOptions {
  logger: Logger;
  bwrapPath: string;
  /** The directory under which every sandboxed execution's directory is made (shown read-only to the zygote). */
  executionsRoot: string;
  /** The compiled seccomp filter every command gets; undefined where there is none for this architecture. */
  seccompFile: string | undefined;
  disableUserns: boolean;
  /** The user the base runs as (exc running as root drops to it); undefined: exc's own. */
  user: SandboxUser | undefined;
  /** The zygote program; dist/native/zino-zygote by default. */
  zygotePath?: string;
}

/** One execution's place and tmpfs sizes, for the zygote's `start` message. */
export interface ZygoteCall {
  /** The host directory holding the execution's `code` directory: a child of the executions root. */
  baseDir: string;
  sizes: { workBytes: number; tmpBytes: number; shmBytes: number };
}

export interface SandboxZygote {
  /** False once the base sandbox has exited (or was closed): executions then take a bubblewrap sandbox each. */
  readonly alive: boolean;
  /** Whether an execution in `baseDir` can be started here (its directory is under the executions root). */
  serves(baseDir: string): boolean;
  /** Starts a command as a child shaped like native-spawn.ts's, for run-process.ts (`SpawnOptions.via`). */
  spawn(request: NativeSpawnRequest, call: ZygoteCall): SpawnedChild;
  close(): void;
}

/** Why the zygote cannot be used here, or undefined when it can be tried. */
export function zygoteUnavailable(zygotePath: string): string | undefined {
  const addon = nativeSpawnAddon();
  if (!addon) return "the native spawn addon is not built";
  // An addon built before it could pass descriptors (a dist/ not rebuilt since): `npm run build` makes it again.
  if (typeof addon.socketpair !== "function" || typeof addon.send !== "function") return "the native spawn addon is older than the zygote";
  if (!existsSync(zygotePath)) return `${zygotePath} is not built`;
  return undefined;
}

/** The fields of a message: NUL-terminated strings. */
function message(fields: readonly (string | number)[]): Buffer {
  return Buffer.from(fields.map((field) => `${field}\0`).join(""), "utf8");
}

/** Starts the base sandbox with the zygote in it; undefined (and why, logged) when it cannot be used. */
export function startSandboxZygote(options: ZygoteOptions): SandboxZygote | undefined {
  const { logger } = options;
  const zygotePath = options.zygotePath ?? zygoteFile(fileURLToPath(import.meta.url));
  const reason = zygoteUnavailable(zygotePath);
  const addon = nativeSpawnAddon();
  if (reason !== undefined || !addon) {
    logger.info({ reason }, "sandboxed executions get a bubblewrap sandbox each (no zygote)");
    return undefined;
  }
  const started = startBase(addon, options, zygotePath);
  return started && zygoteClient(addon, options, started.base, started.control);
}

/** The base sandbox's bwrap, with the zygote's end of a new control socket; undefined (logged) when it cannot start. */
function startBase(addon: Addon, options: ZygoteOptions, zygotePath: string): { base: SpawnedChild; control: number } | undefined {
  const command = zygoteBaseCommand({
    bwrapPath: options.bwrapPath,
    zygotePath,
    executionsRoot: options.executionsRoot,
    disableUserns: options.disableUserns,
    seccomp: options.seccompFile !== undefined,
  });
  const [control, theirs] = addon.socketpair();
  const passed = [theirs];
  try {
    passed.push(openSync(options.seccompFile ?? "/dev/null", "r"));
    for (const path of command.inputFiles ?? []) passed.push(openSync(path, "r"));
    const base = spawnNative(addon, {
      command: command.command,
      args: command.args,
      env: command.env,
      cwd: command.cwd,
      ...(options.user ?? {}),
      stdinPipe: false,
      extraFds: passed,
    });
    return { base, control };
  } catch (err) {
    closeSync(control);
    options.logger.warn({ err }, "cannot start the sandbox zygote: sandboxed executions get a bubblewrap sandbox each");
    return undefined;
  } finally {
    for (const fd of passed) closeSync(fd);
  }
}

/** exc's side of a started zygote: its state, and the executions it starts through `control`. */
function zygoteClient(addon: Addon, options: ZygoteOptions, base: SpawnedChild, control: number): SandboxZygote {
  let alive = true;
  let stderr = "";
  base.stdout.resume();
  base.stderr.on("data", (chunk: Buffer) => {
    // The zygote's and bwrap's own messages (a refused message, a failed mount): each one logged, the last ones kept
    // for the message that says it stopped.
    const text = chunk.toString("utf8");
    stderr = (stderr + text).slice(-2000);
    for (const line of text.split("\n").filter((each) => each.trim() !== "")) {
      options.logger.warn({ message: line.slice(0, 500) }, "the sandbox zygote says");
    }
  });
  /** Marks it gone (once); said in the log unless it was closed. */
  const gone = (detail?: Record<string, unknown>) => {
    if (!alive) return;
    alive = false;
    closeSync(control);
    if (detail) {
      const message = "the sandbox zygote stopped: sandboxed executions get a bubblewrap sandbox each";
      options.logger.warn({ ...detail, stderr: stderr.trim() }, message);
    }
  };
  base.once("error", (err: Error) => gone({ err }));
  base.once("exit", (code: number | null, signal: string | null) => gone({ code, signal }));
  let nextId = 1;
  const send = (fields: readonly (string | number)[], fds: number[] = []) => addon.send(control, message(fields), fds);

  return {
    get alive() {
      return alive;
    },
    serves(baseDir) {
      return alive && dirname(baseDir) === options.executionsRoot;
    },
    spawn(request, call) {
      const id = nextId++;
      const child = spawnPiped(addon, request, (file, argv, env, fds, started) => {
        if (!alive) throw Object.assign(new Error("the sandbox zygote has stopped"), { code: "ESRCH" });
        // The status pipe, at its place in bwrap's layout, is the execution's PID 1's to write: the command gets
        // that descriptor closed (it must not be able to write its own status).
        const { workBytes, tmpBytes, shmBytes } = call.sizes;
        const fields = ["start", id, basename(call.baseDir), workBytes, tmpBytes, shmBytes, REPORT_FDS.status];
        send([...fields, argv.length, file, ...argv.slice(1), env.length, ...env], fds);
        started.killTree = () => {
          try {
            if (alive) send(["kill", id]);
          } catch {
            // the zygote is gone, and the execution with it
          }
        };
        return undefined;
      });
      watchStatus(child);
      return child;
    },
    close() {
      if (!alive) return;
      gone();
      if (base.pid !== undefined) {
        try {
          process.kill(-base.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    },
  };
}

/**
 * The child's exit, from the status the zygote writes (the same pipe run-process.ts reads its status from): the code,
 * or killed when the pipe ends without one (the execution's PID 1 was killed).
 */
function watchStatus(child: SpawnedChild): void {
  const status = child.stdio[REPORT_FDS.status];
  if (!status || !("on" in status) || typeof (status as { read?: unknown }).read !== "function") return;
  let text = "";
  let exited = false;
  const exit = (code: number | null, signal: NodeJS.Signals | null) => {
    if (exited) return;
    exited = true;
    child.stdin?.destroy();
    child.emit("exit", code, signal);
  };
  status.on("data", (chunk: Buffer) => {
    text += chunk.toString("latin1");
    const code = reportedExitCode(text);
    if (code !== undefined) exit(code, null);
  });
  status.once("end", () => exit(null, "SIGKILL"));
  status.once("close", () => exit(null, "SIGKILL"));
}
