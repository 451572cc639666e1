// Benchmark: executions per second of a trivial bash tool through zino-exc (real zino-ctx and zino-exc processes,
// real sockets, real sandboxes), sandboxed (bubblewrap) against unsandboxed, with the per-execution sandbox
// overhead at p50.
// Each isolation runs on two exc processes: one with every sandbox started on demand ("cold",
// ZINO_EXC_WARM_SANDBOXES=0: the sandbox's own cost, compared against the cold unsandboxed baseline), and one as
// shipped, where a warm sandbox is started after each execution for the next one ("warm": what a tool call waits
// for when calls are not back to back). The four modes are interleaved call by call, each call after 10 ms of idle
// time (a model call's worth, during which a warm sandbox gets built), so that all modes see the same machine load.
// Besides latency: what each execution costs the whole machine in CPU (the sandbox's processes and the kernel's work
// for them included), since a warm sandbox takes the sandbox off the call's path but not off the machine.
// A third exc, as shipped but with Node's spawn (ZINO_NATIVE_SPAWN=0), measures what the native spawn saves.
// Run: node --import tsx bench/zino-exec.ts [iterations]   (BENCH_DIST=1: services from dist/; ZX_GAP_MS: the idle time
// before each call, 10 by default: on this VM a longer idle makes every call slower, e.g. warm unsandboxed 6.4 ms at 10
// and 9.2 ms at 150, the wake-up of idle processes and cores)
import { performance } from "node:perf_hooks";
import { requestOne } from "../src/wire/index.js";
import type { JsonObject } from "../src/zino/config/index.js";
import { startZinoServices, stopZinoServices, writeTempInstance, type TempInstance, type ZinoProcess } from "../harness/zino-processes.js";
import { ROUNDS, formatRatio, formatSpread, loadAverageLine, percentile, spread } from "./latency-stats.js";
import { nativeSpawnUnavailable } from "../src/zino/exc/native-spawn.js";
import { machineBusyMs } from "./proc-stats.js";

const iterations = Number(process.argv[2] ?? process.env.ZX_BENCH_N ?? 150);
const WARMUP = 10;
/** Idle time before each call (not measured). */
const GAP_MS = Number(process.env.ZX_GAP_MS ?? 10);
const CODE = "echo hi";

const EXEC: Record<string, JsonObject> = {
  unsandboxed: { sandbox: "none", allow_unsandboxed: true, static_analysis: "off" },
  sandboxed: { sandbox: "bwrap", static_analysis: "off" },
};

interface Mode {
  name: string;
  socket: string;
  ctxkey: string;
}

async function startExcStack(warm: boolean, nodeSpawn = false): Promise<{ instance: TempInstance; services: ZinoProcess[] }> {
  // exc never calls the model; the provider URL is never used.
  const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1" });
  try {
    const services = await startZinoServices(instance, ["ctx", "exc"], {
      env: { ZINO_EXC_WARM_SANDBOXES: warm ? "1" : "0", ...(nodeSpawn ? { ZINO_NATIVE_SPAWN: "0" } : {}) },
      fromDist: process.env.BENCH_DIST === "1",
    });
    for (const [ctxkey, exec] of Object.entries(EXEC)) {
      const answer = await requestOne(instance.sockets.ctx, { type: "set_config", ctxkey, config: { exec } });
      if (answer.type !== "ok") throw new Error(`ctx set_config ${ctxkey}: ${JSON.stringify(answer)}`);
    }
    return { instance, services };
  } catch (err) {
    instance.cleanup();
    throw err;
  }
}

async function main(): Promise<void> {
  const cold = await startExcStack(false);
  const stacks = [cold];
  const more = async (nodeSpawn: boolean) => {
    try {
      const stack = await startExcStack(true, nodeSpawn);
      stacks.push(stack);
      return stack;
    } catch (err) {
      for (const stack of stacks) {
        await stopZinoServices(stack.services);
        stack.instance.cleanup();
      }
      throw err;
    }
  };
  const warm = await more(false);
  // The same, starting its processes with Node's spawn (a fork each) instead of the native addon
  // (src/zino/exc/native-spawn.ts): what the addon saves.
  const forked = await more(true);
  const modes: Mode[] = [
    { name: "unsandboxed, cold", socket: cold.instance.sockets.exc, ctxkey: "unsandboxed" },
    { name: "sandboxed, cold", socket: cold.instance.sockets.exc, ctxkey: "sandboxed" },
    { name: "unsandboxed, warm", socket: warm.instance.sockets.exc, ctxkey: "unsandboxed" },
    { name: "sandboxed, warm", socket: warm.instance.sockets.exc, ctxkey: "sandboxed" },
    { name: "unsandboxed, fork", socket: forked.instance.sockets.exc, ctxkey: "unsandboxed" },
    { name: "sandboxed, fork", socket: forked.instance.sockets.exc, ctxkey: "sandboxed" },
  ];
  const samples = new Map<string, number[]>(modes.map((m) => [m.name, []]));
  // The machine's CPU per execution, all processes and the kernel: each call's share runs from its request to the next
  // call's, so that its cleanup and the making of the next warm sandbox (done in the idle time after it) count.
  const machineCpu = new Map<string, { ms: number; calls: number }>(modes.map((m) => [m.name, { ms: 0, calls: 0 }]));
  let previous: { mode: string; busyMs: number; recorded: boolean } | undefined;
  let recording = false;
  const machineMark = (mode: string | undefined) => {
    const busyMs = machineBusyMs();
    if (busyMs === undefined) return;
    if (previous?.recorded === true) {
      const share = machineCpu.get(previous.mode)!;
      share.ms += busyMs - previous.busyMs;
      share.calls += 1;
    }
    previous = mode === undefined ? undefined : { mode, busyMs, recorded: recording };
  };
  // The executions are cut into ROUNDS rounds (modes interleaved call by call within each): p50 per round.
  const perRound = new Map<string, number[][]>(modes.map((m) => [m.name, Array.from({ length: ROUNDS }, () => [] as number[])]));
  try {
    const once = async (mode: Mode) => {
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
      machineMark(mode.name);
      const started = performance.now();
      const frame = await requestOne(mode.socket, { message: { name: "execute_bash", arguments: { code: CODE } }, ctxkey: mode.ctxkey });
      const ms = performance.now() - started;
      const isolation = mode.ctxkey === "sandboxed" ? "bwrap" : "none";
      if (frame.exit_code !== 0 || frame.stdout !== "hi\n" || frame.isolation !== isolation)
        throw new Error(`${mode.name}: unexpected result ${JSON.stringify(frame)}`);
      return ms;
    };
    for (let i = 0; i < WARMUP; i += 1) for (const mode of modes) await once(mode);
    recording = true;
    for (let i = 0; i < iterations; i += 1) {
      const round = Math.min(ROUNDS - 1, Math.floor((i * ROUNDS) / iterations));
      for (const mode of modes) {
        const ms = await once(mode);
        samples.get(mode.name)!.push(ms);
        perRound.get(mode.name)![round]!.push(ms);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    machineMark(undefined);
  } finally {
    for (const stack of stacks) {
      await stopZinoServices(stack.services);
      stack.instance.cleanup();
    }
  }
  /** A mode's p50 in each round, in round order. */
  const roundP50s = (name: string) =>
    perRound.get(name)!.map((round) =>
      percentile(
        [...round].sort((a, b) => a - b),
        50,
      ),
    );
  const stats = (name: string) => {
    const values = [...samples.get(name)!].sort((a, b) => a - b);
    const total = values.reduce((sum, v) => sum + v, 0);
    const p50s = spread(roundP50s(name));
    return { perSecond: (values.length * 1000) / total, p50: p50s.median, p50s, p95: percentile(values, 95) };
  };
  const coldNone = stats("unsandboxed, cold");
  const coldBwrap = stats("sandboxed, cold");
  const warmNone = stats("unsandboxed, warm");
  const warmBwrap = stats("sandboxed, warm");
  const forkNone = stats("unsandboxed, fork");
  const forkBwrap = stats("sandboxed, fork");
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const noNativeSpawn = nativeSpawnUnavailable();
  const line = (name: string, s: ReturnType<typeof stats>) =>
    `${name.padEnd(18)} ${s.perSecond.toFixed(1).padStart(7)} exec/s   p50 ${formatSpread(s.p50s, "ms").padStart(24)}   p95 ${s.p95.toFixed(2).padStart(5)} ms   ` +
    `p50 ${formatRatio(s.p50s, coldNone.p50s)}`;
  print(
    `zino-exec: \`${CODE}\` through zino-exc processes (one with warm sandboxes off, one as shipped), ${iterations} executions per mode ` +
      `(sequential, interleaved, ${GAP_MS} ms idle before each; exec/s = 1000 / mean latency; p50: median [min–max] over ${ROUNDS} rounds; ` +
      `"fork": as shipped but with Node's spawn, ZINO_NATIVE_SPAWN=0${noNativeSpawn ? `; the native spawn is NOT in use here: ${noNativeSpawn}` : ""}); ` +
      loadAverageLine(),
  );
  print(`${line("unsandboxed, cold", coldNone)}   (baseline)`);
  print(line("sandboxed, cold", coldBwrap));
  print(line("unsandboxed, warm", warmNone));
  print(line("sandboxed, warm", warmBwrap));
  print(line("unsandboxed, fork", forkNone));
  print(line("sandboxed, fork", forkBwrap));
  const cpuOf = (name: string) => {
    const share = machineCpu.get(name)!;
    return share.calls > 0 ? share.ms / share.calls : Number.NaN;
  };
  print(
    `the machine's CPU per execution (all processes and the kernel, /proc/stat in 10 ms ticks; a call's share runs to the next call, ` +
      `its cleanup and its next warm sandbox included): ` +
      modes
        .map((m) => `${m.name} ${cpuOf(m.name).toFixed(1)} ms (${(cpuOf(m.name) / cpuOf("unsandboxed, cold")).toFixed(2)}x)`)
        .join(", ") +
      `; sandboxed − unsandboxed, cold: ${(cpuOf("sandboxed, cold") - cpuOf("unsandboxed, cold")).toFixed(1)} ms`,
  );
  print(
    `native spawn against Node's spawn, warm, p50: unsandboxed ${formatRatio(warmNone.p50s, forkNone.p50s)}, ` +
      `sandboxed ${formatRatio(warmBwrap.p50s, forkBwrap.p50s)}; the machine's CPU per execution: ` +
      `unsandboxed ${(cpuOf("unsandboxed, warm") - cpuOf("unsandboxed, fork")).toFixed(1)} ms, ` +
      `sandboxed ${(cpuOf("sandboxed, warm") - cpuOf("sandboxed, fork")).toFixed(1)} ms`,
  );
  print(`ratio sandboxed/unsandboxed throughput, cold: ${(coldBwrap.perSecond / coldNone.perSecond).toFixed(2)}x`);
  // Each round's difference, both modes measured in the same round: the machine's drift between rounds cancels out.
  const coldNoneRounds = roundP50s("unsandboxed, cold");
  const overhead = spread(roundP50s("sandboxed, cold").map((p50, round) => p50 - coldNoneRounds[round]!));
  print(
    `sandbox overhead per execution at p50, cold (sandboxed − unsandboxed, in each round): ${formatSpread(overhead, "ms")} ` +
      `(target < 8 ms: ${overhead.median < 8 ? "met" : "missed"})`,
  );
  print(
    `a sandboxed call in a warm sandbox at p50: ${warmBwrap.p50.toFixed(2)} ms, ${(coldBwrap.p50 - warmBwrap.p50).toFixed(2)} ms less than cold ` +
      "(the sandbox is built between calls: its CPU cost is unchanged, it is off the call's path)",
  );
}

await main();
