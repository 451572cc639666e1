// ZINO turn benchmark: real ctx, rtr, (exc,) daemon processes against the fake provider (echo reply), measured
// against a same-run baseline of clients calling the fake provider directly over HTTP streaming.
// Figures: first chunk and done latency (p50/p99) with 1 client and with 32 concurrent clients, turns/s, service CPU
// per turn at 32 clients, and the memory (RSS, PSS) of each service after that load with their sum (baseline: an
// idle bare `node` process); each from BENCH_ROUNDS interleaved rounds (direct and ZINO alternating), printed as
// median [min–max]. Every ZINO turn must leave its user message and answer in ctx's history.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { requestAll, requestFrames, requestOne, type Frame } from "../src/wire/index.js";
import type { ServiceName } from "../src/zino/config/index.js";
import {
  REPO_ROOT,
  TSX_LOADER,
  startZinoHost,
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../harness/zino-processes.js";
import {
  ROUNDS,
  figureTable,
  formatSpread,
  loadAverageLine,
  percentile,
  spread,
  summarize,
  type FigureRow,
  type LatencySummary,
} from "./latency-stats.js";
import { cpuMs, memoryMiB, type Memory } from "./proc-stats.js";

export interface TurnsBenchOptions {
  secondsPerMeasurement: number;
  clients: number;
  warmupSeconds: number;
  print: (line: string) => void;
  /** Services from the compiled dist/ (production-like) instead of TypeScript sources through tsx. */
  fromDist?: boolean;
}

export type Turn = (client: number) => Promise<{ firstChunkMs: number; doneMs: number } | undefined>;

const MESSAGE = "hello benchmark";

export async function measure(turn: Turn, clients: number, seconds: number): Promise<LatencySummary> {
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

/**
 * What a probe that counts only whole turns asks for: a turn runs degraded (without ctx, or without exc's tools) when
 * it reaches the daemon before they listen, and says so only in `status` frames, which the daemon sends to a client
 * that asks for every event. A basic client sees just `done` (with `stored: false` when ctx was not there).
 */
export const EVERY_EVENT = { events: "all" } as const;

/**
 * Whether a daemon frame says the turn runs degraded (a service missing: docs/zino-protocol.md, `status` `degraded`),
 * e.g. a turn that reached the daemon before ctx listened. Such a turn is answered without history or configuration:
 * no figure counts it as a turn done.
 */
export function isDegradedStatus(frame: Frame): boolean {
  return frame.type === "status" && frame.phase === "degraded";
}

/**
 * Why a tool mode cannot be measured here, or undefined: exc's capabilities for its ctxkey show another isolation than
 * the mode's (e.g. `refused` where bubblewrap does not run). Such a tool call is answered at once with an error, and
 * timing it would flatter us.
 */
export async function toolModeProblem(excSocket: string, ctxkey: string, isolation: string): Promise<string | undefined> {
  const caps = await requestOne(excSocket, { type: "capabilities", ctxkey });
  if (caps.isolation === isolation) return undefined;
  const problem = typeof caps.sandbox_problem === "string" ? `: ${caps.sandbox_problem}` : "";
  return `exc gives isolation ${JSON.stringify(caps.isolation)}, not ${JSON.stringify(isolation)}${problem}`;
}

export function zinoTurn(socketPath: string, ctxkeyOf: (client: number) => string, counter: { turns: number; keys: Set<string> }): Turn {
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
      if (frame.type === "error" || isDegradedStatus(frame)) return undefined;
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

export async function startProviderProcess(reply: "bench" | "side-by-side" = "bench"): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, join(REPO_ROOT, "bench", "fake-provider-process.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, BENCH_PROVIDER_REPLY: reply },
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

/** The stack of four service processes, or with `oneProcess` the four services in one zino-host (one entry in `services`). */
export async function startBenchStack(options: { fromDist?: boolean; oneProcess?: boolean }): Promise<BenchStack> {
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
    services = options.oneProcess
      ? [await startZinoHost(instance, names, { fromDist })]
      : await startZinoServices(instance, names, { fromDist });
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

/** One round of the turn benchmark: the direct baseline and ZINO, at `clients` and at 1 client. */
interface RoundResult {
  directPar: LatencySummary;
  zinoPar: LatencySummary;
  directSeq: LatencySummary;
  zinoSeq: LatencySummary;
  /** Service CPU (user + system) per ZINO turn at `clients`, ms, by service (in `names` order). */
  cpuPerTurn?: number[];
  /** Memory of each service after the round's load (in `names` order), and of the idle bare Node baseline. */
  memory?: (Memory | undefined)[];
  bareMemory?: Memory;
}

/** The script of an empty `node`: it says "up" on stdout once running, then waits (bench/zino-python.ts reads the line). */
export const EMPTY_NODE_SCRIPT = "console.log('up'); setInterval(() => {}, 1 << 30);";

/** An idle `node` process: the memory baseline (what any Node service holds before its own code). */
function startBareNode(): ChildProcess {
  return spawn(process.execPath, ["-e", EMPTY_NODE_SCRIPT], { stdio: "ignore" });
}

export async function runZinoTurnsBench(options: TurnsBenchOptions): Promise<{ ok: boolean }> {
  const { print } = options;
  const fromDist = options.fromDist === true;
  const stack = await startBenchStack({ fromDist });
  const { provider, instance, names, services } = stack;
  const bare = startBareNode();
  try {
    const counter = { turns: 0, keys: new Set<string>() };
    const direct = directTurn(provider.url);
    const zino = (prefix: string) => zinoTurn(instance.sockets.daemon, (client) => `bench-${prefix}-${client}`, counter);
    print(
      `zino-turns: services ${names.join(", ")} (real processes from ${fromDist ? "dist/" : "sources via tsx"}), fake provider in its own process; ` +
        `${ROUNDS} interleaved rounds of ${options.secondsPerMeasurement} s per measurement, ${options.clients} concurrent clients; ${loadAverageLine()}`,
    );
    await measure(direct, options.clients, options.warmupSeconds);
    await measure(zino("warmup"), options.clients, options.warmupSeconds);
    const rounds: RoundResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Concurrent phases first: they also keep the services' JIT warm before the latency-sensitive 1-client runs.
      const directPar = await measure(direct, options.clients, options.secondsPerMeasurement);
      const cpuBefore = services.map((p) => cpuMs(p.child.pid));
      const zinoPar = await measure(zino("par"), options.clients, options.secondsPerMeasurement);
      const cpuAfter = services.map((p) => cpuMs(p.child.pid));
      const memory = services.map((p) => memoryMiB(p.child.pid));
      const directSeq = await measure(direct, 1, options.secondsPerMeasurement);
      const zinoSeq = await measure(zino("seq"), 1, options.secondsPerMeasurement);
      const cpuPerTurn =
        zinoPar.turns > 0 && cpuBefore.every((v) => v !== undefined) && cpuAfter.every((v) => v !== undefined)
          ? cpuAfter.map((after, i) => (after - cpuBefore[i]!) / zinoPar.turns)
          : undefined;
      rounds.push({ directPar, zinoPar, directSeq, zinoSeq, cpuPerTurn, memory, bareMemory: memoryMiB(bare.pid) });
    }
    printTurnFigures(rounds, options.clients, names, print);
    const errors = rounds.reduce((sum, r) => sum + r.zinoSeq.errors + r.zinoPar.errors + r.directSeq.errors + r.directPar.errors, 0);
    if (errors > 0) print(`errors: ${errors} failed turns`);
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
    bare.kill();
    await stack.stop();
  }
}

function printTurnFigures(
  rounds: readonly RoundResult[],
  clients: number,
  names: readonly ServiceName[],
  print: (line: string) => void,
): void {
  const of = (pick: (r: RoundResult) => number) => spread(rounds.map(pick));
  const row = (figure: string, unit: string, zino: (r: RoundResult) => number, direct: (r: RoundResult) => number): FigureRow => ({
    figure,
    unit,
    subject: of(zino),
    baseline: of(direct),
  });
  print(
    figureTable(
      [
        row(
          "1 client: first chunk p50",
          "ms",
          (r) => r.zinoSeq.firstChunkP50,
          (r) => r.directSeq.firstChunkP50,
        ),
        row(
          "1 client: first chunk p99",
          "ms",
          (r) => r.zinoSeq.firstChunkP99,
          (r) => r.directSeq.firstChunkP99,
        ),
        row(
          "1 client: done p50",
          "ms",
          (r) => r.zinoSeq.doneP50,
          (r) => r.directSeq.doneP50,
        ),
        row(
          "1 client: done p99",
          "ms",
          (r) => r.zinoSeq.doneP99,
          (r) => r.directSeq.doneP99,
        ),
        row(
          "1 client: turns/s",
          "/s",
          (r) => r.zinoSeq.turnsPerSecond,
          (r) => r.directSeq.turnsPerSecond,
        ),
        row(
          `${clients} clients: first chunk p50`,
          "ms",
          (r) => r.zinoPar.firstChunkP50,
          (r) => r.directPar.firstChunkP50,
        ),
        row(
          `${clients} clients: done p50`,
          "ms",
          (r) => r.zinoPar.doneP50,
          (r) => r.directPar.doneP50,
        ),
        row(
          `${clients} clients: done p99`,
          "ms",
          (r) => r.zinoPar.doneP99,
          (r) => r.directPar.doneP99,
        ),
        row(
          `${clients} clients: turns/s`,
          "/s",
          (r) => r.zinoPar.turnsPerSecond,
          (r) => r.directPar.turnsPerSecond,
        ),
      ],
      { subject: "zino", baseline: "direct" },
    ),
  );
  const addedFirst = of((r) => r.zinoSeq.firstChunkP50 - r.directSeq.firstChunkP50);
  const addedDone = of((r) => r.zinoSeq.doneP50 - r.directSeq.doneP50);
  print(
    `added latency at p50 (1 client, per round against its own baseline): first chunk +${formatSpread(addedFirst, "ms")}, ` +
      `done +${formatSpread(addedDone, "ms")} (target ≤ 1.5 ms: ${addedFirst.median <= 1.5 ? "met" : "missed"})`,
  );
  const tps = of((r) => r.zinoPar.turnsPerSecond);
  print(
    `throughput at ${clients} clients: ${formatSpread(tps, "turns/s")} through ZINO (target ≥ 900: ${tps.median >= 900 ? "met" : "missed"})`,
  );
  if (rounds.every((r) => r.cpuPerTurn)) {
    const perService = names.map(
      (name, i) =>
        `${name} ${formatSpread(
          of((r) => r.cpuPerTurn![i]!),
          "ms",
        )}`,
    );
    const total = of((r) => r.cpuPerTurn!.reduce((a, b) => a + b, 0));
    print(`service CPU per turn at ${clients} clients (user+system, /proc): total ${formatSpread(total, "ms")}; ${perService.join(", ")}`);
  }
  if (rounds.every((r) => r.memory?.every((m) => m !== undefined) && r.bareMemory)) {
    const mem = (pick: (m: Memory) => number) => {
      const perService = names.map(
        (name, i) =>
          `${name} ${formatSpread(
            of((r) => pick(r.memory![i]!)),
            "MiB",
            1,
          )}`,
      );
      const total = of((r) => r.memory!.reduce((sum, m) => sum + pick(m!), 0));
      const bareOne = of((r) => pick(r.bareMemory!));
      return (
        `total ${formatSpread(total, "MiB", 1)} (target < 200 MiB: ${total.median < 200 ? "met" : "missed"}; ` +
        `${(total.median / bareOne.median).toFixed(2)}x one idle bare node process, ${formatSpread(bareOne, "MiB", 1)}); ${perService.join(", ")}`
      );
    };
    print(`memory of the services after the ${clients}-client load, RSS: ${mem((m) => m.rss)}`);
    print(`memory of the services after the ${clients}-client load, PSS: ${mem((m) => m.pss)}`);
  } else print("memory after load: n/a (no /proc)");
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
