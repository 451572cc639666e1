// How a host hears of the other hosts' changes to the rarely written tables: one connection listening on
// `zino_ctx_changes` (the triggers of pg-migrations.ts notify it on every commit that touches them). While that
// connection is down, `live()` is false and the store caches nothing; it reconnects on its own.
import pg from "pg";
import type { PostgresStoreSettings } from "../config/index.js";

export interface ChangeFeed {
  /** True while notifications arrive: what is cached is then current, to a notification's delay. */
  live(): boolean;
  close(): Promise<void>;
}

const CHANNEL = "zino_ctx_changes";
const RECONNECT_MS = 1000;

/** Resolves once listening; a failure at start rejects (the caller has just reached the database). */
export async function startChangeFeed(settings: PostgresStoreSettings, onChange: () => void): Promise<ChangeFeed> {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (dead: pg.Client) => {
    if (client !== dead) return;
    client = undefined;
    listening = false;
    onChange();
    dead.end().catch(() => undefined);
    if (!closed) retry = setTimeout(reconnect, RECONNECT_MS).unref();
  };
  // A failed attempt is lost like a dropped connection (unless its error event already said so): another follows.
  const reconnect = () => {
    void connect().catch(() => {
      if (client) lost(client);
    });
  };

  const connect = async () => {
    const fresh = new pg.Client({
      connectionString: settings.url,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      keepAlive: true,
      application_name: "zino-ctx-changes",
    });
    client = fresh;
    fresh.on("error", () => lost(fresh));
    fresh.on("end", () => lost(fresh));
    fresh.on("notification", () => onChange());
    await fresh.connect();
    await fresh.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await fresh.end().catch(() => undefined);
      return;
    }
    listening = true;
    // Whatever changed while nobody listened is unknown: start from nothing cached.
    onChange();
  };

  try {
    await connect();
  } catch (err) {
    const failed = client;
    client = undefined;
    await failed?.end().catch(() => undefined);
    throw err;
  }
  return {
    live: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      listening = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
