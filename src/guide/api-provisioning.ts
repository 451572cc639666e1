// Provisioning of the guide's local Zelinqa API, done once per instance and domain file and remembered in ctx under
// the host ctxkey: a Zelinqa domain per domain file (see domain-slot.ts), its runtime key and configuration:read key
// (created with `zelinqa keys create`, captured, stored in ctx, never printed), the file imported and published
// into that domain (`zelinqa config import --publish`, again when the file changes), and the API address.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readDomainFile } from "./domain-file.js";
import { dirname, join } from "node:path";
import { z } from "zod";
import { GuideError } from "./guide-host.js";
import type { CtxValues } from "./ctx-values.js";
import { freePort } from "../shared/free-port.js";
import { probeApi, startLocalApi, type LocalApi } from "./local-api.js";
import { domainSlot, type DomainSlot } from "./domain-slot.js";
import { sampleDomainFile, zelinqaProgram } from "./zelinqa-entries.js";

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** The ctxkey whose values describe the local API (not a conversation). */
export const HOST_CTXKEY = "zelinqa-host";

const KeyOutput = z.looseObject({ api_key: z.string().min(1) });
const DomainOutput = z.looseObject({ domain_id: z.string().min(1) });

export interface ApiAccess {
  baseUrl: string;
  runtimeKey: string;
  readKey: string;
  api: LocalApi;
  /** The domain file's slot: what a conversation stores per domain is named with `slot.valueName`. */
  slot: DomainSlot;
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

function lastJsonLine(stdout: string): unknown {
  try {
    return JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as unknown;
  } catch {
    return undefined;
  }
}

function failure(what: string, stderr: string): GuideError {
  return new GuideError(`${what} failed: ${stderr.trim().split("\n").slice(-3).join(" ")}`);
}

async function createKey(options: ProvisionOptions, domainId: string, scopes: string, label: string): Promise<string> {
  const result = await runZelinqa(
    ["keys", "create", "--sqlite-path", options.sqlitePath, "--domain", domainId, "--scopes", scopes, "--label", label],
    options.env,
  );
  const parsed = result.code === 0 ? KeyOutput.safeParse(lastJsonLine(result.stdout)) : undefined;
  // The key is on stdout only: the error shows stderr, never stdout.
  if (!parsed?.success) throw failure("zelinqa keys create", result.stderr);
  return parsed.data.api_key;
}

async function listDomainIds(options: ProvisionOptions): Promise<string[]> {
  const result = await runZelinqa(["domains", "list", "--sqlite-path", options.sqlitePath], options.env);
  if (result.code !== 0) throw failure("zelinqa domains list", result.stderr);
  return result.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .flatMap((line) => {
      const parsed = DomainOutput.safeParse(lastJsonLine(line));
      return parsed.success ? [parsed.data.domain_id] : [];
    });
}

/**
 * The Zelinqa domain of the slot: the one remembered, else (the sample on an instance provisioned when the guide
 * used a single domain) the only one there is, else a new one; a new domain drops the slot's keys and digest.
 */
async function slotDomain(options: ProvisionOptions, slot: DomainSlot): Promise<string> {
  const { values } = options;
  const name = slot.valueName("domain_id");
  const remembered = await values.getString(HOST_CTXKEY, name);
  if (remembered !== undefined) return remembered;
  if (slot.sample && (await values.getString(HOST_CTXKEY, "runtime_key")) !== undefined) {
    const existing = await listDomainIds(options);
    if (existing.length === 1 && existing[0] !== undefined) {
      await values.set(HOST_CTXKEY, name, existing[0]);
      return existing[0];
    }
  }
  const result = await runZelinqa(["domains", "create", "--sqlite-path", options.sqlitePath, "--name", slot.domainName], options.env);
  const parsed = result.code === 0 ? DomainOutput.safeParse(lastJsonLine(result.stdout)) : undefined;
  if (!parsed?.success) throw failure("zelinqa domains create", result.stderr);
  for (const base of ["runtime_key", "read_key", "domain_digest"]) await values.set(HOST_CTXKEY, slot.valueName(base), "");
  await values.set(HOST_CTXKEY, name, parsed.data.domain_id);
  return parsed.data.domain_id;
}

async function storedKey(
  options: ProvisionOptions,
  target: { slot: DomainSlot; domainId: string },
  base: string,
  scopes: string,
): Promise<string> {
  const name = target.slot.valueName(base);
  const existing = await options.values.getString(HOST_CTXKEY, name);
  if (existing !== undefined) return existing;
  options.say(`creating the Zelinqa API key ${base} for ${target.slot.domainName} (stored in ctx, never printed)…`);
  const key = await createKey(options, target.domainId, scopes, `zino-guide ${name}`);
  await options.values.set(HOST_CTXKEY, name, key);
  return key;
}

async function publishDomain(options: ProvisionOptions, target: { slot: DomainSlot; domainId: string }): Promise<void> {
  const digest = createHash("sha256").update(readDomainFile(options.domainFile)).digest("hex");
  const name = target.slot.valueName("domain_digest");
  if ((await options.values.getString(HOST_CTXKEY, name)) === digest) return;
  options.say(`importing and publishing ${options.domainFile} (compiling the decision model)…`);
  const started = performance.now();
  const result = await runZelinqa(
    ["config", "import", "--sqlite-path", options.sqlitePath, "--domain", target.domainId, options.domainFile, "--publish"],
    options.env,
  );
  if (result.code !== 0) throw failure("zelinqa config import", result.stderr);
  await options.values.set(HOST_CTXKEY, name, digest);
  options.say(`published in ${elapsed(started)}`);
}

/** The file's domain, its keys and published configuration, and a running API (reused when one already answers at the remembered address). */
export async function provisionApi(options: ProvisionOptions): Promise<ApiAccess> {
  mkdirSync(dirname(options.sqlitePath), { recursive: true, mode: 0o700 });
  mkdirSync(dirname(options.logPath), { recursive: true, mode: 0o700 });
  const slot = domainSlot(options.domainFile, sampleDomainFile());
  const target = { slot, domainId: await slotDomain(options, slot) };
  const runtimeKey = await storedKey(options, target, "runtime_key", "runtime");
  const readKey = await storedKey(options, target, "read_key", "configuration:read");
  await publishDomain(options, target);
  const remembered = await options.values.getString(HOST_CTXKEY, "base_url");
  const found = remembered === undefined ? "none" : await probeApi(remembered, runtimeKey);
  if (remembered !== undefined && found === "ours") {
    return { baseUrl: remembered, runtimeKey, readKey, api: { baseUrl: remembered, pid: undefined }, slot };
  }
  const rememberedPort = remembered === undefined ? undefined : Number(new URL(remembered).port);
  if (found === "foreign")
    options.say(
      `${remembered} answers, but not as this instance's Zelinqa API (another program uses port ${rememberedPort}): starting the API on another port`,
    );
  else options.say("starting the local Zelinqa API…");
  const started = performance.now();
  for (const port of [found === "foreign" ? undefined : rememberedPort, await freePort(), await freePort()]) {
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
    return { baseUrl: api.baseUrl, runtimeKey, readKey, api, slot };
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
