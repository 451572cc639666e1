// Test databases for the Zelinqa store and API: a fresh SQLite file in a temp dir, or a fresh PostgreSQL
// database created on the cluster named by TEST_DATABASE_URL (started by scripts/run-tests.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openStore, type ZelinqaStore } from "../../src/zelinqa/store/index.js";
import { missingRequirements, needs, requirement } from "./system-requirements.js";

export type BackendName = "sqlite" | "postgres";

export interface TestDatabase {
  backend: BackendName;
  /** What `openStore` needs to reach this database (another process can use it too). */
  databaseUrl?: string;
  sqlitePath?: string;
  open(): ZelinqaStore;
  drop(): Promise<void>;
}

export const BACKENDS: readonly BackendName[] = ["sqlite", "postgres"];

/** The reason PostgreSQL tests skip, or undefined when they can run. */
export function postgresSkipReason(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return undefined;
  return missingRequirements().includes("postgresql") || requirement("postgresql").find() === undefined
    ? needs("postgresql") || "the PostgreSQL server binaries are not installed (install: sudo apt-get install postgresql)"
    : "TEST_DATABASE_URL is unset (run through npm test)";
}

export function skipReason(backend: BackendName): string | undefined {
  return backend === "postgres" ? postgresSkipReason() : undefined;
}

export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is unset");
  const name = `zq_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function createTestDatabase(backend: BackendName): Promise<TestDatabase> {
  if (backend === "postgres") {
    const database = await createPostgresDatabase();
    return {
      backend,
      databaseUrl: database.url,
      open: () => openStore({ databaseUrl: database.url, maxConnections: 20 }),
      drop: database.drop,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "zelinqa-sqlite-"));
  const sqlitePath = join(dir, "zelinqa.sqlite");
  return {
    backend,
    sqlitePath,
    open: () => openStore({ sqlitePath }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
