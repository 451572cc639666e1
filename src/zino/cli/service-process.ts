// One service child process: spawned from its entry, observed until it exits, stopped with SIGTERM then
// SIGKILL after a grace period. Shared by the foreground supervisor and `up --detach`.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { serviceEnv } from "../runtime/service-node-flags.js";
import type { ServiceEntry } from "./service-launch.js";

export interface ServiceProcess {
  readonly entry: ServiceEntry;
  readonly child: ChildProcess;
  readonly pid: number;
  /** Set once the process has exited: how it ended, e.g. `exit code 1` or `signal SIGKILL`. */
  readonly exitReason: string | undefined;
  readonly exited: Promise<string>;
  readonly startedAt: number;
  /** SIGTERM, then SIGKILL if it is still alive after `graceMs`. Resolves when it has exited. */
  stop(graceMs: number): Promise<string>;
}

export interface SpawnServiceOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdio: StdioOptions;
  detached?: boolean;
}

export function spawnService(entry: ServiceEntry, options: SpawnServiceOptions): ServiceProcess {
  const child = spawn(entry.command, entry.args, {
    cwd: options.cwd,
    env: serviceEnv(options.env),
    stdio: options.stdio,
    detached: options.detached ?? false,
  });
  let exitReason: string | undefined;
  const exited = new Promise<string>((resolve) => {
    child.once("error", (err) => {
      exitReason ??= `could not start: ${err.message}`;
      resolve(exitReason);
    });
    child.once("exit", (code, signal) => {
      exitReason ??= signal ? `signal ${signal}` : `exit code ${code ?? "?"}`;
      resolve(exitReason);
    });
  });
  const startedAt = Date.now();
  return {
    entry,
    child,
    pid: child.pid ?? -1,
    get exitReason() {
      return exitReason;
    },
    exited,
    startedAt,
    async stop(graceMs) {
      if (exitReason !== undefined) return exitReason;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
