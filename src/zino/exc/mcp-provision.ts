// The `provision` hook of an MCP server (docs/zino-protocol.md §6 host duties): before exc starts a server for a ctxkey whose
// `env_from_ctx` values are missing, it runs the configured command once with the server's environment so far;
// the command prints one JSON object `{ENV_NAME: "value"}` on stdout. Each missing variable it provides is stored
// in ctx (set_value under its `env_from_ctx` key) and injected, so later starts (after any restart) reuse it.
// Values are never logged: they may be session ids or keys.
import { spawn } from "node:child_process";
import { z } from "zod";
import type { McpServerConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";

const OutputSchema = z.record(z.string(), z.string());
const OUTPUT_CAP_BYTES = 64 * 1024;

export interface ProvisionStore {
  setValue?(ctxkey: string, key: string, value: string): Promise<void>;
}

export interface ProvisionOptions {
  ctxkey: string;
  server: string;
  config: McpServerConfig;
  /** The environment built so far (configured env and the env_from_ctx values found). Completed in place. */
  env: Record<string, string>;
  /** Missing variables → their ctx value keys. */
  missing: Record<string, string>;
  ctx: ProvisionStore;
  logger: Logger;
}

function runCommand(command: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderrBytes = 0;
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      if (stdout.length < OUTPUT_CAP_BYTES) stdout += text;
    });
    child.stderr.on("data", (chunk: Buffer) => (stderrBytes += chunk.length));
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`exited with ${signal ?? code} (${stderrBytes} bytes on stderr)`));
    });
  });
}

/** Runs the hook when something is missing; a failing hook leaves the variables unset (the server decides). */
export async function provisionMissingEnv(options: ProvisionOptions): Promise<void> {
  const { provision } = options.config;
  const names = Object.keys(options.missing);
  if (!provision || names.length === 0) return;
  const where = { server: options.server, ctxkey: options.ctxkey, variables: names };
  let values: Record<string, string>;
  try {
    const stdout = await runCommand(provision.command, provision.args, options.env, provision.timeout_ms);
    const parsed = OutputSchema.safeParse(JSON.parse(stdout.trim() || "{}"));
    if (!parsed.success) throw new Error("the output is not a JSON object of strings");
    values = parsed.data;
  } catch (err) {
    options.logger.warn({ ...where, err: err instanceof Error ? err.message : String(err) }, "MCP provision hook failed");
    return;
  }
  for (const name of names) {
    const value = values[name];
    const key = options.missing[name];
    if (value === undefined || value === "" || key === undefined) continue;
    options.env[name] = value;
    try {
      await options.ctx.setValue?.(options.ctxkey, key, value);
    } catch (err) {
      options.logger.warn(
        { ...where, variable: name, err: err instanceof Error ? err.message : String(err) },
        "cannot store a provisioned value in ctx",
      );
    }
  }
  options.logger.info({ ...where, provided: names.filter((n) => values[n] !== undefined) }, "MCP provision hook ran");
}
