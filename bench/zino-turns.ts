// ZINO turn benchmark: real ctx, rtr, (exc,) daemon processes against the fake provider (echo reply), measured
// against a same-run baseline of clients calling the fake provider directly over HTTP streaming.
// Figures: first chunk and done latency (p50/p99) with 1 client and with 32 concurrent clients, and turns/s at
// 32 clients; every ZINO turn must leave its user message and answer in ctx's history.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { requestAll, requestFrames, requestOne, type Frame } from "../src/wire/index.js";
import type { ServiceName } from "../src/zino/config/index.js";
import {
  REPO_ROOT,
  TSX_LOADER,
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../harness/zino-processes.js";
import { percentile, summarize, type LatencySummary } from "./latency-stats.js";

export interface TurnsBenchOptions {
  secondsPerMeasurement: number;
  clients: number;
  warmupSeconds: number;
  print: (line: string) => void;
  /** Services from the compiled dist/ (production-like) instead of TypeScript sources through tsx. */
  fromDist?: boolean;
}

type Turn = (client: number) => Promise<{ firstChunkMs: number; doneMs: number } | undefined>;

const MESSAGE = "hello benchmark";

async function measure(turn: Turn, clients: number, seconds: number): Promise<LatencySummary> {
  const firstChunkMs: number[] = [];
  const doneMs: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const result = await turn(client);
        if (!result) errors += 1;
        else {
          firstChunkMs.push(result.firstChunkMs);
          doneMs.push(result.doneMs);
        }
      }
    }),
  );
  return summarize({ firstChunkMs, doneMs, errors, seconds: (performance.now() - started) / 1000 });
}

function zinoTurn(socketPath: string, ctxkeyOf: (client: number) => string, counter: { turns: number; keys: Set<string> }): Turn {
  return async (client) => {
    const ctxkey = ctxkeyOf(client);
    counter.keys.add(ctxkey);
    const t0 = performance.now();
    let first: number | undefined;
    for await (const frame of requestFrames(socketPath, { message: MESSAGE, ctxkey })) {
      if (frame.type === "chunk" && first === undefined) first = performance.now() - t0;
      if (frame.type === "done") {
        counter.turns += 1;
        const done = performance.now() - t0;
        return { firstChunkMs: first ?? done, doneMs: done };
      }
      if (frame.type === "error") return undefined;
    }
    return undefined;
  };
}

function directTurn(providerUrl: string): Turn {
  const body = JSON.stringify({ model: "fake-model", stream: true, messages: [{ role: "user", content: MESSAGE }] });
  return async () => {
    const t0 = performance.now();
    const response = await fetch(`${providerUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
      body,
    });
    if (!response.ok || !response.body) return undefined;
    const decoder = new TextDecoder();
    let buffer = "";
    let first: number | undefined;
    for await (const bytes of response.body) {
      buffer += decoder.decode(bytes as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event.startsWith("data: ") ? event.slice(6) : "";
        if (data === "[DONE]") {
          const done = performance.now() - t0;
          return { firstChunkMs: first ?? done, doneMs: done };
        }
        if (first === undefined && /"content":"[^"]/.test(data)) first = performance.now() - t0;
      }
    }
    return undefined;
  };
}

export async function startProviderProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, join(REPO_ROOT, "bench", "fake-provider-process.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    lines.close();
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed === "object" && parsed !== null && typeof (parsed as { url?: unknown }).url === "string") {
      return { url: (parsed as { url: string }).url, child };
    }
    break;
  }
  child.kill();
  throw new Error("the fake provider process did not print its URL");
}

/** The benchmark stack: the fake provider in its own process and the real ZINO services against it. */
export interface BenchStack {
  provider: { url: string; child: ChildProcess };
  instance: TempInstance;
  names: ServiceName[];
  services: ZinoProcess[];
  stop(): Promise<void>;
}

export async function startBenchStack(options: { fromDist?: boolean }): Promise<BenchStack> {
  const fromDist = options.fromDist === true;
  if (fromDist && !existsSync(join(REPO_ROOT, "dist", "src", "zino", "daemon", "main.js")))
    throw new Error("BENCH_DIST=1 needs `npm run build` first");
  const provider = await startProviderProcess();
  const instance = writeTempInstance({ providerUrl: provider.url });
  const names: ServiceName[] = ["ctx", "rtr"];
  if (existsSync(join(REPO_ROOT, "src", "zino", "exc", "main.ts"))) names.push("exc");
  names.push("daemon");
  const stopProvider = () => {
    provider.child.stdin?.end();
    instance.cleanup();
  };
  let services: ZinoProcess[];
  try {
    services = await startZinoServices(instance, names, { fromDist });
  } catch (err) {
    stopProvider();
    throw err;
  }
  return {
    provider,
    instance,
    names,
    services,
    async stop() {
      await stopZinoServices(services);
      stopProvider();
    },
  };
}

export async function runZinoTurnsBench(options: TurnsBenchOptions): Promise<{ ok: boolean }> {
  const { print } = options;
  const fromDist = options.fromDist === true;
  const stack = await startBenchStack({ fromDist });
  const { provider, instance, names, services } = stack;
  try {
    const counter = { turns: 0, keys: new Set<string>() };
    const direct = directTurn(provider.url);
    const zino = (prefix: string) => zinoTurn(instance.sockets.daemon, (client) => `bench-${prefix}-${client}`, counter);
    print(
      `zino-turns: services ${names.join(", ")} (real processes from ${fromDist ? "dist/" : "sources via tsx"}), fake provider in its own process; ` +
        `${options.secondsPerMeasurement} s per measurement, ${options.clients} concurrent clients`,
    );
    await measure(direct, options.clients, options.warmupSeconds);
    await measure(zino("warmup"), options.clients, options.warmupSeconds);
    // Concurrent phases first: they also finish warming the services' JIT before the latency-sensitive 1-client runs.
    const directPar = await measure(direct, options.clients, options.secondsPerMeasurement);
    const cpuBefore = cpuTimes(services);
    const zinoPar = await measure(zino("par"), options.clients, options.secondsPerMeasurement);
    const cpuAfter = cpuTimes(services);
    const directSeq = await measure(direct, 1, options.secondsPerMeasurement);
    const zinoSeq = await measure(zino("seq"), 1, options.secondsPerMeasurement);

    print(
      table([
        ["1 client: first chunk p50", zinoSeq.firstChunkP50, directSeq.firstChunkP50, "ms"],
        ["1 client: first chunk p99", zinoSeq.firstChunkP99, directSeq.firstChunkP99, "ms"],
        ["1 client: done p50", zinoSeq.doneP50, directSeq.doneP50, "ms"],
        ["1 client: done p99", zinoSeq.doneP99, directSeq.doneP99, "ms"],
        ["1 client: turns/s", zinoSeq.turnsPerSecond, directSeq.turnsPerSecond, "/s"],
        [`${options.clients} clients: first chunk p50`, zinoPar.firstChunkP50, directPar.firstChunkP50, "ms"],
        [`${options.clients} clients: first chunk p99`, zinoPar.firstChunkP99, directPar.firstChunkP99, "ms"],
        [`${options.clients} clients: done p50`, zinoPar.doneP50, directPar.doneP50, "ms"],
        [`${options.clients} clients: done p99`, zinoPar.doneP99, directPar.doneP99, "ms"],
        [`${options.clients} clients: turns/s`, zinoPar.turnsPerSecond, directPar.turnsPerSecond, "/s"],
      ]),
    );
    const addedFirst = zinoSeq.firstChunkP50 - directSeq.firstChunkP50;
    const addedDone = zinoSeq.doneP50 - directSeq.doneP50;
    print(
      `added latency at p50 (1 client): first chunk +${addedFirst.toFixed(2)} ms, done +${addedDone.toFixed(2)} ms (target ≤ 1.5 ms: ${addedFirst <= 1.5 ? "met" : "missed"})`,
    );
    print(
      `added latency at p50 (${options.clients} clients): first chunk +${(zinoPar.firstChunkP50 - directPar.firstChunkP50).toFixed(2)} ms, ` +
        `done +${(zinoPar.doneP50 - directPar.doneP50).toFixed(2)} ms`,
    );
    print(
      `throughput at ${options.clients} clients: ${zinoPar.turnsPerSecond.toFixed(0)} turns/s through ZINO ` +
        `(target ≥ 900: ${zinoPar.turnsPerSecond >= 900 ? "met" : "missed"}), ` +
        `${directPar.turnsPerSecond.toFixed(0)} direct`,
    );
    const errors = zinoSeq.errors + zinoPar.errors + directSeq.errors + directPar.errors;
    if (errors > 0)
      print(`errors: ${errors} failed turns (zino ${zinoSeq.errors + zinoPar.errors}, direct ${directSeq.errors + directPar.errors})`);

    if (cpuBefore && cpuAfter && zinoPar.turns > 0) {
      const perTurn = services.map((p, i) => `${p.name} ${((cpuAfter[i]! - cpuBefore[i]!) / zinoPar.turns).toFixed(2)} ms`);
      print(`CPU per turn at ${options.clients} clients (user+system, from /proc): ${perTurn.join(", ")}`);
    }
    print(await stageBreakdown(instance.sockets, names));

    let stored = 0;
    for (const ctxkey of counter.keys) {
      const answer = await requestOne(instance.sockets.ctx, { type: "get_history", ctxkey, message: null });
      stored += Array.isArray(answer.messages) ? answer.messages.length : 0;
    }
    const historyOk = stored === counter.turns * 2;
    print(
      `history: ${stored} messages stored in ctx for ${counter.turns} completed ZINO turns across ${counter.keys.size} ctxkeys ` +
        `(expected ${counter.turns * 2}: user + answer per turn) ${historyOk ? "OK" : "MISMATCH"}`,
    );
    return { ok: historyOk && errors === 0 };
  } finally {
    await stack.stop();
  }
}

/** Where a turn's time goes: each hop of docs/zino-protocol.md §1 timed alone, sequentially (p50 over `count` requests). */
async function stageBreakdown(sockets: Record<ServiceName, string>, names: readonly ServiceName[], count = 200): Promise<string> {
  const stages: [string, ServiceName, Frame][] = [
    ["ping daemon (wire floor)", "daemon", { type: "ping" }],
    ["ctx build messages", "ctx", { message: MESSAGE, ctxkey: "bench-stage" }],
    ["ctx get_config", "ctx", { type: "get_config", ctxkey: "bench-stage", secrets: true }],
    ["rtr ready", "rtr", { message: null, ctxkey: "bench-stage" }],
    ["exc ready", "exc", { message: null, ctxkey: "bench-stage" }],
    ["rtr stream (provider call)", "rtr", { message: [{ role: "user", content: MESSAGE }], ctxkey: "bench-stage" }],
    [
      "ctx append_history",
      "ctx",
      {
        type: "append_history",
        ctxkey: "bench-stage-append",
        messages: [
          { role: "user", content: MESSAGE },
          { role: "assistant", content: `echo: ${MESSAGE}` },
        ],
      },
    ],
    ["daemon whole turn", "daemon", { message: MESSAGE, ctxkey: "bench-stage-turn" }],
  ];
  const lines = ["stage breakdown (1 client, sequential):"];
  for (const [label, service, frame] of stages) {
    if (!names.includes(service)) continue;
    const samples: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const t0 = performance.now();
      await requestAll(sockets[service], frame);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    lines.push(`  ${label.padEnd(28)} p50 ${percentile(samples, 50).toFixed(2)} ms  p99 ${percentile(samples, 99).toFixed(2)} ms`);
  }
  return lines.join("\n");
}

/** CPU time (user + system, ms) consumed so far by each service process; undefined without /proc. */
function cpuTimes(processes: readonly ZinoProcess[]): number[] | undefined {
  const tickMs = 10; // USER_HZ is 100 on Linux
  try {
    return processes.map((p) => {
      const stat = readFileSync(`/proc/${p.child.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) * tickMs;
    });
  } catch {
    return undefined;
  }
}

function table(rows: [string, number, number, string][]): string {
  const lines = [`${"figure".padEnd(30)} ${"zino".padStart(10)} ${"direct".padStart(10)} ${"ratio".padStart(8)}`];
  for (const [name, zino, direct, unit] of rows) {
    const fmt = (v: number) => (unit === "ms" ? `${v.toFixed(2)} ms` : `${v.toFixed(0)}${unit}`);
    lines.push(`${name.padEnd(30)} ${fmt(zino).padStart(10)} ${fmt(direct).padStart(10)} ${`${(zino / direct).toFixed(2)}x`.padStart(8)}`);
  }
  return lines.join("\n");
}
