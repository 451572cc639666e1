// [ext] Facts for sessions recorded before the studio's tables existed (issue 15): their summary, outcomes and
// final dimension coverage, rebuilt from the stored state once, in batches, in the background. Their turns are
// not rebuilt (the values extracted at each turn were never stored), so their transcripts say `partial`.
import { parseSessionState, sessionView } from "../engine/index.js";
import type { OperationDeps } from "./operation-deps.js";
import { sessionFactsWrite } from "./session-facts.js";

const BATCH = 200;

/** Rebuilds the facts of every session that has none; returns how many were rebuilt. */
export async function backfillSessionFacts(deps: OperationDeps, signal?: AbortSignal): Promise<number> {
  let done = 0;
  for (;;) {
    if (signal?.aborted) return done;
    const batch = await deps.store.listSessionsWithoutFacts(BATCH);
    if (batch.length === 0) return done;
    const before = done;
    for (const { id, domainId } of batch) {
      const session = await deps.store.getSession(domainId, id);
      if (!session) continue;
      const state = parseSessionState(session.state);
      const loaded = await deps.artifacts.get(domainId, session.configVersionId);
      const progress = loaded
        ? sessionView(loaded.artifact, state).progress
        : {
            objective: {
              computed_status: "not_started" as const,
              progress: 0,
              client_override: null,
              effective_status: "not_started" as const,
            },
            dimensions: [],
          };
      const write = sessionFactsWrite({
        session: { id, domainId, configVersionId: session.configVersionId, createdAt: session.createdAt },
        kind: "next",
        before: null,
        after: state,
        progress,
        at: session.updatedAt,
      });
      await deps.store.recordSessionFacts({ ...write, turn: null, onlyIfAbsent: true });
      done += 1;
    }
    if (batch.length < BATCH || done === before) return done;
  }
}
