// The load generator of the Zelinqa benchmarks (bench/zelinqa-api.ts, bench/zelinqa-workers.ts): CLIENTS concurrent
// clients over HTTP keep-alive, each step timed after a 0.5 s warm-up for BENCH_SECONDS, the workloads interleaved
// in rounds (latency-stats.ts) and reported as median [min–max]. `nextWorkload` drives one session per client
// through /next, spreading the requests round-robin over one or several servers that share a database.
import { spawn } from "node:child_process";
import { Agent, fetch } from "undici";
import { referenceCorpusChanges } from "../harness/zelinqa-reference-corpus.js";
import { formatRatio, formatSpread, interleavedRounds, percentile, spread, type Spread } from "./latency-stats.js";

export const SECONDS = Number(process.env.BENCH_SECONDS ?? "3");
/**
 * Before the rounds, `interleaved` drives each subject once for this long, untimed (BENCH_WARMUP_SECONDS, 2 by default;
 * 0 turns it off): the figures are those of warm processes, whose code is compiled and whose database connections have
 * their statements prepared, as a server that has been up for a few seconds. Each subject gets the same warm-up.
 */
export const WARMUP_SECONDS = Math.max(0, Number(process.env.BENCH_WARMUP_SECONDS ?? "2") || 0);
export const CLIENTS = 32;
export const dispatcher = new Agent({ connections: CLIENTS, keepAliveTimeout: 10_000 });
export const print = (line: string) => process.stdout.write(`${line}\n`);

export interface Result {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    dispatcher,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Runs `clients` loops of `step` for `seconds` (after a 0.5 s ramp-up) and summarises the step latencies. */
export async function measure(
  step: (client: number) => Promise<boolean>,
  clients = CLIENTS,
  prepare?: (client: number) => Promise<void>,
  seconds = SECONDS,
): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let recording = false;
  let stop = false;
  const loop = async (client: number) => {
    while (!stop) {
      if (prepare) await prepare(client);
      const start = performance.now();
      const ok = await step(client).catch(() => false);
      if (!recording) continue;
      if (ok) latencies.push(performance.now() - start);
      else errors += 1;
    }
  };
  const loops = Array.from({ length: clients }, (_v, i) => loop(i));
  await new Promise((resolve) => setTimeout(resolve, 500));
  recording = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  recording = false;
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** One server: its base URL and an API key of its domain. */
export interface ServerInfo {
  base: string;
  key: string;
}

export interface Workload {
  step(client: number): Promise<boolean>;
  prepare?(client: number): Promise<void>;
}

export function trivialWorkload({ base }: ServerInfo): Workload {
  return { step: async () => (await post(`${base}/v1/echo`, { state_version: 0 })).status === 200 };
}

/**
 * Installs and publishes the corpus, then drives one session per client through /next. With `otherBases`
 * (servers on the same database), session creations and /next requests go round-robin over all the servers, so
 * that consecutive turns of a session are served by different processes.
 */
let failuresShown = 0;
let idempotencyCounter = 0;

export async function nextWorkload({ base, key }: ServerInfo, otherBases: readonly string[] = []): Promise<Workload> {
  const bases = [base, ...otherBases];
  let turn = 0;
  const pick = () => bases[(turn += 1) % bases.length]!;
  const auth = (idem?: string) => ({ authorization: `Bearer ${key}`, ...(idem ? { "idempotency-key": idem } : {}) });
  // Unique across the workloads of this process: several of them may share one database (bench/zelinqa-workers.ts).
  const idem = () => `bench-${process.pid}-${(idempotencyCounter += 1)}`;
  await post(`${base}/v1/configuration/changes`, { changes: referenceCorpusChanges() }, auth(idem()));
  const job = await post(`${base}/v1/configuration/publish`, {}, auth(idem()));
  for (let i = 0; i < 200; i += 1) {
    const r = await fetch(`${base}/v1/configuration/compilations/${job.json.compilation_id as string}`, { headers: auth(), dispatcher });
    if (((await r.json()) as { status: string }).status === "succeeded") break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Sessions of the corpus length (max_turns 8): a stopped session is replaced outside the timed step.
  const sessions: Array<{ id: string; version: number; stopped: boolean }> = [];
  const newSession = async () => {
    const created = await post(`${pick()}/v1/sessions`, {}, auth(idem()));
    return { id: created.json.session_id as string, version: 0, stopped: false };
  };
  for (let c = 0; c < CLIENTS; c += 1) sessions.push(await newSession());
  return {
    async prepare(client) {
      if (sessions[client]!.stopped) sessions[client] = await newSession();
    },
    async step(client) {
      const session = sessions[client]!;
      const body =
        session.version === 0 ? { state_version: 0 } : { state_version: session.version, previous_turn: { user_text: "je ne sais pas" } };
      const r = await post(`${pick()}/v1/sessions/${session.id}/next`, body, auth(idem()));
      if (r.status !== 200) {
        if ((failuresShown += 1) <= 3) process.stderr.write(`bench: /next answered ${r.status}: ${JSON.stringify(r.json).slice(0, 300)}\n`);
        return false;
      }
      session.version += 1;
      session.stopped = r.json.action === "stop";
      return true;
    },
  };
}

export interface Figures {
  perSecond: Spread;
  p50: Spread;
  p99: Spread;
  errors: number;
}

/** Interleaves the workloads in rounds so load changes on a shared machine hit every target alike. */
export async function interleaved(workloads: Record<string, Workload>, clients: number): Promise<Record<string, Figures>> {
  const run = (w: Workload, seconds = SECONDS) => measure((c) => w.step(c), clients, w.prepare ? (c) => w.prepare!(c) : undefined, seconds);
  if (WARMUP_SECONDS > 0) for (const w of Object.values(workloads)) await run(w, WARMUP_SECONDS);
  const steps = Object.fromEntries(Object.entries(workloads).map(([name, w]) => [name, () => run(w)]));
  const samples = await interleavedRounds(steps);
  return Object.fromEntries(
    Object.entries(samples).map(([name, results]) => [
      name,
      {
        perSecond: spread(results.map((r) => r.perSecond)),
        p50: spread(results.map((r) => r.p50)),
        p99: spread(results.map((r) => r.p99)),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
      },
    ]),
  );
}

export function report(name: string, result: Figures, baseline?: Figures): void {
  print(
    `${name.padEnd(22)} ${formatSpread(result.perSecond, "req/s").padStart(28)}  p50 ${formatSpread(result.p50, "ms")}  p99 ${formatSpread(result.p99, "ms")}` +
      `  errors ${result.errors}` +
      (baseline
        ? `  | throughput ratio ${formatRatio(result.perSecond, baseline.perSecond)}  p50 ratio ${formatRatio(result.p50, baseline.p50)}`
        : "  (baseline)"),
  );
}

export interface RunningServer {
  info: ServerInfo;
  stop(): Promise<void>;
}

/**
 * Starts `script` as a child with BENCH_ROLE=server and BENCH_TARGET=`target` (the server role of
 * bench/zelinqa-api.ts), and reads its `{base, key}` line.
 */
export async function startServerRole(script: string, target: string, env: Record<string, string>): Promise<RunningServer> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server processes.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter((a) => a.length > 0);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    env: { ...process.env, ...env, BENCH_ROLE: "server", BENCH_TARGET: target },
    stdio: ["ignore", "pipe", process.env.BENCH_SERVER_STDERR === "1" ? "inherit" : "ignore"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  try {
    const info = await new Promise<ServerInfo>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString("utf8");
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (line) resolve(JSON.parse(line) as ServerInfo);
      });
      child.once("exit", (code) => reject(new Error(`bench server ${target} exited with ${code}`)));
    });
    return { info, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
