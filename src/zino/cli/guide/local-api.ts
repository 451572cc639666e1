// The local Zelinqa API of the guide: `zelinqa serve` on SQLite, on 127.0.0.1, as a child process of the guide
// (its log appended to a file). An API already answering at the remembered address (e.g. left by a killed guide)
// is reused instead.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { zelinqaProgram } from "./zelinqa-entries.js";

export interface LocalApi {
  baseUrl: string;
  /** True when this guide started the process (and will stop it). */
  owned: boolean;
  stop(): Promise<void>;
}

/** Answers when `baseUrl` is a Zelinqa API that knows `apiKey`: an unknown session is a 404, a foreign key a 401. */
export async function apiAnswers(baseUrl: string, apiKey: string, timeoutMs = 1500): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/v1/sessions/ses_probe`, {
      headers: { authorization: `Bearer ${apiKey}` }, signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.status === 404;
  } catch {
    return false;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface StartApiOptions {
  sqlitePath: string;
  port: number;
  apiKey: string;
  logPath: string;
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
    child = spawn(program.command, [...program.args, "serve", "--sqlite-path", options.sqlitePath, "--host", "127.0.0.1",
      "--port", String(options.port)], { env: options.env, stdio: ["ignore", log, log] });
  } finally {
    closeSync(log);
  }
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => {
    exited = true;
    resolve();
  }));
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (!exited && Date.now() < deadline) {
    if (await apiAnswers(baseUrl, options.apiKey, 500)) {
      return {
        baseUrl, owned: true,
        async stop() {
          if (exited) return;
          child.kill("SIGTERM");
          const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
          await exit;
          clearTimeout(timer);
        },
      };
    }
    await sleep(100);
  }
  if (!exited) {
    child.kill("SIGKILL");
    await exit;
  }
  return undefined;
}
