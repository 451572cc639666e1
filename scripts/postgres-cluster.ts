// A throwaway PostgreSQL cluster in a temp dir, for the test command and benchmarks (never for production).
import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "../src/shared/free-port.js";

export interface PostgresCluster {
  /** Over TCP on 127.0.0.1. */
  url: string;
  /** The same server through its Unix socket (how a client on the database's own host usually connects). */
  socketUrl: string;
  stop(): void;
}

const BIN_DIRS = ["/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin", "/usr/local/bin", "/usr/bin"];

function findBinary(name: string): string | undefined {
  for (const dir of BIN_DIRS) {
    try {
      execFileSync("test", ["-x", join(dir, name)]);
      return join(dir, name);
    } catch {
      // not in this dir
    }
  }
  return undefined;
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (initdb refuses root). */
function runAs(binary: string, args: string[]): string[] {
  return userInfo().uid === 0 ? ["runuser", "-u", "postgres", "--", binary, ...args] : [binary, ...args];
}

export async function startPostgresCluster(): Promise<PostgresCluster | undefined> {
  const initdb = findBinary("initdb");
  const pgCtl = findBinary("pg_ctl");
  if (!initdb || !pgCtl) return undefined;
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
