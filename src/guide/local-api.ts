// The local Zelinqa API of the guide: `zelinqa serve` on SQLite, on 127.0.0.1, started in the background like the
// ZINO services (own process group, log appended to a file, pid in `<runtime_dir>/zelinqa.pid`) so that several
// guides share it and Ctrl-C does not stop it; `zino down` stops it. One already answering is reused, once it has
// proved it is a Zelinqa API without any credential, and then that it knows this instance's key.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, unlinkSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { HealthResponseSchema } from "../zelinqa/contracts/index.js";
import { isProcessAlive, processCommandLine, readPidFile, terminateProcess } from "../shared/pid-process.js";
import { zelinqaProgram } from "./zelinqa-entries.js";

export interface LocalApi {
  baseUrl: string;
  /** Pid of the process started now; undefined when an API already answered. */
  pid: number | undefined;
}

/** What answers at an address: this instance's API, something else (another program, another API), or nothing. */
export type ApiProbe = "ours" | "foreign" | "none";

const HealthBody = HealthResponseSchema.strict();

/** The unauthenticated health document, exactly as a Zelinqa API sends it: nothing else earns the key. */
async function isZelinqaHealth(response: Response): Promise<boolean> {
  if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("application/json")) {
    await response.body?.cancel();
    return false;
  }
  try {
    const parsed = HealthBody.safeParse(await response.json());
    return parsed.success && parsed.data.status === "ok";
  } catch {
    return false;
  }
}

/**
 * Identifies the server at `baseUrl` before any credential is sent: `GET /v1/health` must be a Zelinqa health
 * document; only then does an unknown session with `apiKey` have to come back 404 (a foreign key gets a 401).
 */
export async function probeApi(baseUrl: string, apiKey: string, timeoutMs = 1500): Promise<ApiProbe> {
  let health: Response;
  try {
    health = await fetch(`${baseUrl}/v1/health`, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
  } catch {
    return "none";
  }
  if (!(await isZelinqaHealth(health))) return "foreign";
  try {
    const response = await fetch(`${baseUrl}/v1/sessions/ses_probe`, {
      headers: { authorization: `Bearer ${apiKey}` },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    await response.body?.cancel();
    return response.status === 404 ? "ours" : "foreign";
  } catch {
    return "none";
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
    if ((await probeApi(baseUrl, options.apiKey, 500)) === "ours") {
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
