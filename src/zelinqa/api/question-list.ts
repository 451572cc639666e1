// The question listing of docs/zelinqa-api.md §12.2: filters, opaque offset cursors bound to the query, and the CSV export.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { ConfiguredQuestion, QuestionListQuery } from "../contracts/index.js";
import { QUESTION_CSV_HEADER } from "../contracts/index.js";
import { safeCsvText } from "./csv.js";
import { normalise } from "../understand/index.js";
import { OperationError } from "../operations/index.js";

export function filterQuestions(questions: readonly ConfiguredQuestion[], query: QuestionListQuery): ConfiguredQuestion[] {
  const search = query.search === undefined ? undefined : normalise(query.search);
  return questions.filter(
    (q) =>
      (query.dimension_id === undefined || q.dimension_id === query.dimension_id) &&
      (query.active === undefined || String(q.active) === query.active) &&
      (query.type === undefined || q.type === query.type) &&
      (search === undefined || normalise(q.text).includes(search)),
  );
}

function queryHash(query: QuestionListQuery): string {
  const key = [query.state, query.dimension_id ?? "", query.active ?? "", query.type ?? "", query.search ?? ""].join("\u0000");
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

const CursorSchema = z.object({ o: z.number().int().min(0), h: z.string() });

export function encodeCursor(offset: number, hash: string): string {
  return Buffer.from(JSON.stringify({ o: offset, h: hash })).toString("base64url");
}

/** Decodes a cursor; one that is malformed or was issued for another query is `400 invalid_request`. */
export function decodeCursor(cursor: string, hash: string, param = "cursor"): number {
  const bad = () => new OperationError("invalid_request", { issues: [{ path: `query.${param}`, message: "invalid cursor" }] });
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw bad();
  }
  const parsed = CursorSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.h !== hash) throw bad();
  return parsed.data.o;
}

export function pageQuestions(questions: readonly ConfiguredQuestion[], query: QuestionListQuery) {
  const hash = queryHash(query);
  const offset = query.cursor === undefined ? 0 : decodeCursor(query.cursor, hash);
  const page = questions.slice(offset, offset + query.limit);
  const next = offset + query.limit < questions.length ? encodeCursor(offset + query.limit, hash) : null;
  return { page, next };
}

/**
 * docs/zelinqa-api.md §12.2: `text` always quoted, `choices` joined with `|` and quoted when non-empty, `\n` endings; a
 * cell that a spreadsheet would run as a formula (leading `=`, `+`, `-`, `@`, tab or CR) starts with `'` instead.
 */
export function questionsCsv(questions: readonly ConfiguredQuestion[]): string {
  const lines = [QUESTION_CSV_HEADER];
  for (const q of questions) {
    const choices = q.choices.map((c) => c.id).join("|");
    lines.push(
      [
        safeCsvText(q.id),
        safeCsvText(q.text, true),
        q.type,
        q.selection_mode ?? "",
        choices === "" ? "" : safeCsvText(choices, true),
        q.source,
        safeCsvText(q.dimension_id),
        String(q.active),
      ].join(","),
    );
  }
  return lines.join("\n") + "\n";
}
