// A throwaway PostgreSQL cluster in a temp dir, for the test command and benchmarks (never for production).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "../src/shared/free-port.js";
import { postgresBinDir } from "../test/support/system-requirements.js";

export interface PostgresCluster {
  /** Over TCP on 127.0.0.1. */
  url: string;
  /** The same server through its Unix socket (how a client on the database's own host usually connects). */
  socketUrl: string;
  stop(): void;
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (initdb refuses root). */
function runAs(binary: string, args: string[]): string[] {
  return userInfo().uid === 0 ? ["runuser", "-u", "postgres", "--", binary, ...args] : [binary, ...args];
}

export async function startPostgresCluster(): Promise<PostgresCluster | undefined> {
  const bin = postgresBinDir();
  if (bin === undefined) return undefined;
  const initdb = join(bin, "initdb");
  const pgCtl = join(bin, "pg_ctl");
  if (userInfo().uid === 0 && spawnSync("id", ["-u", "postgres"], { stdio: "ignore" }).status !== 0)
    throw new Error(
      "running as root, PostgreSQL needs a `postgres` user to run initdb as (initdb refuses root): create one (sudo useradd --system postgres), run the tests as another user, or set TEST_DATABASE_URL",
    );
  const dir = mkdtempSync(join(tmpdir(), "zino-pg-"));
  if (userInfo().uid === 0)
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
      Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
    );
  const dataDir = join(dir, "data");
  const port = await freePort();
  const [initCmd, ...initArgs] = runAs(initdb, ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  execFileSync(initCmd!, initArgs, { stdio: ["ignore", "ignore", "pipe"] });
  const conf = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    "fsync = off",
    "synchronous_commit = off",
    "full_page_writes = off",
    "max_connections = 200",
  ].join("\n");
  writeFileSync(join(dataDir, "postgresql.auto.conf"), conf + "\n");
  if (userInfo().uid === 0) execFileSync("chown", ["postgres", join(dataDir, "postgresql.auto.conf")]);
  const [ctlCmd, ...ctlArgs] = runAs(pgCtl, ["-D", dataDir, "-l", join(dir, "log"), "-w", "-t", "60", "start"]);
  execFileSync(ctlCmd!, ctlArgs, { stdio: ["ignore", "ignore", "pipe"] });
  let stopped = false;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgresql://postgres@/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    stop() {
      if (stopped) return;
      stopped = true;
      const [stopCmd, ...stopArgs] = runAs(pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      try {
        execFileSync(stopCmd!, stopArgs, { stdio: "ignore" });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
