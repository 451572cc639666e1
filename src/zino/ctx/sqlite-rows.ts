// Rows read back from the ctx database, parsed with the same schemas that validated them on the way in.
import { z } from "zod";
import { ChatMessageSchema, canonicalChatMessage } from "../protocol/index.js";

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
