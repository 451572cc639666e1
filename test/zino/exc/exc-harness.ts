// Test harness for zino-exc: a real exc service on a temp Unix socket, and an in-test ctx frame server that
// answers `get_config` (defaults merged with the ctxkey's row), `get_value` and `list_skills` like zino-ctx does.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mergeConfig, type InstanceConfig, type JsonObject } from "../../../src/zino/config/index.js";
import { createExcService, type ExcOptions } from "../../../src/zino/exc/index.js";
import {
  createFrameServer,
  errorFrame,
  requestOne,
  silentLogger,
  type Frame,
  type FrameServer,
  type Logger,
} from "../../../src/wire/index.js";

export const BASE_DEFAULTS: JsonObject = { llm: { base_url: "http://127.0.0.1:9/v1", model: "fake-model" } };

export interface FakeCtx {
  configs: Map<string, JsonObject>;
  values: Map<string, unknown>;
  /** Skill files visible to every ctxkey (`list_skills`); empty: no skills. */
  skills: unknown[];
  requests: Frame[];
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createFakeCtx(socketPath: string, defaults: JsonObject): FakeCtx {
  const configs = new Map<string, JsonObject>();
  const values = new Map<string, unknown>();
  const requests: Frame[] = [];
  const skills: unknown[] = [];
  let server: FrameServer | undefined;
  return {
    configs,
    values,
    skills,
    requests,
    async start() {
      server = createFrameServer({
        socketPath,
        logger: silentLogger(),
        handler: async (request, out) => {
          requests.push(request.raw);
          if (request.type === "get_config") {
            await out.send({ type: "config", ctxkey: request.ctxkey, config: mergeConfig(defaults, configs.get(request.ctxkey) ?? {}) });
          } else if (request.type === "get_value") {
            const key = String(request.raw.key);
            await out.send({ type: "value", key, value: values.get(`${request.ctxkey}/${key}`) ?? null });
          } else if (request.type === "list_skills") {
            await out.send({ type: "skills", skills });
          } else {
            await out.send(errorFrame("unknown_type"));
          }
        },
      });
      await server.start();
    },
    async close() {
      await server?.close();
    },
  };
}

/**
 * The two ways exc starts a sandboxed execution: from its resident sandbox (sandbox-zygote.ts, where it is built) or
 * a bubblewrap sandbox of its own. Isolation and limit tests run both ways (`exc: { sandboxZygote: way.zygote }`).
 */
export const SANDBOX_WAYS = [
  { name: "from the resident zygote", zygote: true },
  { name: "a bubblewrap per execution", zygote: false },
] as const;

export interface ExcHarness {
  dir: string;
  workRoot: string;
  excSocket: string;
  /** Where exc asks the daemon for sub-agent turns (nothing listens there unless a test starts a stand-in). */
  daemonSocket: string;
  ctx: FakeCtx;
  request(frame: Frame, signal?: AbortSignal): Promise<Frame>;
  /** A tool call `{message:{name, arguments}, ctxkey}` answered by a result frame. */
  call(ctxkey: string, name: string, args: unknown): Promise<Frame>;
  /** Sets a ctxkey's row in the fake ctx (the rules cache of the harness has no TTL). */
  configure(ctxkey: string, config: JsonObject): void;
  /** Closes the exc service only (the temp dirs stay until close()). */
  stopExc(): Promise<void>;
  close(): Promise<void>;
}

export async function startExc(
  options: { defaults?: JsonObject; exc?: ExcOptions; withCtx?: boolean; agentsDir?: string; logger?: Logger } = {},
): Promise<ExcHarness> {
  const dir = mkdtempSync(join(tmpdir(), "zx-"));
  // Execution dirs must be reachable by the sandbox user; the socket dir is private (0700).
  const workRoot = mkdtempSync(join(tmpdir(), "zx-runs-"));
  chmodSync(workRoot, 0o711);
  const defaults = mergeConfig(BASE_DEFAULTS, options.defaults ?? {});
  const sockets = { daemon: join(dir, "d.sock"), ctx: join(dir, "c.sock"), rtr: join(dir, "r.sock"), exc: join(dir, "e.sock") };
  const instance: InstanceConfig = {
    configPath: undefined,
    runtimeDir: dir,
    sockets,
    databasePath: join(dir, "db.sqlite"),
    agentsDir: options.agentsDir ?? join(dir, "agents"),
    maxFrameBytes: 16 * 1024 * 1024,
    idleTimeoutMs: 30_000,
    defaults,
  };
  const ctx = createFakeCtx(sockets.ctx, defaults);
  if (options.withCtx !== false) await ctx.start();
  const service = createExcService({
    instance,
    logger: options.logger ?? silentLogger(),
    env: process.env,
    options: { rulesTtlMs: 0, workRoot, ...options.exc },
  });
  const closeAll = async () => {
    await service.close();
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(workRoot, { recursive: true, force: true });
  };
  try {
    await service.start();
  } catch (err) {
    // Its launcher may already run: left alone, it would keep the test file's process alive until its timeout.
    await closeAll();
    throw err;
  }
  const request = (frame: Frame, signal?: AbortSignal) =>
    requestOne(sockets.exc, frame, { idleTimeoutMs: 60_000, ...(signal ? { signal } : {}) });
  return {
    dir,
    workRoot,
    excSocket: sockets.exc,
    daemonSocket: sockets.daemon,
    ctx,
    request,
    call: (ctxkey, name, args) => request({ message: { name, arguments: args }, ctxkey }),
    configure(ctxkey, config) {
      ctx.configs.set(ctxkey, config);
    },
    stopExc: () => service.close(),
    close: closeAll,
  };
}

export { eventually, waitFor } from "../../support/eventually.js";

/** Processes whose command line contains `marker` (to prove a process group was killed). */
/** A process's parent, from /proc; undefined once it has exited. */
export function parentOf(pid: number): number | undefined {
  try {
    const match = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

export function processesWith(marker: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
      if (cmdline.includes(marker)) out.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

export function field<T = unknown>(frame: Frame, key: string): T {
  return frame[key] as T;
}
