// The local Zelinqa API of the guide: `zelinqa serve` on SQLite, on 127.0.0.1, started in the background like the
// ZINO services (own process group, log appended to a file, pid in `<runtime_dir>/zelinqa.pid`) so that several
// guides share it and Ctrl-C does not stop it; `zino down` stops it. One already answering is reused.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, unlinkSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { isProcessAlive, processCommandLine, readPidFile, terminateProcess } from "../shared/pid-process.js";
import { zelinqaProgram } from "./zelinqa-entries.js";

export interface LocalApi {
  baseUrl: string;
  /** Pid of the process started now; undefined when an API already answered. */
  pid: number | undefined;
}

/** Answers when `baseUrl` is a Zelinqa API that knows `apiKey`: an unknown session is a 404, a foreign key a 401. */
export async function apiAnswers(baseUrl: string, apiKey: string, timeoutMs = 1500): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/v1/sessions/ses_probe`, {
      headers: { authorization: `Bearer ${apiKey}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.status === 404;
  } catch {
    return false;
  }
}

export interface StartApiOptions {
  sqlitePath: string;
  port: number;
  apiKey: string;
  logPath: string;
  pidPath: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Starts `zelinqa serve` and waits until it answers; undefined when it exited first (e.g. port taken). */
export async function startLocalApi(options: StartApiOptions): Promise<LocalApi | undefined> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const program = zelinqaProgram("cli");
  const log = openSync(options.logPath, "a", 0o600);
  let child: ChildProcess;
  try {
    child = spawn(
      program.command,
      [...program.args, "serve", "--sqlite-path", options.sqlitePath, "--host", "127.0.0.1", "--port", String(options.port)],
      { env: options.env, stdio: ["ignore", log, log], detached: true },
    );
  } finally {
    closeSync(log);
  }
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (!exited && Date.now() < deadline) {
    if (await apiAnswers(baseUrl, options.apiKey, 500)) {
      child.unref();
      if (child.pid !== undefined) writeFileSync(options.pidPath, `${child.pid}\n`, { mode: 0o600 });
      return { baseUrl, pid: child.pid };
    }
    await sleep(100);
  }
  if (!exited) {
    child.kill("SIGKILL");
    await exit;
  }
  return undefined;
}

/** Guards against a recycled pid: the process must be alive and its command line a `zelinqa serve`. */
function isLocalApi(pid: number): boolean {
  const commandLine = processCommandLine(pid)?.join(" ") ?? "";
  return commandLine.includes("zelinqa") && commandLine.includes("serve") && isProcessAlive(pid);
}

/** Stops the API recorded in `pidPath` (SIGTERM, then SIGKILL); true when one was running. */
export async function stopLocalApi(pidPath: string, graceMs = 3000): Promise<boolean> {
  const pid = readPidFile(pidPath);
  const running = pid !== undefined && isLocalApi(pid);
  if (running) await terminateProcess(pid, graceMs, () => isLocalApi(pid));
  try {
    unlinkSync(pidPath);
  } catch {
    // already gone
  }
  return running;
}
