// The SQLite adapter of the ctx store: one file, WAL, a busy timeout, migrations at open, every multi-row write
// in one transaction. Rows read back are parsed with the same schemas that validated them on the way in.
// Statements are prepared once; the rarely written tables (config, prompts, tools, skills, memory) are read
// through a cache that our own writes and any other connection's commit (`PRAGMA data_version`) invalidate.
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import BetterSqlite3, { type Statement } from "better-sqlite3";
import { z } from "zod";
import type { JsonObject } from "../config/index.js";
import { type SkillFile, SkillFileSchema, type ToolFile, ToolFileSchema } from "./agent-files.js";
import { ChatMessageSchema, canonicalChatMessage, type ChatMessage } from "../protocol/index.js";
import { openRowSealer, type RowSealer } from "./sealed-rows.js";
import { migrateSqlite } from "./sqlite-migrations.js";
import { type CtxStore, DEFAULT_KEY, type HardMemory, type PromptName, type TurnRecord } from "./store.js";

export interface SqliteStoreOptions {
  path: string;
  busyTimeoutMs?: number;
  /** The key that seals secrets at rest (sealed-rows.ts); default `<path>.key`, none for `:memory:`; null: none. */
  keyPath?: string | null;
}

const JsonObjectSchema = z.record(z.string(), z.unknown());
const TextRow = z.object({ text: z.string() });
const TurnRow = z.object({ turn_id: z.string(), full_text: z.string().nullable(), iterations: z.number().nullable() });
const HardRow = z.object({ id: z.number(), ctxkey: z.string(), tag: z.string().nullable(), messages: z.string(), created_at: z.string() });

function decode<T>(text: string, schema: z.ZodType<T>, what: string): T {
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`corrupt ${what} row in the ctx database: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

function textRows(rows: unknown[]): string[] {
  return rows.map((row) => TextRow.parse(row).text);
}

/** A history row: the common, well-formed case is checked by hand (see canonicalChatMessage), the rest by the schema. */
function decodeHistory(text: string) {
  return canonicalChatMessage(JSON.parse(text)) ?? decode(text, ChatMessageSchema, "history");
}

/** Cached reads are shared: past this many entries the cache starts over (many ctxkeys, each read once). */
const MAX_CACHED_READS = 20_000;
/** How long a turn id keeps a retried turn from being stored twice. */
const TURN_RECORD_DAYS = 30;
const PRUNE_EVERY_TURNS = 10_000;
/** History windows kept (one per ctxkey, `max_messages` messages each). */
const MAX_CACHED_TAILS = 2_000;

export function createSqliteStore(options: SqliteStoreOptions): CtxStore {
  const dir = dirname(options.path);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  const db = new BetterSqlite3(options.path);
  db.pragma("journal_mode = WAL");
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  // Deleted rows (a secret before it was sealed, a cleared history) are overwritten, not left in free pages.
  db.pragma("secure_delete = ON");
  const schemaVersion = migrateSqlite(db);
  const defaultKeyPath = options.path === ":memory:" ? undefined : `${options.path}.key`;
  let sealer: RowSealer;
  try {
    sealer = openRowSealer(db, options.keyPath === null ? undefined : options.keyPath ?? defaultKeyPath);
  } catch (err) {
    db.close();
    throw err;
  }
  const now = () => new Date().toISOString();
  let closed = false;

  const statements = new Map<string, Statement>();
  const stmt = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  // Reads of the rarely written tables, and the revision callers use to cache what they derive from them.
  const dataVersion = db.prepare("PRAGMA data_version").pluck();
  let seenDataVersion = dataVersion.get();
  let revision = 0;
  const reads = new Map<string, unknown>();
  /**
   * The newest `limit` history messages of recently read ctxkeys, kept in step with our own appends: every turn
   * appends, and the next build reads the same window back. Any other connection's commit drops them all.
   */
  const tails = new Map<string, { limit: number; messages: ChatMessage[] }>();
  const changed = () => {
    revision += 1;
    reads.clear();
    tails.clear();
  };
  /** Another connection (another process on the same file) committed since we last looked: drop the cache. */
  const checkOthers = () => {
    const version = dataVersion.get();
    if (version !== seenDataVersion) {
      seenDataVersion = version;
      changed();
    }
  };
  const cachedRead = <T>(key: string, read: () => T): T => {
    checkOthers();
    if (reads.has(key)) return reads.get(key) as T;
    const value = read();
    if (reads.size >= MAX_CACHED_READS) reads.clear();
    reads.set(key, value);
    return value;
  };

  /** One history append, all rows or none; built once (db.transaction per call was a visible cost). */
  const insertHistory = db.prepare("INSERT INTO history (ctxkey, message, created_at) VALUES (?, ?, ?)");
  const appendRows = db.transaction((ctxkey: string, texts: readonly string[], at: string) => {
    for (const text of texts) insertHistory.run(ctxkey, text, at);
  });

  // Turn records only have to outlive the retries of their turn: the old ones go at open and every so often.
  const pruneTurns = db.prepare("DELETE FROM turns WHERE created_at < ?");
  const prune = () => pruneTurns.run(new Date(Date.now() - TURN_RECORD_DAYS * 86_400_000).toISOString());
  prune();
  let turnsSincePrune = 0;
  const insertTurn = db.prepare("INSERT INTO turns (ctxkey, turn_id, full_text, iterations, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
  const appendTurnRows = db.transaction((ctxkey: string, texts: readonly string[], turn: TurnRecord, at: string): boolean => {
    if (insertTurn.run(ctxkey, turn.id, turn.fullText ?? null, turn.iterations ?? null, at).changes === 0) return false;
    for (const text of texts) insertHistory.run(ctxkey, text, at);
    return true;
  });

  /** The `default` rows first, then the ctxkey's own, so that its own win by name. */
  const byName = <T extends { name: string }>(table: "tools" | "skills", ctxkey: string, schema: z.ZodType<T>): T[] => cachedRead(`${table}\0${ctxkey}`, () => {
    const rows = stmt(`SELECT definition AS text FROM ${table} WHERE ctxkey IN (?, ?) ORDER BY ctxkey = ?, name`).all(DEFAULT_KEY, ctxkey, ctxkey);
    const merged = new Map<string, T>();
    for (const text of textRows(rows)) {
      const item = decode(text, schema, table);
      merged.set(item.name, item);
    }
    return [...merged.values()];
  });

  const readConfigRow = (ctxkey: string, layer: "file" | "set"): JsonObject | undefined => {
    const row = stmt("SELECT value AS text FROM config WHERE ctxkey = ? AND layer = ?").get(ctxkey, layer);
    return row === undefined ? undefined : sealer.openConfig(decode(TextRow.parse(row).text, JsonObjectSchema, "config"));
  };
  const configRow = (ctxkey: string, layer: "file" | "set"): JsonObject | undefined =>
    cachedRead(`config\0${ctxkey}\0${layer}`, () => readConfigRow(ctxkey, layer));

  return {
    kind: "sqlite",
    schemaVersion,

    importInstance({ defaults, agents }) {
      db.transaction(() => {
        const at = now();
        db.prepare("INSERT INTO config (ctxkey, layer, value, updated_at) VALUES (?, 'file', ?, ?) ON CONFLICT (ctxkey, layer) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
          .run(DEFAULT_KEY, sealer.configText(defaults), at);
        if (!agents) return;
        const prompt = db.prepare("INSERT INTO prompts (ctxkey, name, content, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (ctxkey, name) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at");
        const prompts: [PromptName, string | undefined][] = [["system", agents.systemTemplate], ["personality", agents.personality]];
        for (const [name, content] of prompts) {
          if (content === undefined) db.prepare("DELETE FROM prompts WHERE ctxkey = ? AND name = ?").run(DEFAULT_KEY, name);
          else prompt.run(DEFAULT_KEY, name, content, at);
        }
        for (const [table, items] of [["tools", agents.tools], ["skills", agents.skills]] as const) {
          db.prepare(`DELETE FROM ${table} WHERE ctxkey = ?`).run(DEFAULT_KEY);
          const insert = db.prepare(`INSERT INTO ${table} (ctxkey, name, definition, updated_at) VALUES (?, ?, ?, ?)`);
          for (const item of items) insert.run(DEFAULT_KEY, item.name, JSON.stringify(item), at);
        }
      }).immediate();
      changed();
    },

    configLayers(ctxkey) {
      const inherited = [configRow(DEFAULT_KEY, "file")];
      if (ctxkey !== DEFAULT_KEY) inherited.push(configRow(DEFAULT_KEY, "set"));
      return { inherited: inherited.filter((layer): layer is JsonObject => layer !== undefined), own: configRow(ctxkey, "set") };
    },

    updateOwnConfig(ctxkey, compute) {
      try {
        db.transaction(() => {
          const next = compute(readConfigRow(ctxkey, "set") ?? {});
          stmt("INSERT INTO config (ctxkey, layer, value, updated_at) VALUES (?, 'set', ?, ?) ON CONFLICT (ctxkey, layer) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
            .run(ctxkey, sealer.configText(next), now());
        }).immediate();
      } finally {
        changed();
      }
    },

    prompt(ctxkey, name) {
      return cachedRead(`prompt\0${ctxkey}\0${name}`, () =>
        textRows(stmt("SELECT content AS text FROM prompts WHERE name = ? AND ctxkey IN (?, ?) ORDER BY ctxkey = ? DESC").all(name, ctxkey, DEFAULT_KEY, ctxkey))[0]);
    },

    tools: (ctxkey) => byName<ToolFile>("tools", ctxkey, ToolFileSchema),
    skills: (ctxkey) => byName<SkillFile>("skills", ctxkey, SkillFileSchema),

    appendHistory(ctxkey, messages) {
      checkOthers();
      const texts = messages.map((message) => JSON.stringify(message));
      appendRows.immediate(ctxkey, texts, now());
      const tail = tails.get(ctxkey);
      // What a read would decode from the rows just written.
      if (tail) tail.messages = [...tail.messages, ...texts.map(decodeHistory)].slice(-tail.limit);
      return messages.length;
    },

    appendTurn(ctxkey, messages, turn) {
      checkOthers();
      const texts = messages.map((message) => JSON.stringify(message));
      if (!appendTurnRows.immediate(ctxkey, texts, turn, now())) return { count: 0, duplicate: true };
      if (++turnsSincePrune >= PRUNE_EVERY_TURNS) {
        turnsSincePrune = 0;
        prune();
      }
      const tail = tails.get(ctxkey);
      if (tail) tail.messages = [...tail.messages, ...texts.map(decodeHistory)].slice(-tail.limit);
      return { count: messages.length, duplicate: false };
    },

    storedTurn(ctxkey, turnId) {
      const row = stmt("SELECT turn_id, full_text, iterations FROM turns WHERE ctxkey = ? AND turn_id = ?").get(ctxkey, turnId);
      if (row === undefined) return undefined;
      const turn = TurnRow.parse(row);
      return { id: turn.turn_id, fullText: turn.full_text ?? undefined, iterations: turn.iterations ?? undefined };
    },

    history(ctxkey, limit) {
      if (limit === undefined) return textRows(stmt("SELECT message AS text FROM history WHERE ctxkey = ? ORDER BY id").all(ctxkey)).map(decodeHistory);
      checkOthers();
      const tail = tails.get(ctxkey);
      if (tail && tail.limit === limit) return tail.messages.slice();
      const rows = stmt("SELECT message AS text FROM (SELECT id, message FROM history WHERE ctxkey = ? ORDER BY id DESC LIMIT ?) ORDER BY id").all(ctxkey, limit);
      const messages = textRows(rows).map(decodeHistory);
      if (limit > 0) {
        if (tails.size >= MAX_CACHED_TAILS) tails.clear();
        tails.set(ctxkey, { limit, messages });
      }
      return messages.slice();
    },

    clearHistory(ctxkey) {
      tails.delete(ctxkey);
      return stmt("DELETE FROM history WHERE ctxkey = ?").run(ctxkey).changes;
    },

    softMemory(ctxkey) {
      return cachedRead(`soft\0${ctxkey}`, () =>
        textRows(stmt("SELECT soft AS text FROM memory WHERE ctxkey IN (?, ?) ORDER BY ctxkey = ? DESC").all(ctxkey, DEFAULT_KEY, ctxkey))[0]);
    },

    setSoftMemory(ctxkey, content) {
      try {
        stmt("INSERT INTO memory (ctxkey, soft, updated_at) VALUES (?, ?, ?) ON CONFLICT (ctxkey) DO UPDATE SET soft = excluded.soft, updated_at = excluded.updated_at")
          .run(ctxkey, content, now());
      } finally {
        changed();
      }
    },

    storeHardMemory(ctxkey, messages, tag) {
      try {
        const result = stmt("INSERT INTO hard_memory (ctxkey, tag, messages, created_at) VALUES (?, ?, ?, ?)")
          .run(ctxkey, tag ?? null, JSON.stringify(messages), now());
        return Number(result.lastInsertRowid);
      } finally {
        changed();
      }
    },

    hardMemories(ctxkeys) {
      if (ctxkeys.length === 0) return [];
      return cachedRead(`hard\0${ctxkeys.join("\0")}`, () => {
        const marks = ctxkeys.map(() => "?").join(", ");
        const rows = stmt(`SELECT id, ctxkey, tag, messages, created_at FROM hard_memory WHERE ctxkey IN (${marks}) ORDER BY id DESC`).all(...ctxkeys);
        return rows.map((raw): HardMemory => {
          const row = HardRow.parse(raw);
          return { id: row.id, ctxkey: row.ctxkey, tag: row.tag, messages: decode(row.messages, z.array(ChatMessageSchema), "hard_memory"), createdAt: row.created_at };
        });
      });
    },

    revision() {
      checkOthers();
      return revision;
    },

    value(ctxkey, key) {
      const row = stmt('SELECT value AS text FROM "values" WHERE ctxkey = ? AND key = ?').get(ctxkey, key);
      return row === undefined ? undefined : decode(sealer.openValue(TextRow.parse(row).text), z.unknown(), "values");
    },

    setValue(ctxkey, key, value) {
      stmt('INSERT INTO "values" (ctxkey, key, value, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (ctxkey, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at')
        .run(ctxkey, key, sealer.valueText(value), now());
    },

    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
