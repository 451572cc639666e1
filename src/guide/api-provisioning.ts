// Provisioning of the guide's local Zelinqa API, done once per instance and remembered in ctx under the host
// ctxkey: a runtime key and a configuration:read key (created with `zelinqa keys create`, captured, stored in
// ctx, never printed), the domain file imported and published (`zelinqa config import --publish`, again when the
// file changes), and the API address.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { GuideError } from "./guide-host.js";
import type { CtxValues } from "./ctx-values.js";
import { freePort } from "../shared/free-port.js";
import { apiAnswers, startLocalApi, type LocalApi } from "./local-api.js";
import { zelinqaProgram } from "./zelinqa-entries.js";

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** The ctxkey whose values describe the local API (not a conversation). */
export const HOST_CTXKEY = "zelinqa-host";

const KeyOutput = z.looseObject({ api_key: z.string().min(1) });

export interface ApiAccess {
  baseUrl: string;
  runtimeKey: string;
  readKey: string;
  api: LocalApi;
}

export interface ProvisionOptions {
  values: CtxValues;
  /** The Zelinqa SQLite file (state next to ZINO's, under `.zino/`). */
  sqlitePath: string;
  domainFile: string;
  logPath: string;
  pidPath: string;
  env: NodeJS.ProcessEnv;
  say(text: string): void;
}

function runZelinqa(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const program = zelinqaProgram("cli");
  return new Promise((resolve, reject) => {
    const child = spawn(program.command, [...program.args, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function createKey(options: ProvisionOptions, scopes: string, label: string): Promise<string> {
  const result = await runZelinqa(
    ["keys", "create", "--sqlite-path", options.sqlitePath, "--scopes", scopes, "--label", label],
    options.env,
  );
  const parsed = result.code === 0 ? KeyOutput.safeParse(JSON.parse(result.stdout.trim().split("\n").pop() ?? "{}")) : undefined;
  // The key is on stdout only: the error shows stderr, never stdout.
  if (!parsed?.success) throw new GuideError(`zelinqa keys create failed: ${result.stderr.trim().split("\n").slice(-3).join(" ")}`);
  return parsed.data.api_key;
}

async function storedKey(options: ProvisionOptions, name: string, scopes: string): Promise<string> {
  const existing = await options.values.getString(HOST_CTXKEY, name);
  if (existing !== undefined) return existing;
  options.say(`creating the Zelinqa API key ${name} (stored in ctx, never printed)…`);
  const key = await createKey(options, scopes, `zino-guide ${name}`);
  await options.values.set(HOST_CTXKEY, name, key);
  return key;
}

async function publishDomain(options: ProvisionOptions): Promise<void> {
  const digest = createHash("sha256").update(readFileSync(options.domainFile)).digest("hex");
  if ((await options.values.getString(HOST_CTXKEY, "domain_digest")) === digest) return;
  options.say(`importing and publishing ${options.domainFile} (compiling the decision model)…`);
  const started = performance.now();
  const result = await runZelinqa(["config", "import", "--sqlite-path", options.sqlitePath, options.domainFile, "--publish"], options.env);
  if (result.code !== 0) throw new GuideError(`zelinqa config import failed: ${result.stderr.trim().split("\n").slice(-3).join(" ")}`);
  await options.values.set(HOST_CTXKEY, "domain_digest", digest);
  options.say(`published in ${elapsed(started)}`);
}

/** Keys, published domain and a running API (reused when one already answers at the remembered address). */
export async function provisionApi(options: ProvisionOptions): Promise<ApiAccess> {
  mkdirSync(dirname(options.sqlitePath), { recursive: true, mode: 0o700 });
  mkdirSync(dirname(options.logPath), { recursive: true, mode: 0o700 });
  const runtimeKey = await storedKey(options, "runtime_key", "runtime");
  const readKey = await storedKey(options, "read_key", "configuration:read");
  await publishDomain(options);
  const remembered = await options.values.getString(HOST_CTXKEY, "base_url");
  if (remembered !== undefined && (await apiAnswers(remembered, runtimeKey))) {
    return { baseUrl: remembered, runtimeKey, readKey, api: { baseUrl: remembered, pid: undefined } };
  }
  const rememberedPort = remembered === undefined ? undefined : Number(new URL(remembered).port);
  options.say("starting the local Zelinqa API…");
  const started = performance.now();
  for (const port of [rememberedPort, await freePort(), await freePort()]) {
    if (port === undefined || !Number.isInteger(port) || port <= 0) continue;
    const api = await startLocalApi({
      sqlitePath: options.sqlitePath,
      port,
      apiKey: runtimeKey,
      logPath: options.logPath,
      pidPath: options.pidPath,
      env: options.env,
    });
    if (!api) continue;
    options.say(`the Zelinqa API answers at ${api.baseUrl} (${elapsed(started)})`);
    if (api.baseUrl !== remembered) await options.values.set(HOST_CTXKEY, "base_url", api.baseUrl);
    return { baseUrl: api.baseUrl, runtimeKey, readKey, api };
  }
  throw new GuideError(`the local Zelinqa API did not start; see ${options.logPath}`);
}

export function zelinqaStatePaths(databasePath: string, runtimeDir: string): { sqlitePath: string; logPath: string; pidPath: string } {
  return {
    sqlitePath: join(dirname(databasePath), "zelinqa.sqlite"),
    logPath: join(runtimeDir, "logs", "zelinqa.log"),
    pidPath: join(runtimeDir, "zelinqa.pid"),
  };
}

/**
 * [ext] A fresh one-time sign-in link to the local API's studio (`zelinqa studio-link`), or undefined when it
 * could not be minted: the link is a convenience and never stops the guide.
 */
export async function studioLink(options: { sqlitePath: string; baseUrl: string; env: NodeJS.ProcessEnv }): Promise<string | undefined> {
  try {
    const result = await runZelinqa(["studio-link", "--sqlite-path", options.sqlitePath, "--base-url", options.baseUrl], options.env);
    const link = result.stdout.trim();
    return result.code === 0 && /^https?:\/\/\S+$/.test(link) ? link : undefined;
  } catch {
    return undefined;
  }
}
