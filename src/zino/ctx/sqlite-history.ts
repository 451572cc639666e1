// The history of the SQLite ctx store: appends (all rows or none), turn records that keep a retried turn from
// being stored twice (pruned past TURN_RECORD_DAYS), and history windows served from the read cache's tails.
import type { SqliteConnection } from "./sqlite-connection.js";
import type { ReadCache } from "./read-cache.js";
import { PRUNE_EVERY_TURNS, decodeHistory, textRows, turnRecordOf, turnRecordsBefore } from "./store-rows.js";
import type { CtxStore, TurnRecord } from "./store.js";

/** History windows kept (one per ctxkey, `max_messages` messages each). */
const MAX_CACHED_TAILS = 2_000;

export type HistoryRows = Pick<CtxStore, "appendHistory" | "appendTurn" | "storedTurn" | "history" | "clearHistory">;

export function createSqliteHistory(options: { connection: SqliteConnection; cache: ReadCache; now: () => string }): HistoryRows {
  const {
    connection: { db, stmt },
    cache,
    now,
  } = options;
  const { tails } = cache;

  /** One history append, all rows or none; built once (db.transaction per call was a visible cost). */
  const insertHistory = db.prepare("INSERT INTO history (ctxkey, message, created_at) VALUES (?, ?, ?)");
  const appendRows = db.transaction((ctxkey: string, texts: readonly string[], at: string) => {
    for (const text of texts) insertHistory.run(ctxkey, text, at);
  });

  // Turn records only have to outlive the retries of their turn: the old ones go at open and every so often.
  const pruneTurns = db.prepare("DELETE FROM turns WHERE created_at < ?");
  const prune = () => pruneTurns.run(turnRecordsBefore(Date.now()));
  prune();
  let turnsSincePrune = 0;
  const insertTurn = db.prepare(
    "INSERT INTO turns (ctxkey, turn_id, full_text, iterations, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
  );
  const appendTurnRows = db.transaction((ctxkey: string, texts: readonly string[], turn: TurnRecord, at: string): boolean => {
    if (insertTurn.run(ctxkey, turn.id, turn.fullText ?? null, turn.iterations ?? null, at).changes === 0) return false;
    for (const text of texts) insertHistory.run(ctxkey, text, at);
    return true;
  });

  /** What a read would decode from the rows just written. */
  const followTail = (ctxkey: string, texts: readonly string[]) => {
    const tail = tails.get(ctxkey);
    if (tail) tail.messages = [...tail.messages, ...texts.map(decodeHistory)].slice(-tail.limit);
  };

  return {
    async appendHistory(ctxkey, messages) {
      cache.checkOthers();
      const texts = messages.map((message) => JSON.stringify(message));
      appendRows.immediate(ctxkey, texts, now());
      followTail(ctxkey, texts);
      return messages.length;
    },

    async appendTurn(ctxkey, messages, turn) {
      cache.checkOthers();
      const texts = messages.map((message) => JSON.stringify(message));
      if (!appendTurnRows.immediate(ctxkey, texts, turn, now())) return { count: 0, duplicate: true };
      if (++turnsSincePrune >= PRUNE_EVERY_TURNS) {
        turnsSincePrune = 0;
        prune();
      }
      followTail(ctxkey, texts);
      return { count: messages.length, duplicate: false };
    },

    async storedTurn(ctxkey, turnId) {
      const row = stmt("SELECT turn_id, full_text, iterations FROM turns WHERE ctxkey = ? AND turn_id = ?").get(ctxkey, turnId);
      return row === undefined ? undefined : turnRecordOf(row);
    },

    async history(ctxkey, limit) {
      if (limit === undefined)
        return textRows(stmt("SELECT message AS text FROM history WHERE ctxkey = ? ORDER BY id").all(ctxkey)).map(decodeHistory);
      cache.checkOthers();
      const tail = tails.get(ctxkey);
      if (tail && tail.limit === limit) return tail.messages.slice();
      const rows = stmt(
        "SELECT message AS text FROM (SELECT id, message FROM history WHERE ctxkey = ? ORDER BY id DESC LIMIT ?) ORDER BY id",
      ).all(ctxkey, limit);
      const messages = textRows(rows).map(decodeHistory);
      if (limit > 0) {
        if (tails.size >= MAX_CACHED_TAILS) tails.clear();
        tails.set(ctxkey, { limit, messages });
      }
      return messages.slice();
    },

    async clearHistory(ctxkey) {
      tails.delete(ctxkey);
      return stmt("DELETE FROM history WHERE ctxkey = ?").run(ctxkey).changes;
    },
  };
}
