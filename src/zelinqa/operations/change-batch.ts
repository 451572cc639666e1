// A change batch applied to the stored draft's text (docs/zelinqa-api.md §12.3): parse, apply, publication warnings, serialise.
// On a largest draft (15 MB) that is one to four seconds of CPU, which a server runs in a compile thread (compile-pool.ts)
// rather than on its request thread; the JSON text goes in and out, so the request thread neither parses nor serialises it.
import { z } from "zod";
import { ConfigurationIssueSchema } from "../contracts/index.js";
import type { ConfigurationChange, ConfigurationIssue } from "../contracts/index.js";
import { applyChanges } from "../engine/index.js";
import type { AppliedChange, ApplyChangesContext } from "../engine/index.js";
import { parseStoredDraft } from "./stored-configuration.js";

export interface ChangeBatchInput {
  /** The stored draft's JSON text, or null before the first batch. */
  draftText: string | null;
  changes: readonly ConfigurationChange[];
  context: ApplyChangesContext;
}

export type ChangeBatchResult =
  | { ok: true; draftText: string; revision: number; applied: AppliedChange[]; warnings: ConfigurationIssue[] }
  | { ok: false; issues: ConfigurationIssue[] };

/** Below this, a batch runs on the request thread: a thread's round trip (and its start) would cost more than it saves. */
export const THREADED_DRAFT_CHARS = 1 << 20;

export function applyChangeBatch(input: ChangeBatchInput): ChangeBatchResult {
  const draft = input.draftText === null ? null : parseStoredDraft(JSON.parse(input.draftText));
  const result = applyChanges(draft, input.changes, input.context);
  if (!result.ok) return { ok: false, issues: result.issues };
  const { draft: changed, applied, warnings } = result;
  return { ok: true, draftText: JSON.stringify(changed), revision: changed.draft_revision, applied, warnings };
}

const AuditRecordSchema = z.record(z.string(), z.unknown()).nullable();

/** What a compile thread answers for a batch (the boundary between threads is parsed like any other). */
export const ChangeBatchResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    draftText: z.string(),
    revision: z.number().int(),
    applied: z.array(
      z.object({
        change_index: z.number().int(),
        action: z.string(),
        resource: z.object({ type: z.enum(["objective", "dimension", "success_information", "question"]), id: z.string() }),
        diff: z.object({ before: AuditRecordSchema, after: AuditRecordSchema }),
      }),
    ),
    warnings: z.array(ConfigurationIssueSchema),
  }),
  z.object({ ok: z.literal(false), issues: z.array(ConfigurationIssueSchema) }),
]);
