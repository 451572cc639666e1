// Benchmark: executions per second of a trivial bash tool through zino-exc (real socket, real processes),
// sandboxed (bubblewrap) against unsandboxed, with the per-execution sandbox overhead at p50.
// Run: node --import tsx bench/zino-exec.ts [iterations]
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { InstanceConfig, JsonObject } from "../src/zino/config/index.js";
import { createExcService } from "../src/zino/exc/index.js";
import { requestOne, silentLogger } from "../src/wire/index.js";

const iterations = Number(process.argv[2] ?? process.env.ZX_BENCH_N ?? 150);
const WARMUP = 10;

function instanceFor(dir: string, exec: JsonObject): InstanceConfig {
  const sockets = { daemon: join(dir, "d.sock"), ctx: join(dir, "no-ctx.sock"), rtr: join(dir, "r.sock"), exc: join(dir, "e.sock") };
  return { configPath: undefined, runtimeDir: dir, sockets, databasePath: join(dir, "db"), agentsDir: join(dir, "agents"),
    maxFrameBytes: 16 * 1024 * 1024, idleTimeoutMs: 30_000, defaults: { exec } };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const base = mkdtempSync(join(tmpdir(), "zx-bench-"));
  const workRoot = mkdtempSync(join(tmpdir(), "zx-bench-runs-"));
  chmodSync(workRoot, 0o711);
  // static analysis off: the figure is the sandbox, not shellcheck
  const modes = {
    unsandboxed: { sandbox: "none", allow_unsandboxed: true, static_analysis: "off" },
    sandboxed: { sandbox: "bwrap", static_analysis: "off" },
  } satisfies Record<string, JsonObject>;
  const services = Object.entries(modes).map(([name, exec]) => {
    const dir = mkdtempSync(join(base, `${name.slice(0, 2)}-`));
    const instance = instanceFor(dir, exec);
    return { name, socket: instance.sockets.exc, service: createExcService({ instance, logger: silentLogger(), env: {}, options: { workRoot } }) };
  });
  const samples = new Map<string, number[]>(services.map((s) => [s.name, []]));
  try {
    for (const s of services) await s.service.start();
    const once = async (socket: string) => {
      const started = performance.now();
      const frame = await requestOne(socket, { message: { name: "execute_bash", arguments: { code: "echo hi" } }, ctxkey: "bench" });
      const ms = performance.now() - started;
      if (frame.exit_code !== 0 || frame.stdout !== "hi\n") throw new Error(`unexpected result: ${JSON.stringify(frame)}`);
      return ms;
    };
    for (let i = 0; i < WARMUP; i += 1) for (const s of services) await once(s.socket);
    // Interleaved, so that both modes see the same machine load.
    for (let i = 0; i < iterations; i += 1) for (const s of services) samples.get(s.name)!.push(await once(s.socket));
  } finally {
    for (const s of services) await s.service.close();
    rmSync(base, { recursive: true, force: true });
    rmSync(workRoot, { recursive: true, force: true });
  }
  const stats = (name: string) => {
    const values = [...samples.get(name)!].sort((a, b) => a - b);
    const total = values.reduce((sum, v) => sum + v, 0);
    return { perSecond: (values.length * 1000) / total, p50: percentile(values, 50), p95: percentile(values, 95) };
  };
  const none = stats("unsandboxed");
  const bwrap = stats("sandboxed");
  const line = (name: string, s: ReturnType<typeof stats>) =>
    `${name.padEnd(12)} ${s.perSecond.toFixed(1).padStart(7)} exec/s   p50 ${s.p50.toFixed(2)} ms   p95 ${s.p95.toFixed(2)} ms`;
  process.stdout.write(`zino-exec: trivial bash tool through zino-exc, ${iterations} executions per mode (sequential, interleaved)\n`);
  process.stdout.write(`${line("unsandboxed", none)}   (baseline)\n`);
  process.stdout.write(`${line("sandboxed", bwrap)}\n`);
  process.stdout.write(`ratio sandboxed/unsandboxed throughput: ${(bwrap.perSecond / none.perSecond).toFixed(2)}x\n`);
  process.stdout.write(`sandbox overhead per execution at p50: ${(bwrap.p50 - none.p50).toFixed(2)} ms\n`);
}

await main();
