// Rows read back from the ctx database, by either adapter, parsed with the same schemas that validated them on the
// way in; and the row logic both adapters share (layers of a ctxkey, rows merged by name).
import { z } from "zod";
import type { JsonObject } from "../config/index.js";
import { ChatMessageSchema, canonicalChatMessage } from "../protocol/index.js";
import { DEFAULT_KEY, type ConfigLayer, type HardMemory, type TurnRecord } from "./store.js";

export const JsonObjectSchema = z.record(z.string(), z.unknown());
export const TextRow = z.object({ text: z.string() });

export function decode<T>(text: string, schema: z.ZodType<T>, what: string): T {
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`corrupt ${what} row in the ctx database: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

export function textRows(rows: unknown[]): string[] {
  return rows.map((row) => TextRow.parse(row).text);
}

/** A history row: the common, well-formed case is checked by hand (see canonicalChatMessage), the rest by the schema. */
export function decodeHistory(text: string) {
  return canonicalChatMessage(JSON.parse(text)) ?? decode(text, ChatMessageSchema, "history");
}

/** Tool or skill rows, the `default` ones first and then the ctxkey's own: its own win by name. */
export function mergeByName<T extends { name: string }>(texts: readonly string[], schema: z.ZodType<T>, table: string): T[] {
  const merged = new Map<string, T>();
  for (const text of texts) {
    const item = decode(text, schema, table);
    merged.set(item.name, item);
  }
  return [...merged.values()];
}

/** store.configLayers over a reader of one config row (see CtxStore.configLayers for the order). */
export async function configLayersOf(
  ctxkey: string,
  row: (ctxkey: string, layer: ConfigLayer) => JsonObject | undefined | Promise<JsonObject | undefined>,
): Promise<{ inherited: JsonObject[]; own: JsonObject | undefined }> {
  const inherited = [await row(DEFAULT_KEY, "file")];
  if (ctxkey !== DEFAULT_KEY) inherited.push(await row(DEFAULT_KEY, "set"));
  return { inherited: inherited.filter((layer): layer is JsonObject => layer !== undefined), own: await row(ctxkey, "set") };
}

const HardRow = z.object({
  id: z.union([z.number(), z.string()]),
  ctxkey: z.string(),
  tag: z.string().nullable(),
  messages: z.string(),
  created_at: z.string(),
});

export function hardMemoryOf(raw: unknown): HardMemory {
  const row = HardRow.parse(raw);
  return {
    id: Number(row.id),
    ctxkey: row.ctxkey,
    tag: row.tag,
    messages: decode(row.messages, z.array(ChatMessageSchema), "hard_memory"),
    createdAt: row.created_at,
  };
}

const TurnRow = z.object({
  turn_id: z.string(),
  full_text: z.string().nullable(),
  iterations: z.number().nullable(),
  message_sha256: z.string().nullable(),
});

export function turnRecordOf(raw: unknown): TurnRecord {
  const turn = TurnRow.parse(raw);
  const record: TurnRecord = { id: turn.turn_id, fullText: turn.full_text ?? undefined, iterations: turn.iterations ?? undefined };
  if (turn.message_sha256 !== null) record.messageSha256 = turn.message_sha256;
  return record;
}

/** How long a turn id keeps a retried turn from being stored twice (both adapters prune older turn records). */
export const TURN_RECORD_DAYS = 30;
export const PRUNE_EVERY_TURNS = 10_000;

export function turnRecordsBefore(nowMs: number): string {
  return new Date(nowMs - TURN_RECORD_DAYS * 86_400_000).toISOString();
}
