// ZINO in one process against four (issue 14): zino-host (src/zino/runtime/run-host.ts, the four services in one
// process, ctx and rtr each in a worker thread) measured against the four service processes, both from the same build, against
// one fake provider, in interleaved rounds. Per round and stack: BENCH_SECONDS of 32 concurrent clients, then turns/s,
// the services' CPU per turn, and the memory right after that load: RSS and PSS of the service processes, RSS with
// their child processes (zino-exc's launcher and warm sandbox), and their resident pages counted once, with and
// without the children (what they take from the machine: summed RSS counts the node binary's ~33 MiB of resident
// pages once per process; "not measured", with the reason, unless run as root: proc-stats.ts residentUnionMiB).
// Figures are median [min–max] over BENCH_ROUNDS rounds,
// the ratio one process / four processes. Target (issue 14): all services together under 200 MiB after the load.
// Run: `BENCH_ONLY=zino-one-process npm run bench`, or `node --import tsx bench/zino-one-process.ts` (BENCH_DIST=1:
// from dist/).
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ServiceName } from "../src/zino/config/index.js";
import {
  REPO_ROOT,
  startZinoHost,
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../harness/zino-processes.js";
import { ROUNDS, figureTable, interleavedRounds, limitVerdict, loadAverageLine, spread, type FigureRow } from "./latency-stats.js";
import { cpuMsOf, memoryOf, residentUnionUnavailable } from "./proc-stats.js";
import { measure, startProviderProcess, zinoTurn } from "./zino-turns.js";

const fromDist = process.env.BENCH_DIST === "1";
const seconds = Number(process.env.BENCH_SECONDS ?? "5");
const CLIENTS = 32;
const NAMES: ServiceName[] = ["ctx", "rtr", "exc", "daemon"];
const print = (line: string) => process.stdout.write(`${line}\n`);

interface Stack {
  instance: TempInstance;
  processes: ZinoProcess[];
}

interface Sample {
  turnsPerSecond: number;
  cpuPerTurnMs: number;
  rss: number;
  pss: number;
  rssWithChildren: number;
  /** Resident pages of the services counted once (proc-stats.ts residentUnionMiB); NaN without root. */
  union: number;
  unionWithChildren: number;
  errors: number;
}

async function startStack(providerUrl: string, oneProcess: boolean): Promise<Stack> {
  const instance = writeTempInstance({ providerUrl });
  const processes = oneProcess
    ? [await startZinoHost(instance, NAMES, { fromDist })]
    : await startZinoServices(instance, NAMES, { fromDist });
  return { instance, processes };
}

/** One round on one stack: the load, then its CPU and memory figures. */
async function sample(stack: Stack, round: number, seconds: number): Promise<Sample> {
  const pids = stack.processes.map((p) => p.child.pid!);
  const counter = { turns: 0, keys: new Set<string>() };
  const before = cpuMsOf(pids);
  const load = await measure(
    zinoTurn(stack.instance.sockets.daemon, (c) => `bench-${round}-${c}`, counter),
    CLIENTS,
    seconds,
  );
  const cpuSpent = cpuMsOf(pids) - before;
  const { rss, pss, rssWithChildren, union, unionWithChildren } = memoryOf(pids);
  return {
    turnsPerSecond: load.turnsPerSecond,
    cpuPerTurnMs: cpuSpent / Math.max(1, load.turns),
    rss,
    pss,
    rssWithChildren,
    union,
    unionWithChildren,
    errors: load.errors,
  };
}

async function main(): Promise<boolean> {
  if (fromDist && !existsSync(join(REPO_ROOT, "dist", "src", "zino", "host", "main.js")))
    throw new Error("BENCH_DIST=1 needs `npm run build`");
  const provider = await startProviderProcess();
  const stacks: Stack[] = [];
  try {
    const four = await startStack(provider.url, false);
    stacks.push(four);
    const one = await startStack(provider.url, true);
    stacks.push(one);
    print(
      `zino-one-process: zino-host against the 4 service processes, from ${fromDist ? "dist/" : "sources via tsx"}; ${ROUNDS} interleaved rounds ` +
        `of ${seconds} s at ${CLIENTS} clients; ${loadAverageLine()}`,
    );
    // Warm-up, untimed: both stacks' JIT and caches, and exc's warm sandbox, before the first round.
    await sample(four, -1, 2);
    await sample(one, -1, 2);
    const results = await interleavedRounds({ four: (round) => sample(four, round, seconds), one: (round) => sample(one, round, seconds) });
    const of = (name: "four" | "one", pick: (s: Sample) => number) => spread(results[name]!.map(pick));
    const row = (figure: string, unit: string, pick: (s: Sample) => number): FigureRow => ({
      figure,
      unit,
      subject: of("one", pick),
      baseline: of("four", pick),
    });
    print(
      figureTable(
        [
          row(`${CLIENTS} clients: turns/s`, "/s", (s) => s.turnsPerSecond),
          row("CPU of the services per turn", "ms", (s) => s.cpuPerTurnMs),
          row("RSS of the services after the load", "MiB", (s) => s.rss),
          row("  with their child processes", "MiB", (s) => s.rssWithChildren),
          row("PSS of the services after the load", "MiB", (s) => s.pss),
          row("resident pages counted once", "MiB", (s) => s.union),
          row("  with their child processes", "MiB", (s) => s.unionWithChildren),
        ],
        { subject: "one process", baseline: "four processes" },
      ),
    );
    // The target counted two ways: what the services take from the machine (each resident page once), and summed RSS
    // (which counts the node binary's pages once per process, the launcher's too).
    const verdict = (pick: (s: Sample) => number) =>
      (["one", "four"] as const)
        .map((name) => `${limitVerdict(of(name, pick).median, 200, true)} in ${name === "one" ? "one process" : "four"}`)
        .join(", ");
    print(
      `target (all services under 200 MiB after the load, child processes included), each resident page counted once: ${verdict((s) => s.unionWithChildren)}`,
    );
    const unionUnavailable = residentUnionUnavailable();
    if (unionUnavailable) print(`  resident pages counted once: not measured (${unionUnavailable})`);
    print(`the same target by summed RSS: ${verdict((s) => s.rssWithChildren)}`);
    const errors = [...results.four!, ...results.one!].reduce((sum, s) => sum + s.errors, 0);
    if (errors > 0) print(`errors: ${errors} failed turns`);
    return errors === 0;
  } finally {
    for (const stack of stacks) {
      await stopZinoServices(stack.processes);
      stack.instance.cleanup();
    }
    provider.child.stdin?.end();
  }
}

process.exit((await main()) ? 0 : 1);
