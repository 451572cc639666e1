// ZINO side by side with the original Python ZINO (issue 14's "Done when"), on the same machine in interleaved rounds.
// Needs a checkout of the Python original (github: cbigger/ZINO) named by ZINO_PYTHON_DIR and python3 ≥ 3.11; without
// them it says so and exits 0. Subjects (BENCH_PYTHON_SUBJECTS, default python,four,host):
//   python  its daemon, ctx and exc unchanged, with bench/python/fake_rtr.py as rtr (no HTTP: the openai package is
//           not needed), its tool without static analysis
//   four    our four service processes from dist/, as `zino up` starts them; rtr calls the fake provider over HTTP
//   host    our four services in one zino-host process
// Our rtr's provider (bench/fake-provider-process.ts, side-by-side replies) runs in its own process and is not counted.
// Every reply is 20 chunks of 4 characters. Each subject is started afresh in each round, then measured:
//   cold start     from spawning its processes until a first turn is done (retried every 10 ms)
//   one turn, cold 1 client, turns back to back for 1 s right after the cold start's turn (no warm-up: V8 has not
//                  optimised our services' code yet, and Python has nothing to warm up)
//   one turn p50   1 client, turns back to back, after a 3 s warm-up at 32 clients
//   turns/s, CPU   32 clients for BENCH_SECONDS (10), one request per Unix connection; service CPU per turn
//   memory         RSS and PSS of the services after that load, summed (and with their child processes); their resident
//                  pages counted once (what they take from the machine together: summed RSS counts the interpreter's
//                  own pages in every process; needs root to read page frames); and, as a floor, the RSS of as many
//                  empty runtimes (python3 or node, nothing loaded) measured in the round
//   tool turn p50  `echo hi` through the model's tool call, 40 turns after 10 untimed, back to back as the other one-turn
//                  figures (BENCH_TOOL_GAP_MS sets an idle time after each: the next call's warm sandbox, made after
//                  each tool call, and the last one's teardown then no longer compete with the turns); ours sandboxed
//                  (bwrap) and unsandboxed, static analysis off; and the machine's CPU per tool turn over those 40 turns
//                  (/proc/stat: every process and the kernel, so ours counts its sandbox, launcher and fake provider).
//                  Every tool turn must have run `echo hi` (the fake model answers otherwise, and the run stops); a
//                  mode whose isolation exc does not give here (sandboxed without bwrap) is "not measured".
//   settled        the same 10 + 40 tool turns, on a ctxkey of their own with the same rules (so its history is as
//                  long), after BENCH_TOOL_SETTLE (300) more untimed ones on a third in each mode: V8
//                  optimises code after hundreds of calls, and a tool turn's own code (and the plain turn's, which
//                  its first tool turns deoptimise: new object shapes) runs once or twice per turn, so the first
//                  figure is mostly that warm-up; this one is what a service that has run tool turns for a while
//                  does. The issue's line is the first; Python has no such warm-up (its figure should not move).
// Run: `ZINO_PYTHON_DIR=… BENCH_ONLY=zino-python npm run bench`.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { requestFrames, requestOne, type Frame } from "../src/wire/index.js";
import type { JsonObject } from "../src/zino/config/index.js";
import { SERVICE_NODE_FLAGS } from "../src/zino/runtime/service-node-flags.js";
import { REPO_ROOT, spawnZinoService, stopZinoServices, writeTempInstance, type ZinoProcess } from "../harness/zino-processes.js";
import { SIDE_BY_SIDE_TEXT, TOOL_TURN_MARKER } from "./fake-provider-script.js";
import { ROUNDS, formatSpread, limitVerdict, loadAverageLine, percentile, spread } from "./latency-stats.js";
import { cpuMsOf, machineBusyMs, memoryOf, residentUnionUnavailable } from "./proc-stats.js";
import { EMPTY_NODE_SCRIPT, EVERY_EVENT, isDegradedStatus, startProviderProcess, toolModeProblem } from "./zino-turns.js";

const print = (line: string) => process.stdout.write(`${line}\n`);
const PYTHON_DIR = process.env.ZINO_PYTHON_DIR ?? "";
const SECONDS = Number(process.env.BENCH_SECONDS ?? "10") || 10;
const SUBJECTS = (process.env.BENCH_PYTHON_SUBJECTS ?? "python,four,host").split(",").filter((s) => s.length > 0);
const TOOL_TURNS = 40;
/** Untimed tool turns per mode before the settled figure (see the header). */
const TOOL_SETTLE = Number(process.env.BENCH_TOOL_SETTLE ?? "300");
if (!Number.isInteger(TOOL_SETTLE) || TOOL_SETTLE < 0)
  throw new Error(`BENCH_TOOL_SETTLE must be a whole number of turns, 0 or more (got ${JSON.stringify(process.env.BENCH_TOOL_SETTLE)})`);
/** Idle time after each tool turn (a model that answers at once leaves none). */
const TOOL_GAP_MS = Number(process.env.BENCH_TOOL_GAP_MS ?? "0");
if (!Number.isFinite(TOOL_GAP_MS) || TOOL_GAP_MS < 0)
  throw new Error(`BENCH_TOOL_GAP_MS must be a number of milliseconds, 0 or more (got ${JSON.stringify(process.env.BENCH_TOOL_GAP_MS)})`);

/** A running subject: where its daemon (and our ctx) listens, its service pids, the ctxkeys of its tool-turn modes. */
interface Stack {
  daemon: string;
  /** An empty process of the subject's runtime (its interpreter with the same flags, nothing loaded), and how many. */
  emptyRuntime: { command: string; args: string[]; count: number };
  /** Our ctx, where the tool-turn modes are configured, and exc, which says what isolation each gets; Python has neither request. */
  ctx?: string;
  exc?: string;
  python: boolean;
  pids(): number[];
  toolModes: Record<string, string>;
  stop(): Promise<void>;
}

function whyNot(): string | undefined {
  if (!PYTHON_DIR) return "set ZINO_PYTHON_DIR to a checkout of the original Python ZINO";
  if (!existsSync(join(PYTHON_DIR, "zino-daemon.py"))) return `${PYTHON_DIR} has no zino-daemon.py`;
  const version = spawnSync("python3", ["-c", "import sys, tomllib; print(sys.version_info >= (3, 11))"], { encoding: "utf8" });
  if (version.stdout.trim() !== "True") return "python3 ≥ 3.11 (tomllib) is needed";
  if (process.env.BENCH_DIST !== "1") return "run from dist/ (npm run bench does)";
  return undefined;
}

function pythonConfig(dir: string): string {
  const socket = (name: string) => JSON.stringify(join(dir, `${name}.sock`));
  const tools = join(dir, "tools");
  mkdirSync(tools);
  mkdirSync(join(dir, "mem"));
  // Its bash tool without "static_analysis": shellcheck off, as ours.
  writeFileSync(join(tools, "bash.json"), JSON.stringify({ meta: { executor: "bash", file_extension: ".sh" } }));
  writeFileSync(join(dir, "PERSONALITY.md"), "You are concise.\n");
  return [
    '[api]\nbase_url = "http://127.0.0.1:9/v1"\nkey = "unused"\n[logging]\nlevel = "WARNING"\n[service]\nmodel = "fake"',
    "[agent]\ntemperature = 0.7\ntop_p = 1.0\nmax_iterations = 5",
    `[daemon]\nsocket = ${socket("daemon")}\n[rtr]\nsocket = ${socket("rtr")}\nstreaming = true`,
    `[exc]\nsocket = ${socket("exc")}\ntimeout = 30`,
    `[ctx]\nsocket = ${socket("ctx")}\nhistory_limit = 50\nhard_memory_top_k = 3\ndata_dir = ${JSON.stringify(join(dir, "mem"))}`,
    `template = ${JSON.stringify(join(PYTHON_DIR, "agents", "SYSTEM.md"))}\npersonality = ${JSON.stringify(join(dir, "PERSONALITY.md"))}`,
    `soft_memory = ""\ninject_history = true\n[tools]\ndir = ${JSON.stringify(tools)}\n[skills]\ndir = ${JSON.stringify(join(PYTHON_DIR, "agents", "skills"))}`,
  ].join("\n");
}

function startPython(): Stack {
  const dir = mkdtempSync(join(tmpdir(), "zpy-"));
  const config = join(dir, "ZINO.toml");
  writeFileSync(config, pythonConfig(dir));
  const scripts = ["zino-ctx.py", join(REPO_ROOT, "bench", "python", "fake_rtr.py"), "zino-exc.py", "zino-daemon.py"];
  const children: ChildProcess[] = scripts.map((script) =>
    spawn("python3", [script, "--config", config], {
      cwd: PYTHON_DIR,
      env: { ...process.env, ZINO_LOG_LEVEL: "WARNING" },
      stdio: ["ignore", "ignore", "ignore"],
    }),
  );
  return {
    daemon: join(dir, "daemon.sock"),
    emptyRuntime: { command: "python3", args: ["-c", EMPTY_PYTHON], count: scripts.length },
    python: true,
    pids: () => children.map((c) => c.pid!),
    toolModes: { "no sandbox": "bench-py-tool" },
    async stop() {
      const exits = children
        .filter((c) => c.exitCode === null && c.signalCode === null)
        .map((c) => new Promise<void>((resolve) => c.once("exit", () => resolve()).kill("SIGTERM")));
      await Promise.all(exits);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// An empty python3, saying it is up as EMPTY_NODE_SCRIPT does.
const EMPTY_PYTHON = "import time\nprint('up', flush=True)\ntime.sleep(3600)";

/**
 * The RSS (MiB) of `count` empty processes of a runtime, summed: what its interpreter holds before any code of ours
 * (node: ~40 MiB, most of it the binary's own pages, counted again in every process). Measured in the round, beside
 * the subject's own figure, so that the machine's state is the same.
 */
async function emptyRuntimeRss(runtime: Stack["emptyRuntime"]): Promise<number> {
  const children = Array.from({ length: runtime.count }, () =>
    spawn(runtime.command, runtime.args, { stdio: ["ignore", "pipe", "ignore"] }),
  );
  try {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve, reject) => {
            child.stdout.once("data", () => resolve());
            child.once("error", reject);
            child.once("exit", (code) => reject(new Error(`an empty ${runtime.command} exited (${code}) before it was up`)));
          }),
      ),
    );
    return memoryOf(children.map((child) => child.pid!)).rss;
  } finally {
    for (const child of children) child.kill("SIGKILL");
  }
}

/** Our tool-turn modes: their ctxkey, its exec rules (static analysis off in both), and the isolation exc must report. */
const OUR_TOOL_MODES: Record<string, { ctxkey: string; rules: JsonObject; isolation: string }> = {
  sandboxed: { ctxkey: "bench-py-bwrap", rules: { sandbox: "bwrap" }, isolation: "bwrap" },
  unsandboxed: { ctxkey: "bench-py-none", rules: { sandbox: "none", allow_unsandboxed: true }, isolation: "none" },
};

function startOurs(providerUrl: string, oneProcess: boolean): Stack {
  const instance = writeTempInstance({ providerUrl });
  const names = ["ctx", "rtr", "exc", "daemon"] as const;
  const processes: ZinoProcess[] = oneProcess
    ? [spawnZinoService("host", instance, { fromDist: true })]
    : names.map((name) => spawnZinoService(name, instance, { fromDist: true }));
  return {
    daemon: instance.sockets.daemon,
    emptyRuntime: { command: process.execPath, args: [...SERVICE_NODE_FLAGS, "-e", EMPTY_NODE_SCRIPT], count: processes.length },
    ctx: instance.sockets.ctx,
    exc: instance.sockets.exc,
    python: false,
    pids: () => processes.map((p) => p.child.pid!),
    toolModes: Object.fromEntries(Object.entries(OUR_TOOL_MODES).map(([mode, { ctxkey }]) => [mode, ctxkey])),
    async stop() {
      await stopZinoServices(processes);
      instance.cleanup();
    },
  };
}

/**
 * One turn; the time to `done` and its text, or undefined on an error frame or a lost connection. `whole` (the cold
 * start's probe): ours must also have run whole, neither degraded (before ctx or exc listened) nor left unstored; it
 * asks for every event to see that, which the loads, as basic clients, do not.
 */
async function turn(stack: Stack, ctxkey: string, message: string, whole = false): Promise<{ ms: number; text: string } | undefined> {
  const request: Frame = stack.python ? { message, channel_id: ctxkey } : { message, ctxkey, ...(whole ? EVERY_EVENT : {}) };
  const t0 = performance.now();
  try {
    for await (const frame of requestFrames(stack.daemon, request, { idleTimeoutMs: 10_000 })) {
      if (frame.type === "done") {
        if (!stack.python && frame.stored === false) return undefined;
        return { ms: performance.now() - t0, text: typeof frame.full_text === "string" ? frame.full_text : "" };
      }
      if (frame.type === "error" || isDegradedStatus(frame)) return undefined;
    }
  } catch {
    // not listening yet, or gone
  }
  return undefined;
}

/** `clients` clients for `seconds`; every answer must be the 20 chunks. */
async function load(
  stack: Stack,
  clients: number,
  seconds: number,
  tag: string,
): Promise<{ perSecond: number; p50: number; turns: number }> {
  const times: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const done = await turn(stack, `bench-py-${tag}-${client}`, "hello benchmark");
        if (done?.text !== SIDE_BY_SIDE_TEXT) throw new Error(`a turn failed or answered otherwise: ${JSON.stringify(done)}`);
        times.push(done.ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { perSecond: times.length / ((performance.now() - t0) / 1000), p50: percentile(times, 50), turns: times.length };
}

/** One tool turn on `ctxkey`: its time to `done`; throws unless the tool ran `echo hi` and printed hi. */
async function toolTurn(stack: Stack, ctxkey: string): Promise<number> {
  const done = await turn(stack, ctxkey, `${TOOL_TURN_MARKER} run it`);
  // The fake model answers SIDE_BY_SIDE_TOOL_FAILED and the tool's result when `echo hi` did not print hi.
  if (!done?.text.includes(SIDE_BY_SIDE_TEXT)) throw new Error(`a tool turn failed (${ctxkey}): ${JSON.stringify(done)}`);
  if (TOOL_GAP_MS > 0) await sleep(TOOL_GAP_MS);
  return done.ms;
}

/**
 * A tool mode's p50 over TOOL_TURNS turns after 10 untimed ones, and what one of its turns costs the whole machine in
 * CPU (every process, the kernel's work too).
 */
async function toolTurns(stack: Stack, ctxkey: string): Promise<{ p50: number; machineCpuMs: number }> {
  for (let i = 0; i < 10; i += 1) await toolTurn(stack, ctxkey);
  const times: number[] = [];
  const busyBefore = machineBusyMs();
  for (let i = 0; i < TOOL_TURNS; i += 1) times.push(await toolTurn(stack, ctxkey));
  const busyAfter = machineBusyMs();
  return {
    p50: percentile(
      times.sort((a, b) => a - b),
      50,
    ),
    machineCpuMs: busyBefore === undefined || busyAfter === undefined ? Number.NaN : (busyAfter - busyBefore) / TOOL_TURNS,
  };
}

/**
 * The ctxkeys of a mode's settled figure: TOOL_SETTLE turns on the first, then the timed turns on the second, whose
 * history is then as long as the first figure's (a history hundreds of turns long costs Python's prompt more than ours).
 */
const settleKeys = (ctxkey: string): [settling: string, settled: string] => [`${ctxkey}-settling`, `${ctxkey}-settled`];

interface Figures {
  coldMs: number;
  oneColdP50: number;
  oneP50: number;
  perSecond: number;
  cpuPerTurn: number;
  rss: number;
  rssWithChildren: number;
  pss: number;
  /** Resident pages counted once across the processes (bench/proc-stats.ts residentUnionMiB); NaN without root. */
  union: number;
  unionWithChildren: number;
  emptyRss: number;
  tool: Record<string, number>;
  toolCpu: Record<string, number>;
  /** The tool-turn p50 of each mode after TOOL_SETTLE more turns (the header's "settled"). */
  toolSettled: Record<string, number>;
}

async function measureSubject(name: string, providerUrl: string): Promise<Figures> {
  const started = performance.now();
  const stack = name === "python" ? startPython() : startOurs(providerUrl, name === "host");
  try {
    while (!(await turn(stack, "bench-py-cold", "hello cold start", true))) {
      if (performance.now() - started > 60_000) throw new Error(`${name}: no first turn within 60 s`);
      await sleep(10);
    }
    const coldMs = performance.now() - started;
    const oneCold = await load(stack, 1, 1, "one-cold");
    if (stack.ctx) {
      for (const { ctxkey: mode, rules } of Object.values(OUR_TOOL_MODES)) {
        for (const ctxkey of [mode, ...settleKeys(mode)]) {
          const answer = await requestOne(stack.ctx, {
            type: "set_config",
            ctxkey,
            config: { exec: { ...rules, static_analysis: "off" } },
          });
          if (answer.type !== "ok") throw new Error(`set_config ${ctxkey}: ${JSON.stringify(answer)}`);
        }
      }
    }
    await load(stack, 32, 3, "warm");
    const one = await load(stack, 1, 3, "one");
    const pids = stack.pids();
    const cpuBefore = cpuMsOf(pids);
    const loaded = await load(stack, 32, SECONDS, "load");
    const cpuPerTurn = (cpuMsOf(pids) - cpuBefore) / loaded.turns;
    const memory = memoryOf(pids);
    const emptyRss = await emptyRuntimeRss(stack.emptyRuntime);
    const tool: Record<string, number> = {};
    const toolCpu: Record<string, number> = {};
    const toolSettled: Record<string, number> = {};
    for (const [mode, ctxkey] of Object.entries(stack.toolModes)) {
      const expected = OUR_TOOL_MODES[mode];
      const problem = stack.exc && expected ? await toolModeProblem(stack.exc, expected.ctxkey, expected.isolation) : undefined;
      if (problem) {
        print(`zino-python: ${name}'s tool turn, ${mode}, not measured in this round (${problem})`);
        continue;
      }
      const measured = await toolTurns(stack, ctxkey);
      tool[mode] = measured.p50;
      toolCpu[mode] = measured.machineCpuMs;
      const [settling, settled] = settleKeys(ctxkey);
      for (let i = 0; i < TOOL_SETTLE; i += 1) await toolTurn(stack, settling);
      toolSettled[mode] = (await toolTurns(stack, settled)).p50;
    }
    return {
      coldMs,
      oneColdP50: oneCold.p50,
      oneP50: one.p50,
      perSecond: loaded.perSecond,
      cpuPerTurn,
      ...memory,
      emptyRss,
      tool,
      toolCpu,
      toolSettled,
    };
  } finally {
    await stack.stop();
  }
}

type Verdict = (ours: number, python: number) => string;
const atMost: Verdict = (ours, python) => (ours <= python ? "met" : "missed");
const twice: Verdict = (ours, python) => (ours >= 2 * python ? "met (≥ 2×)" : "missed (≥ 2×)");

/**
 * One figure for every subject: median [min–max], and for ours the ratio to Python's median with the issue's verdict.
 * `pythonPick` reads Python's figure where it is filed under another name (its one tool mode).
 */
function reportLine(
  results: Record<string, Figures[]>,
  label: string,
  unit: string,
  pick: (f: Figures) => number,
  verdict?: Verdict,
  pythonPick = pick,
): void {
  const python = results.python ? spread(results.python.map(pythonPick)).median : Number.NaN;
  const cells = SUBJECTS.map((name) => {
    const s = spread((results[name] ?? []).map(name === "python" ? pythonPick : pick));
    if (s.values.length === 0) return `${name} not measured`;
    const ratio =
      name !== "python" && Number.isFinite(python)
        ? ` (${(s.median / python).toFixed(2)}×${verdict ? `: ${verdict(s.median, python)}` : ""})`
        : "";
    return `${name} ${formatSpread(s, unit)}${ratio}`;
  });
  print(`${label.padEnd(26)} ${cells.join(" | ")}`);
}

function report(results: Record<string, Figures[]>): void {
  reportLine(results, "cold start to first turn", "ms", (f) => f.coldMs);
  reportLine(results, "one turn p50, cold", "ms", (f) => f.oneColdP50, atMost);
  reportLine(results, "one turn p50", "ms", (f) => f.oneP50, atMost);
  reportLine(results, "32 clients", "/s", (f) => f.perSecond, twice);
  reportLine(results, "service CPU per turn", "ms", (f) => f.cpuPerTurn);
  reportLine(results, "RSS after the load", "MiB", (f) => f.rss);
  reportLine(results, "RSS with child processes", "MiB", (f) => f.rssWithChildren);
  reportLine(results, "PSS after the load", "MiB", (f) => f.pss);
  reportLine(results, "pages counted once", "MiB", (f) => f.union);
  reportLine(results, "  with child processes", "MiB", (f) => f.unionWithChildren);
  reportLine(results, "RSS, empty runtimes", "MiB", (f) => f.emptyRss);
  reportLine(results, "RSS above empty runtimes", "MiB", (f) => f.rss - f.emptyRss);
  const pythonTool = (f: Figures) => f.tool["no sandbox"] ?? Number.NaN;
  for (const mode of ["sandboxed", "unsandboxed"])
    reportLine(results, `tool turn p50, ${mode}`, "ms", (f) => f.tool[mode] ?? Number.NaN, atMost, pythonTool);
  // All the machine's CPU during the tool turns: ours includes its sandbox, launcher and the fake provider's HTTP side.
  const pythonToolCpu = (f: Figures) => f.toolCpu["no sandbox"] ?? Number.NaN;
  for (const mode of ["sandboxed", "unsandboxed"])
    reportLine(results, `tool turn CPU, ${mode}`, "ms", (f) => f.toolCpu[mode] ?? Number.NaN, undefined, pythonToolCpu);
  // No verdict: the issue's line is the first tool-turn figure; this one shows how much of it is V8's warm-up.
  const pythonSettled = (f: Figures) => f.toolSettled["no sandbox"] ?? Number.NaN;
  for (const mode of ["sandboxed", "unsandboxed"])
    reportLine(results, `  after ${TOOL_SETTLE} more, ${mode}`, "ms", (f) => f.toolSettled[mode] ?? Number.NaN, undefined, pythonSettled);
  const ours = SUBJECTS.filter((name) => name !== "python");
  const verdicts = (pick: (f: Figures) => number, limit: number, strict: boolean) =>
    ours.map((name) => `${name} ${limitVerdict(spread((results[name] ?? []).map(pick)).median, limit, strict)}`).join(", ");
  print(`all services under 200 MiB RSS after the load: ${verdicts((f) => f.rss, 200, true)}`);
  // RSS counts Node's own binary (~40 MiB of shared text per process) once per process; PSS splits shared pages.
  print(`all services under 200 MiB PSS after the load: ${verdicts((f) => f.pss, 200, true)}`);
  // What the services take from the machine together: each resident page once (n/a without root: residentUnionMiB).
  print(`all services under 200 MiB, each resident page counted once: ${verdicts((f) => f.union, 200, true)}`);
  print(`  the same with their child processes: ${verdicts((f) => f.unionWithChildren, 200, true)}`);
  const unionUnavailable = residentUnionUnavailable();
  if (unionUnavailable) print(`  resident pages counted once: not measured (${unionUnavailable})`);
  print(`first turn within 1 s of a cold start: ${verdicts((f) => f.coldMs, 1000, false)}`);
}

async function main(): Promise<void> {
  const reason = whyNot();
  if (reason) {
    print(`zino-python: skipped (${reason})`);
    return;
  }
  print(
    `zino-python: ZINO against the Python original (${PYTHON_DIR}); ${loadAverageLine()}; ${ROUNDS} rounds of ${SUBJECTS.join(", ")}; tool turns ${TOOL_GAP_MS} ms apart`,
  );
  const provider = await startProviderProcess("side-by-side");
  const results: Record<string, Figures[]> = {};
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      // The order turns each round, so that no subject always follows the same one.
      for (const name of SUBJECTS.map((_, i) => SUBJECTS[(i + round) % SUBJECTS.length]!)) {
        (results[name] ??= []).push(await measureSubject(name, provider.url));
        process.stderr.write(`zino-python: round ${round + 1}, ${name} measured\n`);
      }
    }
  } finally {
    provider.child.stdin?.end();
  }
  print("median [min–max] over the rounds; (ratio to Python's median: the issue's line)");
  report(results);
}

await main();
