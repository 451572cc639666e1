// In-memory streams for running `runCli` inside the test process, and a fake daemon on a real Unix socket.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { createFrameServer, silentLogger, type FrameHandler, type FrameServer } from "../../../src/wire/index.js";
import type { CliIo } from "../../../src/shared/cli.js";
import { runCli } from "../../../src/zino/cli/program.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runInProcess(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string; stdoutIsTTY?: boolean } = {},
): Promise<CliRun> {
  const stdout = Object.assign(new PassThrough(), { isTTY: options.stdoutIsTTY });
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.setEncoding("utf8").on("data", (t: string) => (out += t));
  stderr.setEncoding("utf8").on("data", (t: string) => (err += t));
  const io: CliIo = {
    stdout,
    stderr,
    stdin: Readable.from([options.input ?? ""]),
    env: { ZINO_HISTORY_FILE: "", ...options.env },
    cwd: options.cwd ?? process.cwd(),
  };
  const code = await runCli(argv, io);
  return { code, stdout: out, stderr: err };
}

export interface ScratchDir {
  dir: string;
  /** A ZINO.toml-free directory: the CLI runs on defaults, runtime dir `<dir>/.zino/run`. */
  runtimeDir: string;
  cleanup(): void;
}

export function scratchDir(): ScratchDir {
  const dir = mkdtempSync(join(tmpdir(), "zc-"));
  return { dir, runtimeDir: join(dir, ".zino", "run"), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A stand-in daemon: a real frame server on `<runtimeDir>/daemon.sock` answering with `handler`. */
export async function startFakeDaemon(runtimeDir: string, handler: FrameHandler): Promise<FrameServer> {
  const server = createFrameServer({ socketPath: join(runtimeDir, "daemon.sock"), handler, logger: silentLogger() });
  await server.start();
  return server;
}
