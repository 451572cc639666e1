// The test command: starts what the tests need (a throwaway PostgreSQL cluster unless TEST_DATABASE_URL is set),
// runs every test/**/*.test.ts with node's test runner through tsx, and stops everything afterwards.
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { startPostgresCluster, type PostgresCluster } from "./postgres-cluster.js";

function findTests(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...findTests(path));
    else if (entry.endsWith(".test.ts")) out.push(path);
  }
  return out.sort();
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2);
  const files = findTests("test").filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
  let cluster: PostgresCluster | undefined;
  const env = { ...process.env };
  if (!env.TEST_DATABASE_URL && env.ZINO_TEST_NO_POSTGRES !== "1") {
    cluster = await startPostgresCluster();
    if (cluster) env.TEST_DATABASE_URL = cluster.url;
    else process.stderr.write("run-tests: no PostgreSQL binaries found; PostgreSQL tests will be skipped\n");
  }
  const stop = () => cluster?.stop();
  process.on("SIGINT", () => { stop(); process.exit(130); });
  process.on("SIGTERM", () => { stop(); process.exit(143); });
  try {
    const args = ["--import", "tsx", "--test", "--test-concurrency=2", "--test-timeout=120000",
      ...files.map((f) => relative(process.cwd(), f))];
    const child = spawn(process.execPath, args, { stdio: "inherit", env });
    return await new Promise<number>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  } finally {
    stop();
  }
}

main().then((code) => process.exit(code), (err: unknown) => {
  process.stderr.write(`run-tests: ${String(err)}\n`);
  process.exit(1);
});
