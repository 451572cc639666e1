// The history of the PostgreSQL ctx store, shared by every host. An append is one statement: it takes the
// ctxkey's head row (created at the first append), moves its `last_seq` on by the number of messages and inserts
// them under the numbers it got. The head row's lock serialises appends of one ctxkey across hosts until commit,
// so each append's messages stay together and in order, and readers see them in that order (by `seq`). A turn
// append adds its turn record in the same statement: a retried turn (same `turn_id`) stores nothing.
// History is not cached here: another host may have appended since.
import { z } from "zod";
import type { PgConnection } from "./pg-connection.js";
import type { HistoryRows } from "./sqlite-history.js";
import { newestTextsWithin, textsWithin } from "./history-bound.js";
import { PRUNE_EVERY_TURNS, decodeHistory, textRows, turnRecordOf, turnRecordsBefore } from "./store-rows.js";

const APPEND = `
  WITH head AS (
    INSERT INTO zino_ctx_history_heads AS h (ctxkey, last_seq) VALUES ($1, cardinality($2::text[]))
    ON CONFLICT (ctxkey) DO UPDATE SET last_seq = h.last_seq + cardinality($2::text[])
    RETURNING last_seq)
  INSERT INTO zino_ctx_history (ctxkey, seq, message, created_at)
  SELECT $1, head.last_seq - cardinality($2::text[]) + m.ord, m.message, $3
  FROM head, unnest($2::text[]) WITH ORDINALITY AS m(message, ord)`;

/** The newest rows ($2 of them, all when null) while the characters before each are at most $3, newest first. */
const BOUNDED_HISTORY = `
  SELECT message AS text FROM (
    SELECT seq, message, sum(char_length(message)) OVER (ORDER BY seq DESC) - char_length(message) AS before
    FROM zino_ctx_history WHERE ctxkey = $1 ORDER BY seq DESC LIMIT $2) AS tail
  WHERE before <= $3 ORDER BY seq DESC`;

/** The same, only when the turn record is new; says whether it was (`fresh`). */
const APPEND_TURN = `
  WITH turn AS (
    INSERT INTO zino_ctx_turns (ctxkey, turn_id, full_text, iterations, message_sha256, created_at) VALUES ($1, $4, $5, $6, $7, $3)
    ON CONFLICT DO NOTHING RETURNING 1),
  head AS (
    INSERT INTO zino_ctx_history_heads AS h (ctxkey, last_seq) SELECT $1, cardinality($2::text[]) FROM turn
    ON CONFLICT (ctxkey) DO UPDATE SET last_seq = h.last_seq + cardinality($2::text[])
    RETURNING last_seq),
  rows AS (
    INSERT INTO zino_ctx_history (ctxkey, seq, message, created_at)
    SELECT $1, head.last_seq - cardinality($2::text[]) + m.ord, m.message, $3
    FROM head, unnest($2::text[]) WITH ORDINALITY AS m(message, ord) RETURNING 1)
  SELECT (SELECT count(*) FROM turn)::int AS fresh`;

const FreshRow = z.object({ fresh: z.number() });

export function createPgHistory(options: { connection: PgConnection; now: () => string }): HistoryRows {
  const {
    connection: { query },
    now,
  } = options;
  let turnsSincePrune = 0;
  const prune = () => query("DELETE FROM zino_ctx_turns WHERE created_at < $1", [turnRecordsBefore(Date.now())]);

  return {
    async appendHistory(ctxkey, messages) {
      if (messages.length === 0) return 0;
      await query(APPEND, [ctxkey, messages.map((message) => JSON.stringify(message)), now()]);
      return messages.length;
    },

    async appendTurn(ctxkey, messages, turn) {
      const texts = messages.map((message) => JSON.stringify(message));
      const record = [turn.id, turn.fullText ?? null, turn.iterations ?? null, turn.messageSha256 ?? null];
      const result = await query(APPEND_TURN, [ctxkey, texts, now(), ...record]);
      if (FreshRow.parse(result.rows[0]).fresh === 0) return { count: 0, duplicate: true };
      // Turn records only have to outlive the retries of their turn.
      if (++turnsSincePrune >= PRUNE_EVERY_TURNS) {
        turnsSincePrune = 0;
        await prune();
      }
      return { count: messages.length, duplicate: false };
    },

    async storedTurn(ctxkey, turnId) {
      const sql = "SELECT turn_id, full_text, iterations, message_sha256 FROM zino_ctx_turns WHERE ctxkey = $1 AND turn_id = $2";
      const row = (await query(sql, [ctxkey, turnId])).rows[0] as unknown;
      return row === undefined ? undefined : turnRecordOf(row);
    },

    async history(ctxkey, limit, maxChars) {
      if (maxChars !== undefined) {
        // Only the rows up to the first past the bound leave the database (LIMIT NULL is no limit).
        const result = await query(BOUNDED_HISTORY, [ctxkey, limit ?? null, maxChars]);
        return textsWithin(textRows(result.rows), maxChars).map(decodeHistory);
      }
      const result =
        limit === undefined
          ? await query("SELECT message AS text FROM zino_ctx_history WHERE ctxkey = $1 ORDER BY seq", [ctxkey])
          : await query(
              "SELECT message AS text FROM (SELECT seq, message FROM zino_ctx_history WHERE ctxkey = $1 ORDER BY seq DESC LIMIT $2) AS tail ORDER BY seq",
              [ctxkey, limit],
            );
      return textRows(result.rows).map(decodeHistory);
    },

    async newestHistory(ctxkey, limit, maxChars) {
      if (limit <= 0) return [];
      const result = await query(BOUNDED_HISTORY, [ctxkey, limit, maxChars]);
      return newestTextsWithin(textRows(result.rows), maxChars).kept.map(decodeHistory);
    },

    async clearHistory(ctxkey) {
      // The head row stays: numbers keep rising, so an append racing the clear never reuses one.
      return (await query("DELETE FROM zino_ctx_history WHERE ctxkey = $1", [ctxkey])).rowCount ?? 0;
    },
  };
}
