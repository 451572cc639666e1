// Zelinqa API benchmark: /next latency (p50/p99) and throughput at 32 concurrent clients over real HTTP, on
// SQLite and PostgreSQL, each printed as a ratio of a trivial Fastify JSON route measured in the same run.
// Each server runs in its own child process (this file with BENCH_ROLE=server) so clients and server do not
// share an event loop. Targets: SQLite throughput ≥ 30% of the trivial route, SQLite p50 < 5 ms.
// BENCH_SECONDS sets each measurement; BENCH_SKIP_POSTGRES=1 skips PostgreSQL.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import pino from "pino";
import { Agent, fetch } from "undici";
import { createZelinqaApp } from "../src/zelinqa/api/app.js";
import { generateApiKey } from "../src/zelinqa/api/api-keys.js";
import { createIdGenerator } from "../src/zelinqa/api/ids.js";
import { openStore } from "../src/zelinqa/store/index.js";
import { startPostgresCluster } from "../scripts/postgres-cluster.js";
import { referenceCorpusChanges } from "../test/support/zelinqa-reference-corpus.js";
import { percentile } from "./latency-stats.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? "5");
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

/** Runs `clients` loops of `step` for SECONDS (after a 1 s warm-up) and summarises the step latencies. */
async function measure(step: (client: number) => Promise<boolean>, clients = CLIENTS, prepare?: (client: number) => Promise<void>): Promise<Result> {
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
  await new Promise((resolve) => setTimeout(resolve, 1000));
  recording = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  recording = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
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
  const store = target === "postgres" ? openStore({ databaseUrl: process.env.BENCH_DATABASE_URL, maxConnections: 20 }) : openStore({ sqlitePath: process.env.BENCH_SQLITE_PATH });
  await store.migrate();
  const ids = createIdGenerator();
  const now = new Date().toISOString();
  const org = await store.ensureOrganization("default", now);
  const domain = await store.createDomain({ id: ids.newId("dom"), name: "Bench", organizationId: org, now });
  const key = generateApiKey({ ids, domainId: domain.id, scopes: ["runtime", "configuration:read", "configuration:write", "configuration:publish"], label: "bench", expiresAt: null, now });
  await store.insertApiKey(key.record);
  const app = await createZelinqaApp({
    store,
    clock: { now: () => new Date() },
    ids,
    logger: pino({ level: "info" }, pino.destination({ dest: "/dev/null", sync: false })),
    locale: "en",
    maxBodyBytes: 10_485_760,
    workerPollMs: 20,
  });
  const base = await app.fastify.listen({ host: "127.0.0.1", port: 0 });
  print(JSON.stringify({ base, key: key.apiKey }));
}

async function withServer<T>(target: string, env: Record<string, string>, fn: (server: ServerInfo) => Promise<T>): Promise<T> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server processes.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter((a) => a.length > 0);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", new URL(import.meta.url).pathname], {
    env: { ...process.env, ...env, BENCH_ROLE: "server", BENCH_TARGET: target },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
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
    return await fn(info);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

async function trivialRoute(clients: number): Promise<Result> {
  return withServer("trivial", {}, ({ base }) => measure(async () => (await post(`${base}/v1/echo`, { state_version: 0 })).status === 200, clients));
}

async function zelinqaNext({ base, key }: ServerInfo, clients = CLIENTS): Promise<Result> {
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
  for (let c = 0; c < clients; c += 1) sessions.push(await newSession());
  const prepare = async (client: number) => {
    if (sessions[client]!.stopped) sessions[client] = await newSession();
  };
  return measure(async (client) => {
    const session = sessions[client]!;
    const body = session.version === 0 ? { state_version: 0 } : { state_version: session.version, previous_turn: { user_text: "je ne sais pas" } };
    const r = await post(`${base}/v1/sessions/${session.id}/next`, body, auth(idem()));
    if (r.status !== 200) return false;
    session.version += 1;
    session.stopped = r.json.action === "stop";
    return true;
  }, clients, prepare);
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
  let ok = true;
  try {
    print(`== Zelinqa API /next, ${CLIENTS} clients, ${SECONDS} s per measurement, servers in child processes`);
    const baseline = await trivialRoute(CLIENTS);
    print(`${"trivial fastify route".padEnd(22)} ${fmt(baseline.perSecond).padStart(9)} req/s  p50 ${fmt(baseline.p50)} ms  p99 ${fmt(baseline.p99)} ms`);
    const sqlite = await withServer("sqlite", { BENCH_SQLITE_PATH: join(dir, "bench.sqlite") }, (s) => zelinqaNext(s));
    report("/next on SQLite", sqlite, baseline);
    // Unloaded latency: one client, so p50 measures the request itself rather than queueing behind 31 others.
    const single = await trivialRoute(1);
    const sqliteSingle = await withServer("sqlite", { BENCH_SQLITE_PATH: join(dir, "bench-1.sqlite") }, (s) => zelinqaNext(s, 1));
    print(`${"trivial, 1 client".padEnd(22)} ${fmt(single.perSecond).padStart(9)} req/s  p50 ${fmt(single.p50)} ms  p99 ${fmt(single.p99)} ms`);
    report("/next SQLite, 1 client", sqliteSingle, single);
    const sqliteOk = sqlite.perSecond / baseline.perSecond >= 0.3 && sqliteSingle.p50 < 5;
    print(`target SQLite (throughput ≥ 30% of trivial at ${CLIENTS} clients, unloaded p50 < 5 ms): ${sqliteOk ? "met" : "NOT met"}`);
    ok &&= sqlite.errors === 0;
    const skipPostgres = process.env.BENCH_SKIP_POSTGRES === "1";
    const cluster = process.env.TEST_DATABASE_URL || skipPostgres ? undefined : await startPostgresCluster();
    const url = skipPostgres ? undefined : (process.env.TEST_DATABASE_URL ?? cluster?.url);
    if (url) {
      try {
        const postgres = await withServer("postgres", { BENCH_DATABASE_URL: url }, (s) => zelinqaNext(s));
        report("/next on PostgreSQL", postgres, baseline);
        ok &&= postgres.errors === 0;
      } finally {
        cluster?.stop();
      }
    } else {
      print("/next on PostgreSQL: skipped");
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await dispatcher.close();
  }
  return ok;
}

if (process.env.BENCH_ROLE === "server") {
  await serveRole(process.env.BENCH_TARGET ?? "trivial");
} else {
  process.exit((await main()) ? 0 : 1);
}
