// Process liveness for idempotency leases on a shared PostgreSQL (docs/zelinqa-api.md §6.5): each process holds a session-level
// advisory lock on its own key through one dedicated connection. A killed process's connection closes, the
// lock goes with it, and another process sees at once that the in-flight reservation has no live holder.
import { randomInt } from "node:crypto";
import pg from "pg";
import type { HolderLiveness } from "../sql-idempotency.js";

/** The first half of every holder lock key: keeps these locks apart from other advisory locks. */
const LOCK_CLASS = 0x5a51;

const objectIdOf = (holder: string): number | null => {
  const match = /^pg-lock:(-?\d+)$/.exec(holder);
  return match?.[1] === undefined ? null : Number(match[1]);
};

export function createPostgresLiveness(url: string): HolderLiveness {
  let current: Promise<{ client: pg.Client; holder: string } | null> | null = null;
  let closed = false;

  const connect = async (): Promise<{ client: pg.Client; holder: string } | null> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: "zelinqa-liveness" });
    client.on("error", () => undefined);
    try {
      await client.connect();
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const objectId = randomInt(-2_147_483_648, 2_147_483_647);
        const row = (await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1::int, $2::int) AS ok", [LOCK_CLASS, objectId]))
          .rows[0];
        if (row?.ok) {
          // A dropped connection releases the lock: the next reservation opens a new one with a new id.
          client.once("end", () => {
            if (current !== null) current = null;
          });
          return { client, holder: `pg-lock:${objectId}` };
        }
      }
    } catch {
      // Unreachable now: reservations go on with the plain lease; the next one tries again.
    }
    await client.end().catch(() => undefined);
    return null;
  };

  return {
    async holder() {
      if (closed) return null;
      current ??= connect().then((held) => {
        if (held === null) current = null;
        return held;
      });
      return (await current)?.holder ?? null;
    },
    async isAlive(holder, db) {
      const objectId = objectIdOf(holder);
      if (objectId === null) return true;
      // Taking the lock for the length of a transaction proves nobody holds it; it is released at once.
      return db.transaction(async (tx) => {
        const row = await tx.get("SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS free", [LOCK_CLASS, objectId]);
        return row?.free !== true;
      });
    },
    async close() {
      closed = true;
      const held = await current;
      current = null;
      await held?.client.end().catch(() => undefined);
    },
  };
}
