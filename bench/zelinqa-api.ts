// Zelinqa API benchmark: /next latency (p50/p99) and throughput at 32 concurrent clients over real HTTP, on
// SQLite and PostgreSQL, each printed as a ratio of a trivial Fastify JSON route measured in the same run.
// Each server runs in its own child process (this file with BENCH_ROLE=server) so clients and server do not
// share an event loop. Targets: SQLite throughput ≥ 30% of the trivial route, SQLite p50 < 5 ms.
// BENCH_SERVER_STDERR=1 shows the servers' logs. BENCH_SECONDS (3) sets each slice, BENCH_ROUNDS (3) the interleaved rounds; BENCH_SKIP_POSTGRES=1 skips PostgreSQL.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { Agent, fetch } from "undici";
import { createZelinqaApp } from "../src/zelinqa/api/app.js";
import { createIdGenerator, generateApiKey } from "../src/zelinqa/operations/index.js";
import { createLogger } from "../src/zelinqa/api/server.js";
import { openStore } from "../src/zelinqa/store/index.js";
import { startPostgresCluster } from "../scripts/postgres-cluster.js";
import { referenceCorpusChanges } from "../harness/zelinqa-reference-corpus.js";
import { percentile } from "./latency-stats.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? "3");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? "3");
const CLIENTS = 32;
const dispatcher = new Agent({ connections: CLIENTS, keepAliveTimeout: 10_000 });
const print = (line: string) => process.stdout.write(`${line}\n`);

interface Result {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    dispatcher,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Runs `clients` loops of `step` for SECONDS (after a 0.5 s warm-up) and summarises the step latencies. */
async function measure(
  step: (client: number) => Promise<boolean>,
  clients = CLIENTS,
  prepare?: (client: number) => Promise<void>,
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
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  recording = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

interface ServerInfo {
  base: string;
  key: string;
}

/** Child role: start one server and print `{base, key}` on stdout; exit on SIGTERM. */
async function serveRole(target: string): Promise<void> {
  process.once("SIGTERM", () => process.exit(0));
  if (target === "trivial") {
    const app = Fastify({ logger: false });
    app.post("/v1/echo", async () => ({ ok: true, request_id: "req_x" }));
    const base = await app.listen({ host: "127.0.0.1", port: 0 });
    print(JSON.stringify({ base, key: "" }));
    return;
  }
  const store =
    target === "postgres"
      ? openStore({ databaseUrl: process.env.BENCH_DATABASE_URL, maxConnections: 20 })
      : openStore({ sqlitePath: process.env.BENCH_SQLITE_PATH });
  await store.migrate();
  const ids = createIdGenerator();
  const now = new Date().toISOString();
  const org = await store.ensureOrganization("default", now);
  const domain = await store.createDomain({ id: ids.newId("dom"), name: "Bench", organizationId: org, now });
  const key = generateApiKey({
    ids,
    domainId: domain.id,
    scopes: ["runtime", "configuration:read", "configuration:write", "configuration:publish"],
    label: "bench",
    expiresAt: null,
    now,
  });
  await store.insertApiKey(key.record);
  const app = await createZelinqaApp({
    store,
    clock: { now: () => new Date() },
    ids,
    // The production logger (one synchronous JSON line per request on stderr, which the parent discards).
    logger: createLogger("info"),
    locale: "en",
    maxBodyBytes: 10_485_760,
    workerPollMs: 20,
  });
  const base = await app.fastify.listen({ host: "127.0.0.1", port: 0 });
  print(JSON.stringify({ base, key: key.apiKey }));
}

interface RunningServer {
  info: ServerInfo;
  stop(): Promise<void>;
}

async function startServer(target: string, env: Record<string, string>): Promise<RunningServer> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server processes.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter((a) => a.length > 0);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", new URL(import.meta.url).pathname], {
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

interface Workload {
  step(client: number): Promise<boolean>;
  prepare?(client: number): Promise<void>;
}

function trivialWorkload({ base }: ServerInfo): Workload {
  return { step: async () => (await post(`${base}/v1/echo`, { state_version: 0 })).status === 200 };
}

/** Installs and publishes the corpus, then drives one session per client through /next. */
async function nextWorkload({ base, key }: ServerInfo): Promise<Workload> {
  const auth = (idem?: string) => ({ authorization: `Bearer ${key}`, ...(idem ? { "idempotency-key": idem } : {}) });
  let counter = 0;
  const idem = () => `bench-${process.pid}-${(counter += 1)}`;
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
    const created = await post(`${base}/v1/sessions`, {}, auth(idem()));
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
      const r = await post(`${base}/v1/sessions/${session.id}/next`, body, auth(idem()));
      if (r.status !== 200) return false;
      session.version += 1;
      session.stopped = r.json.action === "stop";
      return true;
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Interleaves the workloads in rounds so load changes on a shared machine hit every target alike. */
async function interleaved(workloads: Record<string, Workload>, clients: number): Promise<Record<string, Result>> {
  const samples: Record<string, Result[]> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, workload] of Object.entries(workloads)) {
      (samples[name] ??= []).push(
        await measure((c) => workload.step(c), clients, workload.prepare ? (c) => workload.prepare!(c) : undefined),
      );
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, results]) => [
      name,
      {
        requests: results.reduce((sum, r) => sum + r.requests, 0),
        perSecond: median(results.map((r) => r.perSecond)),
        p50: median(results.map((r) => r.p50)),
        p99: median(results.map((r) => r.p99)),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
      },
    ]),
  );
}

const fmt = (n: number) => n.toFixed(2);
function report(name: string, result: Result, baseline: Result): void {
  print(
    `${name.padEnd(22)} ${fmt(result.perSecond).padStart(9)} req/s  p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms  errors ${result.errors}` +
      `  | throughput ratio ${fmt(result.perSecond / baseline.perSecond)}  p50 ratio ${fmt(result.p50 / baseline.p50)}`,
  );
}

async function main(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), "zelinqa-bench-"));
  const servers: RunningServer[] = [];
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  try {
    print(`== Zelinqa API /next, servers in child processes, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians`);
    const start = async (target: string, env: Record<string, string> = {}) => {
      const server = await startServer(target, env);
      servers.push(server);
      return server.info;
    };
    const trivial = trivialWorkload(await start("trivial"));
    const sqlite = await nextWorkload(await start("sqlite", { BENCH_SQLITE_PATH: join(dir, "bench.sqlite") }));
    const workloads: Record<string, Workload> = { trivial, sqlite };
    const skipPostgres = process.env.BENCH_SKIP_POSTGRES === "1";
    cluster = process.env.TEST_DATABASE_URL || skipPostgres ? undefined : await startPostgresCluster();
    const url = skipPostgres ? undefined : (process.env.TEST_DATABASE_URL ?? cluster?.url);
    if (url) workloads.postgres = await nextWorkload(await start("postgres", { BENCH_DATABASE_URL: url }));

    const loaded = await interleaved(workloads, CLIENTS);
    const baseline = loaded.trivial!;
    print(`-- ${CLIENTS} concurrent clients`);
    print(
      `${"trivial fastify route".padEnd(22)} ${fmt(baseline.perSecond).padStart(9)} req/s  p50 ${fmt(baseline.p50)} ms  p99 ${fmt(baseline.p99)} ms`,
    );
    report("/next on SQLite", loaded.sqlite!, baseline);
    if (loaded.postgres) report("/next on PostgreSQL", loaded.postgres, baseline);
    else print("/next on PostgreSQL: skipped");

    // Unloaded latency: one client, so p50 measures the request itself rather than queueing behind 31 others.
    const single = await interleaved({ trivial, sqlite }, 1);
    print("-- 1 client");
    print(
      `${"trivial fastify route".padEnd(22)} ${fmt(single.trivial!.perSecond).padStart(9)} req/s  p50 ${fmt(single.trivial!.p50)} ms  p99 ${fmt(single.trivial!.p99)} ms`,
    );
    report("/next on SQLite", single.sqlite!, single.trivial!);
    const met = loaded.sqlite!.perSecond / baseline.perSecond >= 0.3 && single.sqlite!.p50 < 5;
    print(`target SQLite (throughput ≥ 30% of trivial at ${CLIENTS} clients, unloaded p50 < 5 ms): ${met ? "met" : "NOT met"}`);
    return Object.values(loaded).every((r) => r.errors === 0) && single.sqlite!.errors === 0;
  } finally {
    for (const server of servers) await server.stop();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
    await dispatcher.close();
  }
}

if (process.env.BENCH_ROLE === "server") {
  await serveRole(process.env.BENCH_TARGET ?? "trivial");
} else {
  process.exit((await main()) ? 0 : 1);
}
