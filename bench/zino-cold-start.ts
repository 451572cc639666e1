// ZINO cold start: the time from starting the services (new instance: empty runtime dir and SQLite file) until
// the first turn through the daemon is done, against a same-run baseline, in interleaved rounds:
//   baseline          a bare `node` process that listens on a Unix socket and answers one frame (Node's own start)
//   services          ctx, rtr, exc and daemon spawned at once (as a service manager would), first turn retried
//                     every 5 ms until done
//   unbundled         (from dist/ with bundles only) the same from dist/src/zino/<svc>/main.js (ZINO_NO_BUNDLE=1)
//   no code cache     (from dist/ with bundles only) the same from the bundles, compiled without the code cache the
//                     build made for them (ZINO_NO_CODE_CACHE=1, scripts/bundle-loader.cjs)
//   bins              (from dist/ with bundles only) the four spawned at once from their bins (`zino-ctx` …) without
//                     the services' node flags and environment: node's defaults, as when started by hand
//   zino-host         the four in one process (src/zino/runtime/run-host.ts)
//   zino up           `zino up` in the foreground (the CLI starts the services), first turn retried the same way
//   zino --version    (from dist/ only) the CLI's own start, until it exits: from its bundle (dist/bundle/zino-cli.cjs)
//                     and with ZINO_NO_BUNDLE=1 (run-zino.js and its ~300 modules); every command pays it
//   first turn after  the four spawned at once, all answering `ping`, then IDLE_MS without a turn (a user arriving
//   an idle start     after `zino up`): the time of the first turn, with rtr's warm-up (src/zino/rtr/warm-up.ts)
//                     against ZINO_RTR_WARM_UP=0 as its own baseline
//   with a launcher   (where exc spawns through the native addon, which leaves its process launcher off) the four
//                     spawned at once with ZINO_EXC_LAUNCHER=1, as the baseline of "services": what the launcher's
//                     start would cost
// From dist/, "services" and "zino up" run the services' bundles (dist/bundle/zino-<svc>.cjs) when the build made them.
// The fake provider (bench/fake-provider-process.ts) is started once and stays warm; it is not part of the figure.
// Target (issue 14): first turn within 1 s of a cold start. Run: `BENCH_ONLY=zino-cold-start npm run bench`, or
// `node --import tsx bench/zino-cold-start.ts` (BENCH_DIST=1: from dist/).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { requestFrames, requestOne } from "../src/wire/index.js";
import type { ServiceName } from "../src/zino/config/index.js";
import { serviceMainFile } from "../src/zino/runtime/service-entry.js";
import {
  CLI_MAIN,
  REPO_ROOT,
  TSX_LOADER,
  spawnZinoService,
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
} from "../harness/zino-processes.js";
import { ROUNDS, figureTable, interleavedRounds, limitVerdict, loadAverageLine, spread, type FigureRow } from "./latency-stats.js";
import { EVERY_EVENT, isDegradedStatus, startProviderProcess } from "./zino-turns.js";
import { nativeSpawnUnavailable } from "../src/zino/exc/native-spawn.js";

const fromDist = process.env.BENCH_DIST === "1";
const TIMEOUT_MS = 60_000;
/** How long the services stand idle before the first turn of "first turn after an idle start". */
const IDLE_MS = 1_500;
const print = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Tries one turn; true once the daemon answered `done` to a whole turn: the services may not all be listening yet, and
 * a turn that reached the daemon before ctx listened runs degraded (without history or configuration) and does not count.
 */
async function turnDone(socketPath: string): Promise<boolean> {
  try {
    const request = { message: "hello cold start", ctxkey: "bench-cold", ...EVERY_EVENT };
    for await (const frame of requestFrames(socketPath, request, { idleTimeoutMs: 10_000 })) {
      if (frame.type === "done") return frame.stored !== false;
      if (frame.type === "error" || isDegradedStatus(frame)) return false;
    }
  } catch {
    // not listening yet
  }
  return false;
}

async function untilFirstTurn(instance: TempInstance, started: number, alive: () => boolean): Promise<number> {
  while (!(await turnDone(instance.sockets.daemon))) {
    if (!alive()) throw new Error("a service exited before the first turn");
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`no turn done within ${TIMEOUT_MS} ms`);
    await sleep(5);
  }
  return performance.now() - started;
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The four services spawned at once, each its own process, or (`host`) zino-host running them in one process. */
async function coldServices(providerUrl: string, env: NodeJS.ProcessEnv = {}, host = false): Promise<number> {
  const instance = writeTempInstance({ providerUrl });
  const names: ServiceName[] = ["ctx", "rtr", "exc", "daemon"];
  const started = performance.now();
  const services = host
    ? [spawnZinoService("host", instance, { fromDist, env })]
    : names.map((name) => spawnZinoService(name, instance, { fromDist, env }));
  try {
    return await untilFirstTurn(instance, started, () => services.every((s) => s.child.exitCode === null));
  } finally {
    await Promise.all(services.map((s) => s.kill()));
    instance.cleanup();
  }
}

/**
 * (From dist/ only.) The four started from their bins (dist/src/zino/<svc>/bin.js, what `zino-ctx` and the others run)
 * at once on node's defaults: without the services' node flags and environment, as a user or another supervisor who
 * starts them by hand would.
 */
async function coldBins(providerUrl: string): Promise<number> {
  const instance = writeTempInstance({ providerUrl });
  const started = performance.now();
  const children = (["ctx", "rtr", "exc", "daemon"] as const).map((name) =>
    spawn(process.execPath, [join(REPO_ROOT, "dist", "src", "zino", name, "bin.js"), "--config", instance.configPath], {
      cwd: instance.dir,
      env: { ...process.env, ZINO_LOG_LEVEL: "warn" },
      stdio: "ignore",
    }),
  );
  try {
    return await untilFirstTurn(instance, started, () => children.every((c) => c.exitCode === null));
  } finally {
    await Promise.all(children.map((c) => stopChild(c)));
    instance.cleanup();
  }
}

async function coldZinoUp(providerUrl: string): Promise<number> {
  const instance = writeTempInstance({ providerUrl });
  const entry = fromDist ? [join(REPO_ROOT, "dist", "src", "zino", "cli", "main.js")] : ["--import", TSX_LOADER, CLI_MAIN];
  const started = performance.now();
  const child = spawn(process.execPath, [...entry, "up"], {
    cwd: instance.dir,
    env: { ...process.env, ZINO_LOG_LEVEL: "warn", ZINO_CONFIG: instance.configPath },
    stdio: ["ignore", "ignore", "ignore"],
  });
  try {
    return await untilFirstTurn(instance, started, () => child.exitCode === null);
  } finally {
    await stopChild(child);
    // `zino up` stops its services when it stops; a daemon still answering would be a leak to report.
    const leaked = await requestOne(instance.sockets.daemon, { type: "ping" }, { idleTimeoutMs: 500 }).then(
      () => true,
      () => false,
    );
    if (leaked) process.stderr.write("zino-cold-start: a service still answers after `zino up` stopped\n");
    instance.cleanup();
  }
}

/** The four spawned at once, all answering `ping`, then IDLE_MS without a turn: the time of the first turn. */
async function firstTurnAfterIdle(providerUrl: string, env: NodeJS.ProcessEnv): Promise<number> {
  const instance = writeTempInstance({ providerUrl });
  const names: ServiceName[] = ["ctx", "rtr", "exc", "daemon"];
  const services = await startZinoServices(instance, names, { fromDist, env });
  try {
    await sleep(IDLE_MS);
    const turnStarted = performance.now();
    if (!(await turnDone(instance.sockets.daemon))) throw new Error("the first turn after an idle start was not done whole");
    return performance.now() - turnStarted;
  } finally {
    await stopZinoServices(services);
    instance.cleanup();
  }
}

/** `zino --version` from dist/ until it exits: the CLI's start, which every command (`zino up` too) pays first. */
async function cliStart(env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(REPO_ROOT, "dist", "src", "zino", "cli", "main.js"), "--version"], {
    env: { ...process.env, ...env },
    stdio: "ignore",
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`zino --version exited with ${String(code)}`);
  return performance.now() - started;
}

/** The baseline: a bare Node process with a Unix socket server, until it answers one frame. */
async function coldBareNode(): Promise<number> {
  const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9" });
  const socketPath = join(instance.dir, "bare.sock");
  const script =
    'const net = require("node:net"); net.createServer((s) => s.end(Buffer.from([0, 0, 0, 2, 123, 125]))).listen(process.argv[1]);';
  const started = performance.now();
  const child = spawn(process.execPath, ["-e", script, socketPath], { stdio: "ignore" });
  try {
    for (;;) {
      const answered = await requestOne(socketPath, { type: "ping" }, { idleTimeoutMs: 1000 }).then(
        () => true,
        () => false,
      );
      if (answered) return performance.now() - started;
      if (performance.now() - started > TIMEOUT_MS) throw new Error("the bare node process did not answer");
      await sleep(5);
    }
  } finally {
    await stopChild(child);
    instance.cleanup();
  }
}

async function main(): Promise<boolean> {
  if (fromDist && !existsSync(join(REPO_ROOT, "dist", "src", "zino", "daemon", "main.js")))
    throw new Error("BENCH_DIST=1 needs `npm run build`");
  const provider = await startProviderProcess();
  try {
    print(
      `zino-cold-start: from ${fromDist ? "dist/" : "sources via tsx"}, new instance each time, ${ROUNDS} interleaved rounds; ${loadAverageLine()}`,
    );
    const bundled = fromDist && serviceMainFile("ctx", join(REPO_ROOT, "dist")).bundled;
    const results = await interleavedRounds({
      bare: () => coldBareNode(),
      services: () => coldServices(provider.url),
      ...(bundled
        ? {
            unbundled: () => coldServices(provider.url, { ZINO_NO_BUNDLE: "1" }),
            noCodeCache: () => coldServices(provider.url, { ZINO_NO_CODE_CACHE: "1" }),
            bins: () => coldBins(provider.url),
          }
        : {}),
      host: () => coldServices(provider.url, {}, true),
      up: () => coldZinoUp(provider.url),
      ...(fromDist ? { cli: () => cliStart({ ZINO_NO_BUNDLE: "" }), cliUnbundled: () => cliStart({ ZINO_NO_BUNDLE: "1" }) } : {}),
      ...(nativeSpawnUnavailable() === undefined ? { launcher: () => coldServices(provider.url, { ZINO_EXC_LAUNCHER: "1" }) } : {}),
      idleWarm: () => firstTurnAfterIdle(provider.url, {}),
      idleCold: () => firstTurnAfterIdle(provider.url, { ZINO_RTR_WARM_UP: "0" }),
    });
    const bare = spread(results.bare!);
    const services = spread(results.services!);
    const from = bundled ? " (bundles)" : "";
    // A row per subject measured (unbundled, no code cache and the CLI: from dist/ with bundles only), against bare node.
    const against = (figure: string, samples: number[] | undefined): FigureRow[] =>
      samples ? [{ figure, unit: "ms", subject: spread(samples), baseline: bare }] : [];
    print(
      figureTable(
        [
          ...against(`4 services spawned at once${from} → first turn done`, results.services),
          ...against("4 services from main.js (unbundled) → first turn done", results.unbundled),
          ...against("4 services, bundles without their code cache → first turn done", results.noCodeCache),
          ...against("4 services from their bins on node's defaults → first turn done", results.bins),
          ...against(`zino-host, the 4 in one process${from} → first turn done`, results.host),
          ...against(`\`zino up\`${from} → first turn done`, results.up),
          ...against("`zino --version`, the CLI from its bundle", results.cli),
          ...against("`zino --version`, the CLI unbundled", results.cliUnbundled),
        ],
        { subject: "zino", baseline: "bare node, first answer" },
      ),
    );
    print(`target (first turn within 1 s of a cold start): ${limitVerdict(services.median, 1000)}`);
    print(
      figureTable(
        [
          {
            figure: `first turn after an idle start (${IDLE_MS} ms), rtr warmed up`,
            unit: "ms",
            subject: spread(results.idleWarm!),
            baseline: spread(results.idleCold!),
          },
        ],
        { subject: "zino", baseline: "ZINO_RTR_WARM_UP=0" },
      ),
    );
    if (results.launcher)
      print(
        figureTable(
          [
            {
              figure: `4 services spawned at once${from} → first turn done`,
              unit: "ms",
              subject: services,
              baseline: spread(results.launcher),
            },
          ],
          { subject: "exc without launcher", baseline: "ZINO_EXC_LAUNCHER=1" },
        ),
      );
    return true;
  } finally {
    provider.child.stdin?.end();
  }
}

process.exit((await main()) ? 0 : 1);
