// Zelinqa API benchmark: /next latency (p50/p99) and throughput at 32 concurrent clients over real HTTP, on
// SQLite and PostgreSQL, each printed as a ratio of a trivial Fastify JSON route measured in the same run.
// Each server runs in its own child process (this file with BENCH_ROLE=server) so clients and server do not
// share an event loop. Targets (issue 14): throughput ≥ 35% of the trivial route on SQLite and ≥ 25% on PostgreSQL; SQLite p50 < 5 ms.
// BENCH_SERVER_STDERR=1 shows the servers' logs. BENCH_SECONDS (3) sets each slice, BENCH_ROUNDS (3) the interleaved rounds,
// BENCH_WARMUP_SECONDS (2) the untimed slice each subject runs first; BENCH_SKIP_POSTGRES=1 skips PostgreSQL.
// PostgreSQL is measured over TCP (one subject per BENCH_POOL_SIZES entry) and, for the throwaway cluster, through its Unix socket.
// BENCH_POOL_SIZES=4,8 runs one PostgreSQL server per pool size (default: ZELINQA_DATABASE_POOL_SIZE, else serve's default).
// Every figure: median [min–max] over the rounds. BENCH_DIST=1 (the default of `npm run bench`) runs the Zelinqa
// servers from dist/, otherwise from the sources through tsx; the PostgreSQL cluster is a throwaway one
// (scripts/postgres-cluster.ts) unless TEST_DATABASE_URL names one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import type * as AppModule from "../src/zelinqa/api/app.js";
import type * as OperationsModule from "../src/zelinqa/operations/index.js";
import type * as ServerModule from "../src/zelinqa/api/server.js";
import type * as StoreModule from "../src/zelinqa/store/index.js";
import { startPostgresCluster } from "../scripts/postgres-cluster.js";
import { resolveServerConfig } from "../src/zelinqa/api/server-config.js";
import { ROUNDS, loadAverageLine } from "./latency-stats.js";
import {
  CLIENTS,
  SECONDS,
  WARMUP_SECONDS,
  dispatcher,
  interleaved,
  nextWorkload,
  print,
  report,
  trivialWorkload,
  startServerRole,
  type RunningServer,
  type Workload,
} from "./zelinqa-load.js";

/** Where the server role loads Zelinqa from: dist/ (BENCH_DIST=1) or the sources; BENCH_COMPARE_DIST's build for its subject. */
const ZELINQA_SRC = process.env.BENCH_ZELINQA_SRC ?? (process.env.BENCH_DIST === "1" ? "../dist/src" : "../src");

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
  const { createZelinqaApp } = (await import(`${ZELINQA_SRC}/zelinqa/api/app.js`)) as typeof AppModule;
  const { createIdGenerator, generateApiKey } = (await import(`${ZELINQA_SRC}/zelinqa/operations/index.js`)) as typeof OperationsModule;
  const { createLogger } = (await import(`${ZELINQA_SRC}/zelinqa/api/server.js`)) as typeof ServerModule;
  const { openStore } = (await import(`${ZELINQA_SRC}/zelinqa/store/index.js`)) as typeof StoreModule;
  const store =
    target === "postgres"
      ? openStore({ databaseUrl: process.env.BENCH_DATABASE_URL, maxConnections: Number(process.env.BENCH_POOL_SIZE) })
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
    // The compile worker polls at serve's interval (200 ms), as in production; a publish wakes it at once anyway.
  });
  const base = await app.fastify.listen({ host: "127.0.0.1", port: 0 });
  print(JSON.stringify({ base, key: key.apiKey }));
}

/** The PostgreSQL pool sizes to measure: BENCH_POOL_SIZES, else what `zelinqa serve` would use from this environment. */
function poolSizes(): number[] {
  const sizes = (process.env.BENCH_POOL_SIZES ?? "").split(",").filter((s) => s.trim() !== "");
  if (sizes.length === 0) return [resolveServerConfig(process.env, {}).databasePoolSize];
  return sizes.map((s) => {
    if (!/^\d+$/.test(s.trim()) || Number(s) < 1) throw new Error(`BENCH_POOL_SIZES: ${s} is not a pool size`);
    return Number(s);
  });
}

async function main(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), "zelinqa-bench-"));
  const servers: RunningServer[] = [];
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  try {
    print(
      `== Zelinqa API /next, servers in child processes from ${ZELINQA_SRC === "../src" ? "the sources" : "dist/"}, ` +
        `${ROUNDS} interleaved rounds of ${SECONDS} s after an untimed ${WARMUP_SECONDS} s warm-up of each, median [min–max]; ${loadAverageLine()}`,
    );
    const start = async (target: string, env: Record<string, string> = {}) => {
      const server = await startServerRole(new URL(import.meta.url).pathname, target, env);
      servers.push(server);
      return server.info;
    };
    const trivial = trivialWorkload(await start("trivial"));
    const sqlite = await nextWorkload(await start("sqlite", { BENCH_SQLITE_PATH: join(dir, "bench.sqlite") }));
    const workloads: Record<string, Workload> = { trivial, sqlite };
    const skipPostgres = process.env.BENCH_SKIP_POSTGRES === "1";
    cluster = process.env.TEST_DATABASE_URL || skipPostgres ? undefined : await startPostgresCluster();
    const url = skipPostgres ? undefined : (process.env.TEST_DATABASE_URL ?? cluster?.url);
    const sizes = url ? poolSizes() : [];
    for (const size of sizes)
      workloads[`postgres pool ${size}`] = await nextWorkload(
        await start("postgres", { BENCH_DATABASE_URL: url!, BENCH_POOL_SIZE: `${size}` }),
      );
    // The throwaway cluster is on this host: also through its Unix socket, as a client beside its database would
    // connect (the TCP figures above are those of a database on another host, less the network).
    if (cluster && !skipPostgres)
      workloads["postgres unix socket"] = await nextWorkload(
        await start("postgres", { BENCH_DATABASE_URL: cluster.socketUrl, BENCH_POOL_SIZE: `${sizes[0]}` }),
      );

    // BENCH_COMPARE_DIST=<another checkout>/dist: that build too, on SQLite and on PostgreSQL (TCP, first pool size), for before/after in one run.
    const other = process.env.BENCH_COMPARE_DIST ? { BENCH_ZELINQA_SRC: `${process.env.BENCH_COMPARE_DIST}/src` } : undefined;
    if (other)
      workloads["sqlite other build"] = await nextWorkload(
        await start("sqlite", { ...other, BENCH_SQLITE_PATH: join(dir, "other.sqlite") }),
      );
    if (url && other)
      workloads["postgres other build"] = await nextWorkload(
        await start("postgres", { ...other, BENCH_DATABASE_URL: url, BENCH_POOL_SIZE: `${sizes[0]}` }),
      );
    const loaded = await interleaved(workloads, CLIENTS);
    const baseline = loaded.trivial!;
    print(`-- ${CLIENTS} concurrent clients`);
    report("trivial fastify route", baseline);
    report("/next on SQLite", loaded.sqlite!, baseline);
    if (loaded["sqlite other build"]) report("/next on SQLite other build", loaded["sqlite other build"], baseline);
    const postgres = Object.keys(loaded).filter((name) => name.startsWith("postgres"));
    for (const name of postgres) report(`/next on PostgreSQL ${name.slice("postgres ".length)}`, loaded[name]!, baseline);
    if (postgres.length === 0) print("/next on PostgreSQL: skipped");

    // Unloaded latency: one client, so p50 measures the request itself rather than queueing behind 31 others.
    const single = await interleaved({ trivial, sqlite }, 1);
    print("-- 1 client");
    report("trivial fastify route", single.trivial!);
    report("/next on SQLite", single.sqlite!, single.trivial);
    const ratio = (name: string) => loaded[name]!.perSecond.median / baseline.perSecond.median;
    const verdict = (met: boolean) => (met ? "met" : "NOT met");
    print(
      `target SQLite (throughput ≥ 35% of trivial at ${CLIENTS} clients, unloaded p50 < 5 ms): ${verdict(ratio("sqlite") >= 0.35 && single.sqlite!.p50.median < 5)}`,
    );
    for (const name of postgres)
      print(`target PostgreSQL ${name.slice("postgres ".length)} (throughput ≥ 25% of trivial): ${verdict(ratio(name) >= 0.25)}`);
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
