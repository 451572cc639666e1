// How a host hears of the other hosts' changes to the rarely written tables: one connection listening on
// `zino_ctx_changes` (the triggers of pg-migrations.ts notify it on every commit that touches them). While that
// connection is down, `live()` is false and the store caches nothing; it reconnects on its own.
//
// A connection can also die silently (a frozen server, a firewall or NAT dropping an idle connection): no error, no
// end, and no notification either, for as long as TCP takes to notice. So the feed asks the connection for an answer
// every HEARTBEAT_MS: `live()` is false once the last answer is older than TRUSTED_FOR_MS (what was cached may then
// be stale by that much at most), and a connection that gives none within ANSWER_WITHIN_MS is dropped and replaced.
import pg from "pg";
import type { PostgresStoreSettings } from "../config/index.js";
import type { TimedQueryConfig } from "../../shared/pg-query-timeout.js";

export interface ChangeFeed {
  /** True while notifications arrive: what is cached is then current, to a notification's delay. */
  live(): boolean;
  close(): Promise<void>;
}

const CHANNEL = "zino_ctx_changes";
const RECONNECT_MS = 1000;
export const HEARTBEAT_MS = 1000;
export const TRUSTED_FOR_MS = 2500;
const ANSWER_WITHIN_MS = 5000;

/** Resolves once listening; a failure at start rejects (the caller has just reached the database). */
export async function startChangeFeed(settings: PostgresStoreSettings, onChange: () => void): Promise<ChangeFeed> {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** When the listening connection last answered (its LISTEN, then each heartbeat). */
  let answeredAt = 0;
  const trusted = () => listening && Date.now() - answeredAt <= TRUSTED_FOR_MS;

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
    answeredAt = Date.now();
    // Whatever changed while nobody listened is unknown: start from nothing cached.
    onChange();
  };

  const heartbeat = () => {
    const current = client;
    if (!current || !listening) return;
    const ping: TimedQueryConfig = { text: "SELECT 1", query_timeout: ANSWER_WITHIN_MS };
    current.query(ping).then(
      () => {
        if (client !== current) return;
        // After a silence, notifications may have been missed or be late: nothing cached from before is kept.
        if (!trusted()) onChange();
        answeredAt = Date.now();
      },
      () => lost(current),
    );
  };
  const beat = setInterval(heartbeat, HEARTBEAT_MS).unref();

  try {
    await connect();
  } catch (err) {
    clearInterval(beat);
    const failed = client;
    client = undefined;
    await failed?.end().catch(() => undefined);
    throw err;
  }
  return {
    live: trusted,
    async close() {
      closed = true;
      clearInterval(beat);
      clearTimeout(retry);
      listening = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
