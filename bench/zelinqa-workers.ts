// Zelinqa API throughput past one process: /next at 32 concurrent clients with 1, 2 and 4 `zelinqa serve`
// processes on one PostgreSQL database (each on its own port; the load generator spreads the requests
// round-robin over them, so consecutive turns of a session go to different processes), against the trivial
// Fastify route of bench/zelinqa-api.ts measured in the same run, in interleaved rounds (median [min–max]).
// When `zelinqa serve --help` lists `--workers`, `zelinqa serve --workers 2` and `--workers 4` (one port) are
// measured in the same rounds. All servers stay up for the whole run (idle ones only poll for compilations).
// The database is a throwaway cluster (scripts/postgres-cluster.ts) unless TEST_DATABASE_URL names one; the
// servers run from dist/ with BENCH_DIST=1 (the default of `npm run bench`), else from the sources through tsx.
// Run: `BENCH_ONLY=zelinqa-workers npm run bench`.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fetch } from "undici";
import { REPO_ROOT, TSX_LOADER } from "../harness/zino-processes.js";
import { startPostgresCluster } from "../scripts/postgres-cluster.js";
import { freePort } from "../src/shared/free-port.js";
import { ROUNDS, formatRatio, loadAverageLine } from "./latency-stats.js";
import {
  CLIENTS,
  SECONDS,
  dispatcher,
  interleaved,
  nextWorkload,
  print,
  report,
  startServerRole,
  trivialWorkload,
  type RunningServer,
  type Workload,
} from "./zelinqa-load.js";

const fromDist = process.env.BENCH_DIST === "1";
const CLI = fromDist
  ? [join(REPO_ROOT, "dist", "src", "zelinqa", "cli", "main.js")]
  : ["--import", TSX_LOADER, join(REPO_ROOT, "src", "zelinqa", "cli", "main.ts")];
const SCOPES = "runtime,configuration:read,configuration:write,configuration:publish";

/** The environment of every `zelinqa` child: the database, no rate limit (it would cap the figure), quiet logs. */
function cliEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ZELINQA_DATABASE_URL: databaseUrl, ZELINQA_LOG_LEVEL: "warn" };
  delete env.ZELINQA_SQLITE_PATH;
  delete env.ZELINQA_RATE_LIMIT_PER_MINUTE;
  return env;
}

/** Runs a `zelinqa` command to completion and returns its first JSON line. */
function cliJson(args: string[], databaseUrl: string): Record<string, unknown> {
  const run = spawnSync(process.execPath, [...CLI, ...args], { env: cliEnv(databaseUrl), encoding: "utf8" });
  if (run.status !== 0) throw new Error(`zelinqa ${args.join(" ")}: exit ${run.status}\n${run.stderr}`);
  const line = run.stdout.split("\n").find((l) => l.startsWith("{"));
  return line ? (JSON.parse(line) as Record<string, unknown>) : {};
}

/** A `zelinqa serve` process on its own port, once /v1/health answers. */
async function startServe(databaseUrl: string, extraArgs: string[] = []): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...CLI, "serve", "--host", "127.0.0.1", "--port", String(port), ...extraArgs], {
    env: cliEnv(databaseUrl),
    stdio: ["ignore", "ignore", process.env.BENCH_SERVER_STDERR === "1" ? "inherit" : "ignore"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`zelinqa serve ${extraArgs.join(" ")} exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/v1/health`, { dispatcher }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { base, child };
    await sleep(50);
  }
  child.kill("SIGKILL");
  throw new Error(`zelinqa serve on ${base} did not answer /v1/health within 60 s`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

function serveHasWorkersFlag(): boolean {
  const help = spawnSync(process.execPath, [...CLI, "serve", "--help"], { encoding: "utf8" });
  return /--workers\b/.test(help.stdout);
}

async function main(): Promise<boolean> {
  const children: ChildProcess[] = [];
  const servers: RunningServer[] = [];
  const cluster = process.env.TEST_DATABASE_URL ? undefined : await startPostgresCluster();
  const url = process.env.TEST_DATABASE_URL ?? cluster?.url;
  try {
    if (!url) {
      print("zelinqa-workers: skipped (no PostgreSQL: neither TEST_DATABASE_URL nor initdb/pg_ctl)");
      return true;
    }
    const workersFlag = serveHasWorkersFlag();
    print(
      `== Zelinqa /next on one PostgreSQL with 1, 2 and 4 API processes (\`zelinqa serve\` from ${fromDist ? "dist/" : "the sources"}), ` +
        `${CLIENTS} clients round-robin, ${ROUNDS} interleaved rounds of ${SECONDS} s, median [min–max]; ` +
        `\`serve --workers\`: ${workersFlag ? "present, measured too" : "absent"}; ${loadAverageLine()}`,
    );
    cliJson(["migrate"], url);
    const domain = cliJson(["domains", "create", "--name", "Bench workers"], url);
    const key = cliJson(["keys", "create", "--scopes", SCOPES, "--domain", String(domain.domain_id), "--label", "bench"], url);
    const apiKey = String(key.api_key);
    const serve = async (extraArgs: string[] = []) => {
      const server = await startServe(url, extraArgs);
      children.push(server.child);
      return server.base;
    };
    const trivialServer = await startServerRole(join(REPO_ROOT, "bench", "zelinqa-api.ts"), "trivial", {});
    servers.push(trivialServer);
    const workloads: Record<string, Workload> = { trivial: trivialWorkload(trivialServer.info) };
    const bases: string[] = [];
    for (let i = 0; i < 4; i += 1) bases.push(await serve());
    for (const n of [1, 2, 4])
      workloads[`${n} process${n > 1 ? "es" : ""}`] = await nextWorkload({ base: bases[0]!, key: apiKey }, bases.slice(1, n));
    if (workersFlag) {
      for (const n of [2, 4])
        workloads[`serve --workers ${n}`] = await nextWorkload({ base: await serve(["--workers", String(n)]), key: apiKey });
    }
    const figures = await interleaved(workloads, CLIENTS);
    const baseline = figures.trivial!;
    report("trivial fastify route", baseline);
    for (const [name, result] of Object.entries(figures)) {
      if (name === "trivial") continue;
      report(`/next, ${name}`, result, baseline);
    }
    const one = figures["1 process"]!;
    const scaling = Object.entries(figures)
      .filter(([name]) => name !== "trivial" && name !== "1 process")
      .map(([name, r]) => `${name} ${formatRatio(r.perSecond, one.perSecond)}`);
    print(`scaling of /next throughput against 1 process: ${scaling.join(", ")}`);
    print(
      `target (PostgreSQL /next at ${CLIENTS} connections ≥ 0.25x the trivial route), 1 process: ` +
        `${one.perSecond.median / baseline.perSecond.median >= 0.25 ? "met" : "missed"}`,
    );
    return Object.values(figures).every((r) => r.errors === 0);
  } finally {
    for (const child of children) await stopChild(child);
    for (const server of servers) await server.stop();
    cluster?.stop();
    await dispatcher.close();
  }
}

process.exit((await main()) ? 0 : 1);
