// [ext] The studio's conversations (issue 15): the filtered list (newest first, keyset cursor) and one
// session's transcript. Sessions recorded before the studio's facts existed have no turn rows: their transcript
// is rebuilt from the stored outcomes, with the progress known only at the end (`history: "partial"`).
import { SessionCursorSchema } from "../contracts/index.js";
import type { SessionListQuery } from "../contracts/index.js";
import { parseSessionState, sessionView } from "../engine/index.js";
import type { CompiledArtifact } from "../engine/index.js";
import type { SessionFactsRecord, SessionTurnRecord } from "../store/index.js";
import type { OperationDeps } from "./operation-deps.js";
import { OperationError } from "./operation-error.js";
import { stopReasonOf } from "./session-facts.js";
import { loadSession, pinnedArtifact } from "./session-loading.js";

/** The cursor's fields, or null when it is not one this list issued. */
function decodeCursor(raw: string): { c: string; s: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = SessionCursorSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function badCursor(): OperationError {
  return new OperationError("invalid_request", { issues: [{ path: "query.cursor", message: "unknown or malformed cursor" }] });
}

function summaryView(f: SessionFactsRecord) {
  return {
    session_id: f.sessionId,
    status: f.status,
    stop_reason: f.stopReason,
    objective_reached: f.objectiveReached,
    turns: f.turns,
    configuration_version: f.configVersionId,
    created_at: f.createdAt,
    updated_at: f.updatedAt,
  };
}

export async function listConversations(deps: Pick<OperationDeps, "store">, input: { domainId: string; query: SessionListQuery }) {
  const { query } = input;
  if (query.from !== undefined && query.to !== undefined && Date.parse(query.from) >= Date.parse(query.to)) {
    throw new OperationError("invalid_request", { issues: [{ path: "query.to", message: "must be after from" }] });
  }
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (cursor === null) throw badCursor();
  const rows = await deps.store.listSessionFacts({
    domainId: input.domainId,
    status: query.status,
    stopReason: query.stop_reason,
    objectiveReached: query.objective_reached === undefined ? undefined : query.objective_reached === "true",
    configurationVersion: query.configuration_version,
    from: query.from === undefined ? undefined : new Date(query.from).toISOString(),
    to: query.to === undefined ? undefined : new Date(query.to).toISOString(),
    limit: query.limit + 1,
    before: cursor === undefined ? undefined : { createdAt: cursor.c, sessionId: cursor.s },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? Buffer.from(JSON.stringify({ c: last.createdAt, s: last.sessionId })).toString("base64url") : null;
  return { sessions: page.map(summaryView), next_cursor: nextCursor };
}

function labels(artifact: CompiledArtifact) {
  const dimension = (id: string) => artifact.dimensionById.get(id)?.name ?? id;
  const question = (id: string) => artifact.questionById.get(id)?.text ?? id;
  return { dimension, question };
}

function turnView(artifact: CompiledArtifact, t: SessionTurnRecord) {
  const label = labels(artifact);
  const questionIds = t.outcomes.map((o) => o.question_id);
  return {
    turn: t.turn,
    kind: t.kind,
    question_ids: questionIds,
    question_texts: questionIds.map(label.question),
    answer_text: null,
    outcome: t.outcomes[0]?.outcome ?? null,
    extracted: t.extracted,
    progress: {
      overall: t.progress.overall,
      dimensions: t.progress.dimensions.map((d) => ({
        dimension_id: d.dimension_id,
        label: label.dimension(d.dimension_id),
        coverage: d.coverage,
      })),
    },
    occurred_at: t.occurredAt,
  };
}

export async function sessionTranscript(deps: OperationDeps, input: { domainId: string; sessionId: string }) {
  const session = await loadSession(deps, input.domainId, input.sessionId);
  const artifact = await pinnedArtifact(deps, session);
  const state = parseSessionState(session.state);
  const view = sessionView(artifact, state);
  const stored = await deps.store.listSessionTurns(session.id);
  const label = labels(artifact);
  const turns =
    stored.length > 0
      ? stored.map((t) => turnView(artifact, t))
      : state.outcomes.map((o, i) => ({
          turn: o.turn,
          kind: "next" as const,
          question_ids: [o.question_id],
          question_texts: [label.question(o.question_id)],
          answer_text: null,
          outcome: o.outcome,
          extracted: [],
          progress:
            i === state.outcomes.length - 1
              ? {
                  overall: view.progress.objective.progress,
                  dimensions: view.progress.dimensions.map((d) => ({
                    dimension_id: d.id,
                    label: label.dimension(d.id),
                    coverage: d.effective_status === "covered" ? 1 : d.progress,
                  })),
                }
              : null,
          occurred_at: o.occurred_at ?? session.updatedAt,
        }));
  const collected: Record<string, unknown> = {};
  for (const [id, target] of Object.entries(view.targets)) if (target.kind === "data" && "value" in target) collected[id] = target.value;
  return {
    session_id: session.id,
    status: state.status,
    stop_reason: stopReasonOf(state.status),
    configuration_version: session.configVersionId,
    history: stored.length > 0 ? ("complete" as const) : ("partial" as const),
    turns,
    collected,
  };
}
