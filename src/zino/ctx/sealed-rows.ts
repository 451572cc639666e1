// How the ctx stores keep secrets at rest: in `config` rows the secret fields (secret-fields.ts) are sealed one
// by one, so the rest stays readable with sqlite3 or psql; `values` rows (MCP session ids, the Zelinqa keys of the
// guide) are sealed whole. Rows an older SQLite ctx wrote in clear text are sealed when the store opens.
import { existsSync } from "node:fs";
import type { Database } from "better-sqlite3";
import { z } from "zod";
import { SecretKeyError, isSealed, openSecretBox, type SecretBox } from "./secret-box.js";
import { mapSecretFields } from "./secret-fields.js";

export interface RowSealer {
  readonly keyPath: string | undefined;
  /** Seals and opens any text with the key (the PostgreSQL store's key check); the identity without a key. */
  seal(clear: string): string;
  unseal(text: string): string;
  configText(config: unknown): string;
  /** A parsed config row with its secrets in clear. */
  openConfig<T>(config: T): T;
  valueText(value: unknown): string;
  /** The JSON text of a `values` row. */
  openValue(text: string): string;
}

export const SEALED_LIKE = "zino-sealed:v1:%";

/**
 * The sealer of a database file: its key at `keyPath` (created at first start). A missing key file while the
 * database holds sealed rows is refused: a new key would make them unreadable.
 */
export function openRowSealer(db: Database, keyPath: string | undefined): RowSealer {
  const sealer = keyedSealer(keyPath, keyPath !== undefined && holdsSealedRows(db));
  if (keyPath !== undefined) sealClearRows(db, sealer);
  return sealer;
}

/** The sealer of either adapter, given whether its database already holds sealed rows. */
export function keyedSealer(keyPath: string | undefined, holdsSealed: boolean): RowSealer {
  if (keyPath === undefined) return clearSealer();
  if (!existsSync(keyPath) && holdsSealed) {
    throw new SecretKeyError(
      `the ctx database holds sealed secrets but their key file ${keyPath} is missing; restore it (or clear the config and values tables)`,
    );
  }
  return boxSealer(openSecretBox(keyPath));
}

function clearSealer(): RowSealer {
  return {
    keyPath: undefined,
    seal: (clear) => clear,
    unseal: (text) => text,
    configText: (config) => JSON.stringify(config),
    openConfig: (config) => config,
    valueText: (value) => JSON.stringify(value),
    openValue: (text) => text,
  };
}

function boxSealer(box: SecretBox): RowSealer {
  const sealField = (secret: string) => (isSealed(secret) ? secret : box.seal(secret));
  return {
    keyPath: box.keyPath,
    seal: (clear) => box.seal(clear),
    unseal: (text) => box.unseal(text),
    configText: (config) => JSON.stringify(mapSecretFields(config, sealField)),
    openConfig: <T>(config: T) => mapSecretFields(config, (secret) => box.unseal(secret)) as T,
    valueText: (value) => box.seal(JSON.stringify(value)),
    openValue: (text) => box.unseal(text),
  };
}

function holdsSealedRows(db: Database): boolean {
  const sealedConfig = db.prepare("SELECT 1 FROM config WHERE value LIKE ? LIMIT 1").get("%zino-sealed:v1:%");
  const sealedValue = db.prepare('SELECT 1 FROM "values" WHERE value LIKE ? LIMIT 1').get(SEALED_LIKE);
  return sealedConfig !== undefined || sealedValue !== undefined;
}

const ConfigRow = z.object({ ctxkey: z.string(), layer: z.string(), value: z.string() });
const ValueRow = z.object({ ctxkey: z.string(), key: z.string(), value: z.string() });

/** Seals what an older ctx stored in clear, then checkpoints so the -wal keeps no clear copy. */
function sealClearRows(db: Database, sealer: RowSealer): void {
  let sealed = 0;
  db.transaction(() => {
    for (const raw of db.prepare("SELECT ctxkey, layer, value FROM config").all()) {
      const row = ConfigRow.parse(raw);
      const text = sealer.configText(JSON.parse(row.value));
      if (text === row.value) continue;
      db.prepare("UPDATE config SET value = ? WHERE ctxkey = ? AND layer = ?").run(text, row.ctxkey, row.layer);
      sealed += 1;
    }
    for (const raw of db.prepare('SELECT ctxkey, key, value FROM "values" WHERE value NOT LIKE ?').all(SEALED_LIKE)) {
      const row = ValueRow.parse(raw);
      db.prepare('UPDATE "values" SET value = ? WHERE ctxkey = ? AND key = ?').run(
        sealer.valueText(JSON.parse(row.value)),
        row.ctxkey,
        row.key,
      );
      sealed += 1;
    }
  }).immediate();
  if (sealed > 0) db.pragma("wal_checkpoint(TRUNCATE)");
}
