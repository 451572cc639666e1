// ZINO tool turn benchmark: one user turn in which the model calls a tool (model → execute_bash → model),
// against a plain chat turn, through the daemon with the real ctx, rtr, exc processes (bench/zino-turns.ts's stack)
// and the fake provider in its own process. Its first reply is a native `execute_bash` call with `echo ok`; the
// request carrying the tool result gets plain text quoting that result (bench/fake-provider-script.ts).
// Modes, interleaved turn by turn so that all see the same machine load, one client (sequential):
//   plain turn                          (the baseline)
//   tool turn, sandboxed                (exec.sandbox "bwrap", the default; static analysis off)
//   tool turn, unsandboxed              (exec.sandbox "none" + allow_unsandboxed; static analysis off)
//   tool turn, default rules            (bwrap + shellcheck "advisory", as shipped; for information)
// The services are long-running daemons: the measurement starts after 200 warm-up rounds (800 turns,
// BENCH_WARMUP_ROUNDS), once V8 has optimised their hot paths; with 15 rounds every figure was about 1.5x higher.
// exc runs as shipped, with warm sandboxes (src/zino/exc/warm-sandboxes.ts): a tool call finds its sandbox built.
// Each mode is a ctxkey configured through ctx `set_config`. Every measured turn is checked: a tool turn must end
// with iterations == 2, one successful tool_done, stored history, and an answer quoting exc's result
// (exit_code 0, stdout "ok\n", and the isolation of its mode when exc reports it).
// Every client asks for every event (`events: "all"`), so that the table of steps shows where a tool turn's time goes:
// before the first model call, the first model call, the tool, the second model call to its first chunk, the rest.
// Run: `BENCH_ONLY=zino-tool-turn npm run bench`, or `node --import tsx bench/zino-tool-turn.ts`; BENCH_ONE_PROCESS=1 runs
// the services in one zino-host process (src/zino/runtime/run-host.ts) instead of four.
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { requestFrames, requestOne, type Frame } from "../src/wire/index.js";
import type { JsonObject } from "../src/zino/config/index.js";
import { TOOL_RESULT_PREFIX, TOOL_TURN_CODE, TOOL_TURN_MARKER } from "./fake-provider-script.js";
import { ROUNDS, figureTable, limitVerdict, loadAverageLine, percentile, spread } from "./latency-stats.js";
import { EVERY_EVENT, startBenchStack, toolModeProblem } from "./zino-turns.js";

export interface ToolTurnBenchOptions {
  /** Length of the interleaved measurement is 3 × this (one share per main mode), bounded by `maxRounds`. */
  secondsPerMeasurement: number;
  warmupRounds?: number;
  /** A round is one turn of each mode; the measurement stops at this many rounds even before its deadline. */
  maxRounds?: number;
  print: (line: string) => void;
  fromDist?: boolean;
  /** The four services in one zino-host process (default: BENCH_ONE_PROCESS=1), instead of four processes. */
  oneProcess?: boolean;
}

interface Mode {
  label: string;
  ctxkey: string;
  tool: boolean;
  /** `isolation` expected in exc's result (checked when the result carries it). */
  isolation?: string;
  exec?: JsonObject;
}

const MODES: Mode[] = [
  { label: "plain turn", ctxkey: "bench-tt-plain", tool: false },
  {
    label: "tool turn, sandboxed",
    ctxkey: "bench-tt-bwrap",
    tool: true,
    isolation: "bwrap",
    exec: { sandbox: "bwrap", static_analysis: "off" },
  },
  {
    label: "tool turn, unsandboxed",
    ctxkey: "bench-tt-none",
    tool: true,
    isolation: "none",
    exec: { sandbox: "none", allow_unsandboxed: true, static_analysis: "off" },
  },
  { label: "tool turn, default rules", ctxkey: "bench-tt-default", tool: true, isolation: "bwrap" },
];

/**
 * Targets of the issue "ZINO tools", set on the machine of that time. On the 2-core VM of issue 14, where every fork
 * and exec costs several ms of CPU, a sandboxed tool turn measured 30–50 ms; the comparison with Python ZINO's tool
 * turn on the same machine is bench/zino-python.ts's, not a figure written here.
 */
const TARGET_TOOL_TURN_P50_MS = 12;
const TARGET_SANDBOX_OVERHEAD_P50_MS = 8;

/**
 * Where a tool turn's time goes, from the frames the daemon sends a client that asks for every event (the same for
 * every mode, the plain turn included): when the first model call began (`status` model), the tool began and ended
 * (`tool_start`, `tool_done`), the answer's first chunk came, and `done`.
 */
const STEPS = [
  { label: "before the first model call", from: "start", to: "model" },
  { label: "first model call (to tool_start)", from: "model", to: "tool_start" },
  { label: "tool (tool_start to tool_done)", from: "tool_start", to: "tool_done" },
  { label: "second model call (to its first chunk)", from: "tool_done", to: "chunk" },
  { label: "the rest of the answer, stored, done", from: "chunk", to: "done" },
] as const;
type Mark = (typeof STEPS)[number]["to"];

interface TurnOutcome {
  doneMs: number;
  /** Ms since the request of the first frame of each kind (tool turns). */
  marks?: Partial<Record<Mark, number>>;
  /** The daemon's `tool_done.ms` (the exc call as the daemon saw it), for tool turns. */
  toolMs?: number;
  /** Why the turn does not count as the turn it should be; undefined when it does. */
  problem?: string;
  /** exc's result carried the isolation of the mode (checked; a different one is a problem). */
  isolationSeen?: boolean;
}

async function runTurn(socketPath: string, mode: Mode): Promise<TurnOutcome> {
  const message = mode.tool ? `${TOOL_TURN_MARKER} run it` : "hello benchmark";
  const toolDone: Frame[] = [];
  const marks: Partial<Record<Mark, number>> = {};
  const t0 = performance.now();
  for await (const frame of requestFrames(socketPath, { message, ctxkey: mode.ctxkey, ...EVERY_EVENT })) {
    const mark = frame.type === "status" ? (frame.phase === "model" ? "model" : undefined) : frame.type;
    if (STEPS.some((step) => step.to === mark)) marks[mark as Mark] ??= performance.now() - t0;
    if (frame.type === "tool_done") toolDone.push(frame);
    if (frame.type === "error") return { doneMs: performance.now() - t0, problem: `error frame: ${JSON.stringify(frame)}` };
    if (frame.type === "done") {
      const doneMs = performance.now() - t0;
      const toolMs = typeof toolDone[0]?.ms === "number" ? toolDone[0].ms : undefined;
      return { doneMs, toolMs, marks, ...checkDone(frame, toolDone, mode, message) };
    }
  }
  return { doneMs: performance.now() - t0, problem: "no done frame" };
}

/** The duration of each of STEPS in one turn (NaN where a frame was missing). */
function stepDurations(marks: Partial<Record<Mark, number>>): number[] {
  const at = (mark: Mark | "start") => (mark === "start" ? 0 : (marks[mark] ?? Number.NaN));
  return STEPS.map((step) => at(step.to) - at(step.from));
}

/** The p50 of each step, per tool mode: where a tool turn's time goes. */
function stepTable(modes: readonly { label: string; steps: readonly number[][] }[]): string {
  const lines = [`where a tool turn's time goes (p50 of each step, ms; the steps' p50s need not add up to the turn's):`];
  lines.push(`${"step".padEnd(40)} ${modes.map((m) => m.label.padStart(24)).join(" ")}`);
  STEPS.forEach((step, index) => {
    const cells = modes.map((m) => {
      const values = m.steps.map((turn) => turn[index]!).filter((v) => Number.isFinite(v));
      return (
        values.length > 0
          ? percentile(
              values.sort((a, b) => a - b),
              50,
            ).toFixed(2)
          : "-"
      ).padStart(24);
    });
    lines.push(`${step.label.padEnd(40)} ${cells.join(" ")}`);
  });
  return lines.join("\n");
}

function checkDone(done: Frame, toolDone: readonly Frame[], mode: Mode, message: string): { problem?: string; isolationSeen?: boolean } {
  const text = typeof done.full_text === "string" ? done.full_text : "";
  if (done.stored !== true) return { problem: "turn not stored" };
  if (!mode.tool) {
    if (done.iterations !== 1 || toolDone.length !== 0)
      return { problem: `plain turn with iterations ${String(done.iterations)}, ${toolDone.length} tools` };
    return text === `echo: ${message}` ? {} : { problem: `unexpected answer ${JSON.stringify(text)}` };
  }
  if (done.iterations !== 2) return { problem: `iterations ${String(done.iterations)} (expected 2)` };
  if (toolDone.length !== 1 || toolDone[0]?.ok !== true || toolDone[0]?.name !== "execute_bash")
    return { problem: `tool_done frames ${JSON.stringify(toolDone)}` };
  if (!text.startsWith(TOOL_RESULT_PREFIX)) return { problem: `the second model call did not get a tool result: ${JSON.stringify(text)}` };
  let result: unknown;
  try {
    result = JSON.parse(text.slice(TOOL_RESULT_PREFIX.length));
  } catch {
    return { problem: `tool result is not JSON: ${JSON.stringify(text)}` };
  }
  const r = (typeof result === "object" && result !== null ? result : {}) as Record<string, unknown>;
  if (r.exit_code !== 0 || r.stdout !== "ok\n") return { problem: `tool result ${JSON.stringify(r)}` };
  if (r.isolation !== undefined && r.isolation !== mode.isolation)
    return { problem: `isolation ${JSON.stringify(r.isolation)} (expected ${String(mode.isolation)})` };
  return { isolationSeen: r.isolation !== undefined };
}

export async function runZinoToolTurnBench(options: ToolTurnBenchOptions): Promise<{ ok: boolean }> {
  const { print } = options;
  const warmupRounds = options.warmupRounds ?? Number(process.env.BENCH_WARMUP_ROUNDS ?? 200);
  const maxRounds = options.maxRounds ?? 75;
  const load = () =>
    loadavg()
      .map((v) => v.toFixed(2))
      .join(" ");
  const oneProcess = options.oneProcess ?? process.env.BENCH_ONE_PROCESS === "1";
  const stack = await startBenchStack({ fromDist: options.fromDist, oneProcess });
  const { instance, names } = stack;
  try {
    if (!names.includes("exc")) throw new Error("zino-exc is not available (src/zino/exc/main.ts missing)");
    for (const mode of MODES) {
      if (!mode.exec) continue;
      const answer = await requestOne(instance.sockets.ctx, { type: "set_config", ctxkey: mode.ctxkey, config: { exec: mode.exec } });
      if (answer.type !== "ok") throw new Error(`ctx set_config for ${mode.ctxkey}: ${JSON.stringify(answer)}`);
    }
    // A mode whose isolation exc does not give here (sandboxed without bubblewrap) is left out, saying why: its tool
    // would be refused at once, which is neither a tool turn to time nor one to count as a failure.
    const modes: Mode[] = [];
    const notMeasured: string[] = [];
    for (const mode of MODES) {
      const problem = mode.tool && mode.isolation ? await toolModeProblem(instance.sockets.exc, mode.ctxkey, mode.isolation) : undefined;
      if (problem === undefined) modes.push(mode);
      else notMeasured.push(`${mode.label}: not measured (${problem})`);
    }
    print(
      `zino-tool-turn: services ${names.join(", ")} (${oneProcess ? "in one zino-host process" : "real processes"} from ${options.fromDist === true ? "dist/" : "sources via tsx"}), ` +
        `fake provider in its own process; tool = native execute_bash \`${TOOL_TURN_CODE}\`; 1 client, modes interleaved turn by turn; ` +
        `${warmupRounds} warm-up rounds, then up to ${maxRounds} rounds or ${options.secondsPerMeasurement * 3} s in ${ROUNDS} segments; ${loadAverageLine()}`,
    );
    for (const line of notMeasured) print(line);

    const problems: string[] = [];
    const checked = new Map<string, number>(modes.map((m) => [m.ctxkey, 0]));
    const samples = new Map<string, number[]>(modes.map((m) => [m.ctxkey, []]));
    const toolMs = new Map<string, number[]>(modes.map((m) => [m.ctxkey, []]));
    const stepsOf = new Map<string, number[][]>(modes.map((m) => [m.ctxkey, []]));
    let isolationSeen = 0;
    // The measurement is cut into ROUNDS segments (modes interleaved turn by turn within each): p50 per segment.
    const perRound = new Map<string, number[][]>(modes.map((m) => [m.ctxkey, Array.from({ length: ROUNDS }, () => [] as number[])]));
    let segment = 0;
    const round = async (record: boolean) => {
      for (const mode of modes) {
        const outcome = await runTurn(instance.sockets.daemon, mode);
        if (outcome.problem !== undefined) {
          problems.push(`${mode.label}: ${outcome.problem}`);
          continue;
        }
        checked.set(mode.ctxkey, checked.get(mode.ctxkey)! + 1);
        if (outcome.isolationSeen === true) isolationSeen += 1;
        if (!record) continue;
        samples.get(mode.ctxkey)!.push(outcome.doneMs);
        perRound.get(mode.ctxkey)![segment]!.push(outcome.doneMs);
        if (outcome.toolMs !== undefined) toolMs.get(mode.ctxkey)!.push(outcome.toolMs);
        if (mode.tool) stepsOf.get(mode.ctxkey)!.push(stepDurations(outcome.marks ?? {}));
      }
    };
    for (let i = 0; i < warmupRounds; i += 1) await round(false);
    const started = performance.now();
    let rounds = 0;
    for (segment = 0; segment < ROUNDS; segment += 1) {
      const deadline = performance.now() + (options.secondsPerMeasurement * 3 * 1000) / ROUNDS;
      const segmentEnd = Math.ceil((maxRounds * (segment + 1)) / ROUNDS);
      while (rounds < segmentEnd && performance.now() < deadline) {
        await round(true);
        rounds += 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;

    const stats = (values: readonly number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    const plain = stats(samples.get(modes[0]!.ctxkey)!);
    const byMode = new Map(modes.map((m) => [m.ctxkey, stats(samples.get(m.ctxkey)!)]));
    print(`${rounds} rounds in ${seconds.toFixed(1)} s; done latency (client side, ms):`);
    print(
      `${"mode".padEnd(26)} ${"n".padStart(4)} ${"p50".padStart(8)} ${"p99".padStart(8)} ${"p50/plain".padStart(10)} ${"p99/plain".padStart(10)} ` +
        `${"+p50".padStart(8)} ${"+p99".padStart(8)} ${"exc p50".padStart(8)}`,
    );
    for (const mode of modes) {
      const s = byMode.get(mode.ctxkey)!;
      const exc = stats(toolMs.get(mode.ctxkey)!);
      const base = mode.tool ? "" : "  (baseline)";
      print(
        `${mode.label.padEnd(26)} ${String(s.n).padStart(4)} ${s.p50.toFixed(2).padStart(8)} ${s.p99.toFixed(2).padStart(8)} ` +
          `${`${(s.p50 / plain.p50).toFixed(2)}x`.padStart(10)} ${`${(s.p99 / plain.p99).toFixed(2)}x`.padStart(10)} ` +
          `${(mode.tool ? `+${(s.p50 - plain.p50).toFixed(2)}` : "").padStart(8)} ${(mode.tool ? `+${(s.p99 - plain.p99).toFixed(2)}` : "").padStart(8)} ` +
          `${(mode.tool && exc.n > 0 ? exc.p50.toFixed(0) : "").padStart(8)}${base}`,
      );
    }
    const p50s = (ctxkey: string) =>
      spread(
        perRound.get(ctxkey)!.map((values) =>
          percentile(
            [...values].sort((a, b) => a - b),
            50,
          ),
        ),
      );
    print(
      figureTable(
        modes
          .filter((m) => m.tool)
          .map((m) => ({
            figure: `${m.label}, p50`,
            unit: "ms",
            subject: p50s(m.ctxkey),
            baseline: p50s(modes[0]!.ctxkey),
          })),
        { subject: `tool turn (p50 of each of ${ROUNDS} rounds)`, baseline: "plain turn" },
      ),
    );
    print(stepTable(modes.filter((m) => m.tool).map((m) => ({ label: m.label, steps: stepsOf.get(m.ctxkey)! }))));
    const bwrap = byMode.get("bench-tt-bwrap");
    const none = byMode.get("bench-tt-none");
    print("(+p50/+p99: ms the tool adds to the plain turn; exc p50: the daemon's tool_done.ms, whole milliseconds)");
    if (bwrap) {
      print(
        `sandboxed tool turn p50 ${bwrap.p50.toFixed(2)} ms (target < ${TARGET_TOOL_TURN_P50_MS} ms: ${limitVerdict(bwrap.p50, TARGET_TOOL_TURN_P50_MS, true)}; ` +
          "Python ZINO's tool turn on this machine: BENCH_ONLY=zino-python with ZINO_PYTHON_DIR)",
      );
    }
    if (none) print(`unsandboxed tool turn p50 ${none.p50.toFixed(2)} ms`);
    if (bwrap && none) {
      const overhead = bwrap.p50 - none.p50;
      print(
        `sandbox overhead within a tool turn at p50 (sandboxed − unsandboxed): ${overhead.toFixed(2)} ms ` +
          `(target < ${TARGET_SANDBOX_OVERHEAD_P50_MS} ms per execution: ${limitVerdict(overhead, TARGET_SANDBOX_OVERHEAD_P50_MS, true)}; ` +
          "both modes run in warm sandboxes built off the turn's path: what is left is bwrap's exit and the CPU that building " +
          "the next sandbox takes from the rest of the turn on 2 cores; the sandbox's own cost per execution, started on " +
          "demand, is measured by bench/zino-exec.ts)",
      );
    }
    const verified = modes.map((m) => `${m.label} ${checked.get(m.ctxkey)!}`).join(", ");
    const total = [...checked.values()].reduce((a, b) => a + b, 0);
    const toolOk = problems.length === 0;
    const toolTurns = modes.filter((m) => m.tool).reduce((sum, m) => sum + checked.get(m.ctxkey)!, 0);
    print(
      `tool check: ${total} turns verified (${verified}; warm-up included): each tool turn had iterations 2, one ok tool_done, ` +
        `stored history and an answer quoting exc's result (exit 0, stdout "ok", and its mode's isolation, reported in ` +
        `${isolationSeen} of ${toolTurns} tool results); ${problems.length} failed ${toolOk ? "OK" : "MISMATCH"}`,
    );
    for (const problem of problems.slice(0, 5)) print(`  ${problem}`);
    // Full-turn history: user + answer for a plain turn; user + assistant call + tool result + answer for a tool turn.
    let stored = 0;
    let expected = 0;
    for (const mode of modes) {
      const answer = await requestOne(instance.sockets.ctx, { type: "get_history", ctxkey: mode.ctxkey, message: null });
      stored += Array.isArray(answer.messages) ? answer.messages.length : 0;
      expected += checked.get(mode.ctxkey)! * (mode.tool ? 4 : 2);
    }
    const historyOk = stored === expected;
    print(
      `history: ${stored} messages stored in ctx for ${total} turns (expected ${expected}: 2 per plain turn, 4 per tool turn) ` +
        `${historyOk ? "OK" : "MISMATCH"}`,
    );
    print(`load average at the end: ${load()}`);
    return { ok: toolOk && historyOk };
  } finally {
    await stack.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ok } = await runZinoToolTurnBench({
    secondsPerMeasurement: Number(process.env.BENCH_SECONDS ?? "5"),
    print: (line) => process.stdout.write(`${line}\n`),
    fromDist: process.env.BENCH_DIST === "1",
  });
  process.exit(ok ? 0 : 1);
}
