// An in-process ZINO instance for daemon tests: the REAL ctx and rtr services and the daemon on sockets in a
// short temp dir, rtr pointing at the fake OpenAI-compatible provider. exc is absent unless a test stands one up.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createFrameServer,
  encodeFrame,
  requestAll,
  silentLogger,
  type Frame,
  type FrameHandler,
  type FrameServer,
} from "../../../src/wire/index.js";
import { loadInstanceConfig, type InstanceConfig } from "../../../src/zino/config/index.js";
import { createCtxService } from "../../../src/zino/ctx/index.js";
import { createRtrService } from "../../../src/zino/rtr/index.js";
import { createExcService } from "../../../src/zino/exc/index.js";
import { createDaemonService } from "../../../src/zino/daemon/index.js";
import type { QuietMoments } from "../../../src/zino/runtime/quiet-moments.js";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";

const REPO_AGENTS = fileURLToPath(new URL("../../../agents", import.meta.url));

export interface Harness {
  instance: InstanceConfig;
  provider: FakeProvider;
  /** Starts a stand-in exc on the exc socket (a separate process in production: faked at that boundary). */
  startExc(handler: FrameHandler): Promise<FrameServer>;
  stopCtx(): Promise<void>;
  ask(request: Frame): Promise<Frame[]>;
  askCtx(request: Frame): Promise<Frame[]>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  ctx?: boolean;
  rtr?: boolean;
  /** The REAL exc too, with the repository's agents/ (executors run unsandboxed: tests only). */
  exc?: boolean;
  /** The agents/ folder (default: the repository's with exc, else none). */
  agentsDir?: string;
  /** Extra TOML (e.g. an `[agent]` table). */
  toml?: string;
  maxFrameBytes?: number;
  /**
   * The daemon and exc share these quiet moments, as in zino-host's main thread; exc then starts its sandboxes itself
   * (no launcher process), as in the host by default or with ZINO_EXC_LAUNCHER=0.
   */
  quiet?: QuietMoments;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "zd-"));
  const provider = await startFakeProvider();
  const toml = [
    "[paths]",
    'runtime_dir = "run"',
    'database = "zino.sqlite"',
    `agents = ${JSON.stringify(options.agentsDir ?? (options.exc ? REPO_AGENTS : "agents"))}`,
    "[limits]",
    `max_frame_bytes = ${options.maxFrameBytes ?? 1024 * 1024}`,
    "idle_timeout_ms = 2000",
    "[llm]",
    `base_url = ${JSON.stringify(provider.url)}`,
    'model = "fake-model"',
    'api_key = "sk-test-secret"',
    "max_retries = 0",
    "retry_base_ms = 1",
    "timeout_ms = 10000",
    options.exc ? '[exec]\nsandbox = "none"\nallow_unsandboxed = true\ntimeout_ms = 10000' : "",
    options.toml ?? "",
  ].join("\n");
  writeFileSync(join(dir, "ZINO.toml"), toml);
  const instance = loadInstanceConfig({ path: join(dir, "ZINO.toml"), env: {} });
  const deps = { instance, logger: silentLogger(), env: {} };
  const ctx = options.ctx === false ? undefined : createCtxService(deps);
  const rtr = options.rtr === false ? undefined : createRtrService({ ...deps, configTtlMs: 0 });
  const shared = options.quiet ? { quiet: options.quiet } : {};
  const exc = options.exc
    ? createExcService({ ...deps, ...shared, options: { sandboxUser: null, ...(options.quiet ? { processLauncher: false } : {}) } })
    : undefined;
  const daemon = createDaemonService({ ...deps, ...shared });
  await ctx?.start();
  await rtr?.start();
  await exc?.start();
  await daemon.start();
  const extra: FrameServer[] = [];
  return {
    instance,
    provider,
    async startExc(handler) {
      const server = createFrameServer({ socketPath: instance.sockets.exc, handler, logger: silentLogger() });
      await server.start();
      extra.push(server);
      return server;
    },
    stopCtx: async () => ctx?.close(),
    ask: (request) => requestAll(instance.sockets.daemon, request),
    askCtx: (request) => requestAll(instance.sockets.ctx, request),
    async close() {
      await daemon.close();
      for (const server of extra) await server.close();
      await exc?.close();
      await rtr?.close();
      await ctx?.close();
      await provider.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export { encodeFrame };
export { rawExchange } from "../../support/raw-frames.js";

export const types = (frames: Frame[]) => frames.map((f) => f.type);
export { typesWithChunkRuns } from "../../support/chunk-runs.js";
export const text = (frames: Frame[]) =>
  frames
    .filter((f) => f.type === "chunk")
    .map((f) => String(f.delta))
    .join("");
