// Create, next and events (docs/zelinqa-api.md §8.1–§8.3): each checks the pinned artefact and the state_version before calling
// the engine, and commits the engine's new state with a compare-and-swap on the stored version (docs/zelinqa-api.md §7). The
// engine owns state_version (+1 per successful /next or /events); the stored column mirrors it for the CAS.
import type { NextRequest, NextResponseBody, SessionCreateRequest, SessionEventsRequest, SessionStateBody } from "../contracts/index.js";
import {
  applySessionEvents as engineApplyEvents,
  createSession as engineCreateSession,
  nextQuestions as engineNext,
  parseSessionState,
} from "../engine/index.js";
import type { SessionState } from "../engine/index.js";
import type {
  DecisionRecord,
  SessionCreation,
  SessionEventRecord,
  SessionFactsWrite,
  SessionMutation,
  SessionRecord,
} from "../store/index.js";
import { engineDeps } from "./operation-deps.js";
import type { OperationDeps, Prepared } from "./operation-deps.js";
import { OperationError, engineRefusal } from "./operation-error.js";
import { sessionFactsWrite } from "./session-facts.js";
import { sessionArtifact } from "./draft-sessions.js";
import { loadSession, pinnedArtifact } from "./session-loading.js";

/** Who asks and when: the caller's domain, its request id, and the request's clock reading. */
export interface SessionCall {
  domainId: string;
  requestId: string;
  now: Date;
}

/** A mutation's session may come already read (with the idempotency reservation, sql-session-reservation.ts). */
interface MutationCall extends SessionCall {
  sessionId: string;
  session?: SessionRecord | null | undefined;
}

/** The common head of /next and /events: the session, its pinned artefact, the version check, the parsed state. */
async function prepareMutation(deps: OperationDeps, call: MutationCall & { suppliedVersion: number }) {
  const session = await loadSession(deps, call.domainId, call.sessionId, call.session);
  const artifact = await pinnedArtifact(deps, session);
  if (call.suppliedVersion !== session.stateVersion) {
    throw new OperationError("state_version_conflict", {
      supplied_state_version: call.suppliedVersion,
      current_state_version: session.stateVersion,
    });
  }
  return { session, artifact, current: parseSessionState(session.state) };
}

function counters(view: Pick<SessionStateBody, "status" | "turn_count">) {
  return { status: view.status, turnCount: view.turn_count };
}

/** The writes of a /next or /events as data, committed by `store.commitSessionMutation` (the API's and `commit`'s path). */
function mutationOf(input: {
  session: SessionRecord;
  state: SessionState;
  counters: { status: string; turnCount: number };
  at: string;
  decision: DecisionRecord | null;
  event: Omit<SessionEventRecord, "sessionId" | "stateVersion" | "occurredAt">;
  facts: SessionFactsWrite;
}): Pick<Prepared<unknown>, "mutation"> {
  const { session, state, at } = input;
  const mutation: SessionMutation = {
    update: {
      id: session.id,
      expectedStateVersion: session.stateVersion,
      state,
      stateVersion: state.state_version,
      ...input.counters,
      updatedAt: at,
    },
    decision: input.decision,
    event: { ...input.event, sessionId: session.id, stateVersion: state.state_version, occurredAt: at },
    facts: input.facts,
  };
  return { mutation };
}

/** `publishedVersion`: the domain's published version as last read, pinned without reading it again (RequestContext.publishedVersion). */
export async function createSession(
  deps: OperationDeps,
  call: SessionCall & { request: SessionCreateRequest; publishedVersion?: string | undefined },
): Promise<Prepared<SessionStateBody>> {
  const { versionId, artifact } = await sessionArtifact(deps, { ...call, configuration: call.request.configuration });
  const result = await engineCreateSession(artifact, call.request, engineDeps(deps));
  if (!result.ok) throw engineRefusal(result.error);
  const { state, view } = result.value;
  const at = call.now.toISOString();
  const sessionId = view.session_id;
  const creation: SessionCreation = {
    session: {
      id: sessionId,
      domainId: call.domainId,
      configVersionId: versionId,
      state,
      stateVersion: state.state_version,
      ...counters(view),
      createdAt: at,
      updatedAt: at,
    },
    event: {
      sessionId,
      stateVersion: state.state_version,
      kind: "create",
      requestId: call.requestId,
      summary: { degraded: view.degraded },
      occurredAt: at,
    },
    facts: sessionFactsWrite({
      session: { id: sessionId, domainId: call.domainId, configVersionId: versionId, createdAt: at },
      kind: "create",
      before: null,
      after: state,
      progress: view.progress,
      at,
    }),
  };
  return { value: view, creation };
}

export async function nextQuestions(
  deps: OperationDeps,
  call: MutationCall & { request: NextRequest },
): Promise<Prepared<NextResponseBody>> {
  const { session, artifact, current } = await prepareMutation(deps, { ...call, suppliedVersion: call.request.state_version });
  const result = await engineNext(artifact, current, call.request, engineDeps(deps));
  if (!result.ok) throw engineRefusal(result.error);
  const { state, response } = result.value;
  const version = state.state_version;
  const at = call.now.toISOString();
  const decision =
    response.decision_id === null
      ? null
      : { id: response.decision_id, sessionId: session.id, stateVersion: version, candidates: response.candidates, createdAt: at };
  const summary = {
    action: response.action,
    decision_id: response.decision_id,
    stop_reason: response.stop_reason,
    turn_count: response.turn_count,
    degraded_reasons: response.degraded_reasons,
  };
  return {
    value: response,
    ...mutationOf({
      session,
      state,
      counters: counters(state),
      at,
      decision,
      event: { kind: "next", requestId: call.requestId, summary },
      facts: sessionFactsWrite({ session, kind: "next", before: current, after: state, progress: response.progress, at }),
    }),
  };
}

export async function applySessionEvents(
  deps: OperationDeps,
  call: MutationCall & { request: SessionEventsRequest },
): Promise<Prepared<SessionStateBody>> {
  const { session, artifact, current } = await prepareMutation(deps, { ...call, suppliedVersion: call.request.state_version });
  const result = await engineApplyEvents(artifact, current, call.request, engineDeps(deps));
  if (!result.ok) throw engineRefusal(result.error);
  const { state, view } = result.value;
  const at = call.now.toISOString();
  const event = { kind: "events" as const, requestId: call.requestId, summary: { degraded: view.degraded } };
  return {
    value: view,
    ...mutationOf({
      session,
      state,
      counters: counters(view),
      at,
      decision: null,
      event,
      facts: sessionFactsWrite({ session, kind: "events", before: current, after: state, progress: view.progress, at }),
    }),
  };
}
