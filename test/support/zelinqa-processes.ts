// Real `zelinqa` processes for the CLI and durability tests: run a command to completion, or start
// `zelinqa serve` on a free port and wait for its "listening" log line on stderr.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../../src/zelinqa/cli/run-cli.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = ["--import", "tsx", "src/zelinqa/cli/main.ts"];
/** The built CLI (`npm run build`), for the tests that need what the build produces (dist/studio). */
export const BUILT_CLI = ["dist/src/zelinqa/cli/main.js"];

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runZelinqa(args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServeProcess {
  child: ChildProcess;
  baseUrl: string;
  stderr(): string;
  /** SIGKILL, then wait for the exit. */
  kill9(): Promise<void>;
  /** SIGTERM, then wait for the exit code. */
  stop(): Promise<number | null>;
}

export function startServe(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000, cli = CLI): Promise<ServeProcess> {
  const child = spawn(process.execPath, [...cli, "serve", "--port", "0", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  let started = false;
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`zelinqa serve did not start: ${stderr}`));
    }, timeoutMs);
    void exited.then((code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`zelinqa serve exited with ${code}: ${stderr}`));
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      const match = /"address":"(http:\/\/[^"]+)"[^\n]*zelinqa listening/.exec(stderr);
      if (started || !match?.[1]) return;
      started = true;
      clearTimeout(timer);
      resolve({
        child,
        baseUrl: match[1],
        stderr: () => stderr,
        kill9: async () => {
          child.kill("SIGKILL");
          await exited;
        },
        stop: async () => {
          child.kill("SIGTERM");
          return exited;
        },
      });
    });
  });
}

/**
 * `zelinqa serve` on a new SQLite file in `dir` holding the furniture example (examples/zelinqa/furniture.json),
 * published, with a runtime key for it: what the README's first API call and the SDK example start from.
 */
export async function serveFurniture(dir: string): Promise<{ server: ServeProcess; key: string }> {
  const flags = ["--sqlite-path", join(dir, "z.sqlite")];
  let stdout = "";
  const io = { env: {}, stdout: (s: string) => (stdout += s), stderr: () => undefined };
  assert.equal(await runCli(["config", "import", join(ROOT, "examples/zelinqa/furniture.json"), "--publish", ...flags], io), 0);
  stdout = "";
  assert.equal(await runCli(["keys", "create", "--scopes", "runtime", ...flags], io), 0);
  const key = (JSON.parse(stdout) as { api_key: string }).api_key;
  return { key, server: await startServe(flags) };
}
