// `zino up --detach` and `zino down` (docs/zino-protocol.md §7): services started in the background with their logs in
// `<runtime_dir>/logs/<svc>.log` and their pids in `<runtime_dir>/<svc>.pid`; `down` stops exactly those.
import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { removeStaleSocket } from "../../shared/unix-socket.js";
import { isProcessAlive, processCommandLine, readPidFile, terminateProcess } from "../../shared/pid-process.js";
import { join } from "node:path";
import type { InstanceConfig, ServiceName } from "../config/index.js";
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from "../../shared/cli.js";
import { pingService } from "./service-probe.js";
import { spawnService, type ServiceProcess } from "./service-process.js";
import { namesServiceEntry, type EntryName } from "../runtime/service-entry.js";
import { START_ORDER, type ServiceEntry } from "./service-launch.js";
import { startServices } from "./service-start.js";
import { acquireStartLock } from "./start-lock.js";

export function pidFilePath(instance: InstanceConfig, name: ServiceName): string {
  return join(instance.runtimeDir, `${name}.pid`);
}

/** The log of a process `zino up --detach` started: a service's, or zino-host's (`host.log`). */
export function logFilePath(instance: InstanceConfig, name: EntryName): string {
  return join(instance.runtimeDir, "logs", `${name}.log`);
}

export interface DetachOptions {
  instance: InstanceConfig;
  io: CliIo;
  startTimeoutMs?: number;
  /** One zino-host process for all services (`zino up --detach --one-process`); else ZINO.toml's `[launch] one_process`. */
  oneProcess?: boolean;
}

/** The runtime folder and its logs/, or a one-line usage error naming the folder (a file in the way, read-only). */
function makeLogFolder(instance: InstanceConfig): void {
  const logs = join(instance.runtimeDir, "logs");
  try {
    mkdirSync(logs, { recursive: true, mode: 0o700 });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOTDIR" || code === "EEXIST" ? "a file is in the way" : code === "EROFS" ? "read-only file system" : code;
    throw new CliError(`cannot create the runtime folder ${logs} (${why ?? String(err)})`, {
      code: "config_invalid",
      exitCode: EXIT_USAGE,
      hint: `set [paths] runtime_dir (or ZINO_RUNTIME_DIR) to a writable folder of your own${
        instance.configPath === undefined ? "; without a ZINO.toml the instance lives in ./.zino of the current folder" : ""
      }`,
    });
  }
}

export async function upDetached({ instance, io, startTimeoutMs = 30_000, oneProcess }: DetachOptions): Promise<number> {
  const say = (text: string) => io.stderr.write(`zino: ${text}\n`);
  makeLogFolder(instance);
  // Held until the pid files are final and a failed start is cleaned up: a second `up` then finds the services up.
  const release = await acquireStartLock({ runtimeDir: instance.runtimeDir, say, waitMs: startTimeoutMs + 10_000 });
  if (release === undefined) return EXIT_FAILURE; // not reached: no signal is passed
  try {
    return await startDetached({ instance, io, startTimeoutMs, oneProcess }, say);
  } finally {
    release();
  }
}

async function startDetached(
  { instance, io, startTimeoutMs, oneProcess }: DetachOptions & { startTimeoutMs: number },
  say: (text: string) => void,
): Promise<number> {
  const logStarts = new Map<EntryName, number>();
  const launched: { entry: ServiceEntry; proc: ServiceProcess }[] = [];
  let setupFailure = false;
  const started = await startServices({
    instance,
    say,
    startTimeoutMs,
    oneProcess: oneProcess ?? instance.oneProcess,
    launch(entry) {
      const logPath = logFilePath(instance, entry.name);
      logStarts.set(entry.name, existsSync(logPath) ? statSync(logPath).size : 0);
      const log = openSync(logPath, "a", 0o600);
      const proc = spawnService(entry, { env: io.env, cwd: io.cwd, stdio: ["ignore", log, log], detached: true });
      closeSync(log);
      proc.child.unref();
      // A host's pid in each of its services' files: `down` and `status` go by service.
      if (proc.pid > 0) for (const name of entry.services) writeFileSync(pidFilePath(instance, name), `${proc.pid}\n`, { mode: 0o600 });
      launched.push({ entry, proc });
      return proc;
    },
    async onStartFailure(entry, failure, proc) {
      const logPath = logFilePath(instance, entry.name);
      const reason = plainLines(tail(logPath, logStarts.get(entry.name) ?? 0, 8000));
      if (reason !== undefined) say(`${entry.name} did not start: ${reason} (log: ${logPath})`);
      else
        say(`${entry.name} did not start: ${failure}; its log (${logPath}) ends with:\n${tail(logPath, logStarts.get(entry.name) ?? 0)}`);
      if (proc.exitReason === undefined) await proc.stop(2000);
      // A service exits 2 on what only the operator can fix (run-service.ts): restarting would not help.
      if (proc.exitReason === "exit code 2") setupFailure = true;
      for (const name of entry.services) removePidFileOf(pidFilePath(instance, name), proc.pid);
    },
    readyDetail: (entry) => `, log ${logFilePath(instance, entry.name)}`,
  });
  if (started) return EXIT_OK;
  await stopLaunched(instance, launched, say);
  return setupFailure ? EXIT_USAGE : EXIT_FAILURE;
}

/** After a failed start, the services this command started and that still run are stopped: nothing half-up. */
async function stopLaunched(
  instance: InstanceConfig,
  launched: readonly { entry: ServiceEntry; proc: ServiceProcess }[],
  say: (text: string) => void,
): Promise<void> {
  const running = launched.filter(({ proc }) => proc.exitReason === undefined).reverse();
  for (const { entry, proc } of running) {
    await proc.stop(5000);
    for (const name of entry.services) removePidFileOf(pidFilePath(instance, name), proc.pid);
  }
  if (running.length > 0) say(`stopped what this command had started (${running.map(({ entry }) => entry.name).join(", ")})`);
}

/** The services' own one-line reasons (`zino-ctx: …`) in a log that also holds JSON lines; undefined when none. */
function plainLines(text: string): string | undefined {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^zino-[a-z]+: /.test(line));
  return lines.length === 0 ? undefined : lines.slice(-2).join("; ");
}

export interface DownOptions {
  instance: InstanceConfig;
  io: CliIo;
  graceMs?: number;
}

export async function downServices({ instance, io, graceMs = 5000 }: DownOptions): Promise<number> {
  let said = false;
  const say = (text: string) => {
    said = true;
    io.stderr.write(`zino: ${text}\n`);
  };
  let failed = false;
  // A zino-host's pid is in each of its services' files: it is stopped once, with the first of them.
  const stopped = new Set<number>();
  for (const name of [...START_ORDER].reverse()) {
    const pidFile = pidFilePath(instance, name);
    const pid = readPidFile(pidFile);
    if (pid !== undefined && stopped.has(pid)) {
      say(`${name} stopped with it (pid ${pid})`);
      removeFile(pidFile);
    } else if (pid === undefined) {
      if ((await pingService(instance.sockets[name], 1000)) !== undefined) {
        say(`${name} answers on ${instance.sockets[name]} but was not started by \`zino up --detach\`; leaving it running`);
      }
    } else if (!isOurService(pid, name)) {
      say(`${name}: process ${pid} from ${pidFile} is gone`);
      removeFile(pidFile);
    } else {
      const how = await terminateProcess(pid, graceMs);
      if (how) {
        say(`${name} stopped (pid ${pid}, ${how})`);
        stopped.add(pid);
        removeFile(pidFile);
      } else {
        say(`${name} (pid ${pid}) did not stop`);
        failed = true;
      }
    }
    await removeStaleSocket(instance.sockets[name]);
  }
  // The local Zelinqa API that `zino guide` started in the background. The bridge is imported here only: every other
  // command (`zino up` first) starts without its modules and the Zelinqa schemas they build.
  const { stopLocalApi, zelinqaStatePaths } = await import("../../guide/index.js");
  if (await stopLocalApi(zelinqaStatePaths(instance.databasePath, instance.runtimeDir).pidPath, graceMs)) say("zelinqa API stopped");
  if (!said) say("nothing to stop (no service of this instance runs)");
  return failed ? EXIT_FAILURE : EXIT_OK;
}

/** Guards against a recycled pid: on Linux the command line must name a file that runs the service or zino-host (main, bundle). */
function isOurService(pid: number, name: ServiceName): boolean {
  if (!isProcessAlive(pid)) return false;
  const commandLine = processCommandLine(pid);
  return commandLine === undefined || commandLine.some((arg) => namesServiceEntry(arg, name) || namesServiceEntry(arg, "host"));
}

/** Removes a pid file only while it names `pid`: never one another command wrote for its own process. */
function removePidFileOf(path: string, pid: number): void {
  if (readPidFile(path) === pid) removeFile(path);
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function tail(path: string, from: number, maxBytes = 2000): string {
  try {
    const size = statSync(path).size;
    const start = Math.max(from, size - maxBytes);
    const buffer = Buffer.alloc(size - start);
    const fd = openSync(path, "r");
    try {
      readSync(fd, buffer, 0, buffer.length, start);
    } finally {
      closeSync(fd);
    }
    return buffer.toString("utf8").trimEnd() || "(empty)";
  } catch {
    return "(no log)";
  }
}
