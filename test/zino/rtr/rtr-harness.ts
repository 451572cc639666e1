// Test wiring for zino-rtr: the real service on a temp socket, a stand-in ctx (a real frame server answering
// `get_config` like zino-ctx does) and captured log lines, so tests can check that no key is ever logged.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import type { InstanceConfig, JsonObject } from "../../../src/zino/config/index.js";
import { mergeConfig } from "../../../src/zino/config/index.js";
import { createRtrService } from "../../../src/zino/rtr/index.js";
import { createFrameServer, requestAll, silentLogger, type Frame, type FrameServer } from "../../../src/wire/index.js";

export interface RtrHarnessOptions {
  /** ctx's rows: `default` and per-ctxkey overrides, merged field by field like zino-ctx. */
  rows?: Record<string, JsonObject>;
  /** Start no stand-in ctx (ctx is down). */
  noCtx?: boolean;
  /** ZINO.toml `[llm]` & co: the instance defaults. */
  defaults?: JsonObject;
  env?: NodeJS.ProcessEnv;
  configTtlMs?: number;
  warmUpIdleMs?: number;
}

export interface RtrHarness {
  socketPath: string;
  /** Every frame answered to one request. */
  request(frame: Frame, options?: { signal?: AbortSignal }): Promise<Frame[]>;
  /** `get_config` requests ctx received. */
  ctxRequests: Frame[];
  rows: Record<string, JsonObject>;
  logLines: string[];
  close(): Promise<void>;
}

export async function startRtr(options: RtrHarnessOptions = {}): Promise<RtrHarness> {
  const dir = mkdtempSync(join(tmpdir(), "zr-"));
  const instance: InstanceConfig = {
    configPath: undefined,
    runtimeDir: dir,
    sockets: { daemon: join(dir, "d.sock"), ctx: join(dir, "c.sock"), rtr: join(dir, "r.sock"), exc: join(dir, "e.sock") },
    databasePath: join(dir, "db"),
    agentsDir: join(dir, "agents"),
    maxFrameBytes: 1024 * 1024,
    idleTimeoutMs: 2_000,
    defaults: options.defaults ?? {},
  };
  const rows = options.rows ?? {};
  const ctxRequests: Frame[] = [];
  let ctx: FrameServer | undefined;
  if (!options.noCtx) {
    ctx = createFrameServer({
      socketPath: instance.sockets.ctx,
      logger: silentLogger(),
      handler: async (request, out) => {
        ctxRequests.push(request.raw);
        if (request.type !== "get_config") {
          await out.send({ type: "error", code: "unknown_type", message: "stand-in ctx knows only get_config" });
          return;
        }
        const config = mergeConfig(rows.default ?? {}, rows[request.ctxkey] ?? {});
        await out.send({ type: "config", ctxkey: request.ctxkey, config });
      },
    });
    await ctx.start();
  }
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter((l) => l.length > 0),
      );
      callback();
    },
  });
  const logger = pino({ level: "trace" }, sink);
  const rtr = createRtrService({
    instance,
    logger,
    env: options.env ?? {},
    ...(options.configTtlMs !== undefined ? { configTtlMs: options.configTtlMs } : {}),
    ...(options.warmUpIdleMs !== undefined ? { warmUpIdleMs: options.warmUpIdleMs } : {}),
  });
  await rtr.start();
  return {
    socketPath: instance.sockets.rtr,
    request: (frame, requestOptions = {}) => requestAll(instance.sockets.rtr, frame, { idleTimeoutMs: 15_000, ...requestOptions }),
    ctxRequests,
    rows,
    logLines,
    async close() {
      await rtr.close();
      await ctx?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An `[llm]` table pointing at a fake provider, with fast retries. */
export function llmFor(url: string, overrides: JsonObject = {}): JsonObject {
  return { base_url: url, model: "fake-model", max_retries: 0, retry_base_ms: 10, timeout_ms: 5_000, ...overrides };
}

export function types(frames: Frame[]): string[] {
  return frames.map((f) => String(f.type));
}

export function last(frames: Frame[]): Frame {
  const frame = frames.at(-1);
  if (!frame) throw new Error("no frame");
  return frame;
}

export const userMessages = (text: string): Frame[] => [
  { role: "system", content: "You are a test." },
  { role: "user", content: text },
];
