// Real ZINO processes for end-to-end tests and benchmarks: a temporary instance (ZINO.toml, runtime dir and
// SQLite file in a short temp dir, `[llm]` pointing at a fake provider), the service processes spawned from
// their TypeScript sources, and the `zino` CLI run as a child process.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { requestOne } from "../src/wire/index.js";
import type { ServiceName } from "../src/zino/config/index.js";
import { serviceMainFile, type EntryName } from "../src/zino/runtime/service-entry.js";
import { SERVICE_NODE_FLAGS, serviceEnv } from "../src/zino/runtime/service-node-flags.js";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** tsx's loader as an absolute URL, so children find it whatever their working directory. */
export const TSX_LOADER = import.meta.resolve("tsx");
export const CLI_MAIN = join(REPO_ROOT, "src", "zino", "cli", "main.ts");

export interface TempInstanceOptions {
  providerUrl: string;
  model?: string;
  /** Extra `[llm]` fields, e.g. `{ max_retries: 0 }`. Strings are quoted, numbers/booleans written as is. */
  llm?: Record<string, string | number | boolean>;
  /** Appended verbatim (other tables). */
  extraToml?: string;
}

export interface TempInstance {
  dir: string;
  configPath: string;
  runtimeDir: string;
  databasePath: string;
  sockets: Record<ServiceName, string>;
  /** Removes the directory (stop the processes first). */
  cleanup(): void;
}

/** Socket paths must stay under 107 bytes, hence a short prefix directly in the temp dir. */
export function writeTempInstance(options: TempInstanceOptions): TempInstance {
  const dir = mkdtempSync(join(tmpdir(), "ze-"));
  const runtimeDir = join(dir, "run");
  const databasePath = join(dir, "zino.sqlite");
  const llm: Record<string, string | number | boolean> = {
    base_url: options.providerUrl,
    model: options.model ?? "fake-model",
    api_key: "sk-test-secret",
    max_retries: 1,
    retry_base_ms: 1,
    timeout_ms: 10_000,
    ...options.llm,
  };
  const toml = [
    "[paths]",
    `runtime_dir = ${JSON.stringify(runtimeDir)}`,
    `database = ${JSON.stringify(databasePath)}`,
    `agents = ${JSON.stringify(join(dir, "agents"))}`,
    "",
    "[llm]",
    ...Object.entries(llm).map(([k, v]) => `${k} = ${JSON.stringify(v)}`),
    "",
    options.extraToml ?? "",
  ].join("\n");
  const configPath = join(dir, "ZINO.toml");
  writeFileSync(configPath, toml);
  const sockets = {} as Record<ServiceName, string>;
  for (const name of ["daemon", "ctx", "rtr", "exc"] as const) sockets[name] = join(runtimeDir, `${name}.sock`);
  return { dir, configPath, runtimeDir, databasePath, sockets, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ZinoProcess {
  /** A service, or `host` (zino-host: several services in one process). */
  name: EntryName;
  child: ChildProcess;
  /** Everything written on stderr so far (the structured logs). */
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal and waits for the exit (SIGKILL after `graceMs` when the signal is SIGTERM). */
  kill(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  /**
   * Run the build (after `npm run build`) instead of the sources through tsx: the service's bundle when current, else
   * `dist/src/zino/<svc>/main.js` (src/zino/runtime/service-entry.ts, as `zino up` and the bins).
   */
  fromDist?: boolean;
  /** More arguments after `--config <file>`, e.g. zino-host's `--services`. */
  args?: readonly string[];
}

export function spawnZinoService(name: EntryName, instance: TempInstance, options: SpawnOptions = {}): ZinoProcess {
  const env = options.env ?? {};
  const entry = options.fromDist
    ? [serviceMainFile(name, join(REPO_ROOT, "dist"), { ...process.env, ...env }).file]
    : ["--import", TSX_LOADER, join(REPO_ROOT, "src", "zino", name, "main.ts")];
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, ...entry, "--config", instance.configPath, ...(options.args ?? [])], {
    cwd: instance.dir,
    env: serviceEnv({ ...process.env, ZINO_LOG_LEVEL: "warn", ...env }),
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => {
    stderr += text;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
    child.once("exit", (code, signal) => resolveExit({ code, signal }));
  });
  return {
    name,
    child,
    exited,
    stderr: () => stderr,
    async kill(signal = "SIGTERM", graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `ping` until `pong`; throws after `timeoutMs` or when `proc` exits first. */
export async function waitForPing(socketPath: string, timeoutMs = 120_000, proc?: ZinoProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null)) {
      throw new Error(`zino-${proc.name} exited before answering ping:\n${proc.stderr()}`);
    }
    try {
      const frame = await requestOne(socketPath, { type: "ping" }, { idleTimeoutMs: 1000 });
      if (frame.type === "pong") return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${socketPath}: no pong within ${timeoutMs} ms${proc ? `\n${proc.stderr()}` : ""}`);
    await sleep(10);
  }
}

/**
 * Starts the services at once (as `zino up` does: a service reaches its peers on the first request, not at start)
 * and resolves once every one answers ping.
 */
export async function startZinoServices(
  instance: TempInstance,
  names: readonly ServiceName[] = ["ctx", "rtr", "daemon"],
  options: SpawnOptions = {},
): Promise<ZinoProcess[]> {
  const started = names.map((name) => spawnZinoService(name, instance, options));
  try {
    await Promise.all(started.map((proc, i) => waitForPing(instance.sockets[names[i]!], 120_000, proc)));
  } catch (err) {
    await stopZinoServices(started);
    throw err;
  }
  return started;
}

/** Starts the services in one zino-host process and resolves, once every one of them answers ping, to that process. */
export async function startZinoHost(
  instance: TempInstance,
  names: readonly ServiceName[] = ["ctx", "rtr", "exc", "daemon"],
  options: SpawnOptions = {},
): Promise<ZinoProcess> {
  const args = [...(options.args ?? []), ...(names.length < 4 ? ["--services", names.join(",")] : [])];
  const host = spawnZinoService("host", instance, { ...options, args });
  try {
    for (const name of names) await waitForPing(instance.sockets[name], 120_000, host);
  } catch (err) {
    await stopZinoServices([host]);
    throw err;
  }
  return host;
}

export async function stopZinoServices(processes: readonly ZinoProcess[], signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  await Promise.all([...processes].reverse().map((p) => p.kill(signal)));
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `zino <args>` from sources, or (`builtFile`) from a file of the build such as dist/bundle/zino-cli.cjs, with
 * `ZINO_CONFIG` set to the instance's file.
 */
export async function runZinoCli(
  args: readonly string[],
  options: { instance?: TempInstance; env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number; builtFile?: string } = {},
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, ZINO_LOG_LEVEL: "warn", ZINO_HISTORY_FILE: "", ...options.env };
  if (options.instance) env.ZINO_CONFIG = options.instance.configPath;
  else delete env.ZINO_CONFIG;
  const entry = options.builtFile === undefined ? ["--import", TSX_LOADER, CLI_MAIN] : [options.builtFile];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: options.instance?.dir ?? REPO_ROOT,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
  child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  child.stdin.end(options.input ?? "");
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 240_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((res) => child.once("close", (c, s) => res([c, s])));
  clearTimeout(timer);
  return { code, signal, stdout, stderr };
}

export interface RunningCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once stderr matches `pattern`; rejects after `timeoutMs` or when the CLI exits first. */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** The same for stdout. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

/** The backstop of output waits: far above any normal wait, below the test runner's per-test timeout. */
export const OUTPUT_WAIT_MS = 240_000;

/** Starts a long-running `zino <args>` (foreground `up`, `chat`) with piped stdio. */
export function spawnZinoCli(args: readonly string[], options: { instance: TempInstance; env?: NodeJS.ProcessEnv }): RunningCli {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ZINO_LOG_LEVEL: "warn",
    ZINO_HISTORY_FILE: "",
    ...options.env,
    ZINO_CONFIG: options.instance.configPath,
  };
  const child = spawn(process.execPath, ["--import", TSX_LOADER, CLI_MAIN, ...args], {
    cwd: options.instance.dir,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
  child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.once("close", (code, signal) => res({ code, signal })),
  );
  let done = false;
  void exited.then(() => (done = true));
  // Event-driven: re-checked on every chunk, failing at once when zino exits; the time limit is only a backstop
  // (generous, so a loaded machine cannot break it).
  const waitFor = (name: "stdout" | "stderr", pattern: RegExp, timeoutMs: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const stream = name === "stdout" ? child.stdout : child.stderr;
      const text = () => (name === "stdout" ? stdout : stderr);
      const finish = (outcome: () => void) => {
        clearTimeout(timer);
        stream.off("data", onData);
        child.off("close", onClose);
        outcome();
      };
      const check = () => {
        const match = text().match(pattern);
        if (match) finish(() => resolve(match));
        return match !== null;
      };
      const onData = () => void check();
      const onClose = () => {
        if (!check())
          finish(() =>
            reject(new Error(`zino exited before ${name} matched ${String(pattern)}:\n${text()}\n${name === "stdout" ? stderr : ""}`)),
          );
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`${name} did not match ${String(pattern)} within ${timeoutMs} ms:\n${text()}`))),
        timeoutMs,
      );
      stream.on("data", onData);
      child.once("close", onClose);
      if (!check() && done) onClose();
    });
  return {
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForStderr: (pattern, timeoutMs = OUTPUT_WAIT_MS) => waitFor("stderr", pattern, timeoutMs),
    waitForStdout: (pattern, timeoutMs = OUTPUT_WAIT_MS) => waitFor("stdout", pattern, timeoutMs),
  };
}
