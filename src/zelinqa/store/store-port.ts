// The storage port of the Zelinqa API (docs/zelinqa-api.md §2.3): every persistent record and the operations the API needs.
// Engine values (draft, artefact, session state) are opaque JSON here; the engine owns their shapes.
import type { SessionFactsWrite } from "./studio-port.js";
import type { StudioStoreOperations } from "./studio-port.js";

/** `admin` [ext] acts on the key's organisation (domains, short-lived keys of its domains: issue 15). */
export type Scope = "runtime" | "configuration:read" | "configuration:write" | "configuration:publish" | "admin";
export const SCOPES: readonly Scope[] = ["runtime", "configuration:read", "configuration:write", "configuration:publish", "admin"];

export interface DomainRecord {
  id: string;
  name: string;
  organization: string;
  createdAt: string;
  publishedVersionId: string | null;
}

export interface ApiKeyRecord {
  id: string;
  keyHash: string;
  domainId: string;
  label: string | null;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

export interface DraftRecord {
  domainId: string;
  revision: number;
  content: unknown;
  updatedAt: string;
}

/** JSON serialised already (an artefact from a compile thread): stored as it is rather than serialised again. */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/**
 * What the writer of an artefact vouches for (docs/zelinqa-api.md §12.5): the SHA-256 of its stored text, and the
 * fingerprint of the artefact schema it fitted when written. A load finding both unchanged skips the schema check.
 */
export interface ArtifactSeal {
  sha256: string;
  schema: string;
}

/** A version's artefact as stored: its JSON text, and its seal (null for a version stored before seals). */
export interface StoredArtifact {
  text: string;
  seal: ArtifactSeal | null;
}

export interface ConfigVersionRecord {
  domainId: string;
  id: string;
  draftRevision: number;
  content: unknown;
  artifact: unknown;
  /** Written with the artefact's text when given; read back by getConfigVersionArtifact. */
  artifactSeal?: ArtifactSeal | null;
  /**
   * When set, the artefact's text was written in this many parts under `compilationId` (writeArtifactPart) and `artifact`
   * is not stored; reads join the parts.
   */
  artifactParts?: number | null;
  engineVersion: string;
  compilationId: string | null;
  publishedAt: string;
}

/** A version without its artefact, the largest part of it (44 MB for a largest configuration), which reads do not need. */
export type PublishedVersionRecord = Omit<ConfigVersionRecord, "artifact" | "artifactSeal">;
/** A version's identity alone: no content, no artefact. */
export type ConfigVersionHead = Omit<ConfigVersionRecord, "artifact" | "artifactSeal" | "content">;

export type CompilationStatusValue = "queued" | "running" | "succeeded" | "failed";

/** A compilation job as read for its status: without the draft snapshot it compiles (15 MB for a largest draft). */
export interface CompilationJobRecord {
  id: string;
  domainId: string;
  status: CompilationStatusValue;
  draftRevision: number;
  progress: number;
  error: unknown;
  configurationVersion: string | null;
  createdAt: string;
  updatedAt: string;
  leaseExpiresAt: string | null;
  requestId: string;
  actorKeyId: string;
  actorScopes: Scope[];
}

/** A job with its snapshot: the draft's JSON text, as it was when publication was requested, never parsed by the store. */
export interface QueuedCompilationJob extends CompilationJobRecord {
  snapshot: JsonText;
}

export interface SessionRecord {
  id: string;
  domainId: string;
  configVersionId: string;
  state: unknown;
  stateVersion: number;
  status: string;
  turnCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface SessionUpdate {
  id: string;
  expectedStateVersion: number;
  state: unknown;
  stateVersion: number;
  status: string;
  turnCount: number;
  updatedAt: string;
}

export interface DecisionRecord {
  id: string;
  sessionId: string;
  stateVersion: number;
  candidates: unknown;
  createdAt: string;
}

export interface SessionEventRecord {
  sessionId: string;
  stateVersion: number;
  kind: "create" | "next" | "events";
  requestId: string;
  /** Derived facts only (action, decision id, counters): never conversational text (docs/zelinqa-api.md §2.3). */
  summary: Record<string, unknown>;
  occurredAt: string;
}

/** The idempotency record a request completes together with its writes (docs/zelinqa-api.md §5.5 step 10). */
export interface IdempotencyCompletion {
  domainId: string;
  operation: string;
  key: string;
  token: string;
  response: StoredResponse;
}

/** One /next or /events write: the CAS update, its decision (if any), its journal row, its idempotency record. */
export interface SessionMutation {
  update: SessionUpdate;
  decision: DecisionRecord | null;
  event: SessionEventRecord;
  completion?: IdempotencyCompletion | undefined;
  /** [ext] The studio's facts of this turn (studio-port.ts), written once the mutation is committed. */
  facts?: SessionFactsWrite | undefined;
}

/** A new session's writes: its row, its first journal row, the studio's facts, its idempotency record. */
export interface SessionCreation {
  session: SessionRecord;
  event: SessionEventRecord;
  facts: SessionFactsWrite;
  completion?: IdempotencyCompletion | undefined;
}

/** A new session under an idempotency key never reserved, stored with the key's completed record. */
export interface NewKeyCreation {
  creation: Omit<SessionCreation, "completion">;
  reservation: IdempotencyReservation;
  response: StoredResponse;
  /**
   * Write nothing unless the session's configuration version is still its domain's published version when the
   * write commits: set when that version came from oneTripMutations.publishedVersion, which may be stale.
   */
  onlyIfPublished?: boolean | undefined;
}

/** Nothing is written unless the outcome is "committed". */
export type SessionCreationOutcome = "committed" | "idempotency_lost";

/** A mutation under an idempotency key never reserved, stored with the key's completed record (ZelinqaStore.oneTripMutations). */
export interface NewKeyCommit {
  mutation: Omit<SessionMutation, "completion">;
  reservation: IdempotencyReservation;
  response: StoredResponse;
}

/** Nothing is written unless the outcome is "committed". */
export type SessionMutationOutcome = "committed" | "state_version_conflict" | "idempotency_lost";

export interface FeedbackRecord {
  id: string;
  sessionId: string;
  result: string;
  label: string | null;
  metadata: Record<string, unknown> | null;
  source: "feedback" | "conversion";
  recordedAt: string;
}

export interface StoredResponse {
  status: number;
  body: string;
  contentType: string;
  requestId: string;
}

export interface IdempotencyRecord {
  domainId: string;
  operation: string;
  key: string;
  fingerprint: string;
  status: "in_flight" | "completed";
  token: string;
  leaseExpiresAt: string;
  response: StoredResponse | null;
  createdAt: string;
  expiresAt: string;
}

export interface IdempotencyReservation {
  domainId: string;
  operation: string;
  key: string;
  fingerprint: string;
  token: string;
  now: string;
  leaseExpiresAt: string;
  expiresAt: string;
}

export type ReserveOutcome =
  { kind: "reserved" } | { kind: "completed"; record: IdempotencyRecord } | { kind: "in_flight"; record: IdempotencyRecord };

/** A reservation made together with the read of the session it is about (null: no such session). The session
 * is absent when the reservation did not insert a fresh record (replays, contention, takeovers). */
export interface SessionReservation {
  outcome: ReserveOutcome;
  session?: SessionRecord | null;
}

export interface AuditEventRecord {
  id: string;
  domainId: string;
  occurredAt: string;
  action: string;
  resourceType: string;
  resourceId: string;
  actorKeyId: string;
  scopes: string[];
  requestId: string;
  diff: { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
  details: Record<string, unknown>;
}

export interface AuditPageQuery {
  domainId: string;
  limit: number;
  /** Keyset: only events older than this sequence number. */
  beforeSeq?: number;
  action?: string;
  resourceType?: string;
}

export interface JobFinish {
  id: string;
  status: "succeeded" | "failed";
  error: unknown;
  configurationVersion: string | null;
  now: string;
}

/** Every data operation; inside `transaction` the same operations run in one database transaction. */
export interface StoreOperations extends StudioStoreOperations {
  ensureOrganization(name: string, now: string): Promise<string>;
  createDomain(input: { id: string; name: string; organizationId: string; now: string }): Promise<DomainRecord>;
  getDomain(id: string): Promise<DomainRecord | null>;
  listDomains(): Promise<DomainRecord[]>;

  insertApiKey(key: ApiKeyRecord): Promise<void>;
  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  listApiKeys(domainId?: string): Promise<ApiKeyRecord[]>;
  revokeApiKey(id: string, now: string): Promise<boolean>;

  getDraft(domainId: string): Promise<DraftRecord | null>;
  /** The draft with its content unparsed (a change batch hands the text to a compile thread). */
  getDraftText(domainId: string): Promise<{ revision: number; text: string } | null>;
  /**
   * One part of a compilation's artefact text (its parts joined in order are the text), in its own short statement before
   * the version is published with `artifactParts`; written again, a part is replaced.
   */
  writeArtifactPart(input: { compilationId: string; part: number; text: string }): Promise<void>;
  /** The parts of a compilation that published no version (it failed after writing them). */
  deleteArtifactParts(compilationId: string): Promise<void>;
  /** The draft's revision alone (null without a draft): its content is not read. */
  getDraftRevision(domainId: string): Promise<number | null>;
  /** Compare-and-swap on the revision: false when `expectedRevision` is no longer current. `content` may be JsonText. */
  saveDraft(input: { domainId: string; expectedRevision: number; revision: number; content: unknown; now: string }): Promise<boolean>;

  getConfigVersion(domainId: string, id: string): Promise<ConfigVersionRecord | null>;
  /** The artefact of a version, unparsed (a largest one is 44 MB of JSON: the caller parses it in slices). */
  getConfigVersionArtifact(domainId: string, id: string): Promise<StoredArtifact | null>;
  /** The published version with its content, without its artefact (sessions load artefacts by id: getConfigVersion). */
  getPublishedVersion(domainId: string): Promise<PublishedVersionRecord | null>;
  getPublishedVersionHead(domainId: string): Promise<ConfigVersionHead | null>;
  /** Allocates the next `cfg_NNNNN` of the domain, stores the version and makes it the published one. */
  publishConfigVersion(input: Omit<ConfigVersionRecord, "id">): Promise<ConfigVersionRecord>;

  /** Inserts a queued job unless one is queued or running for the domain, which is returned instead. */
  enqueueCompilationJob(job: QueuedCompilationJob): Promise<{ inserted: true } | { inserted: false; active: CompilationJobRecord }>;
  getCompilationJob(domainId: string, id: string): Promise<CompilationJobRecord | null>;
  getActiveCompilationJob(domainId: string): Promise<CompilationJobRecord | null>;
  /**
   * Claims the oldest queued job (SKIP LOCKED on PostgreSQL) and marks it running with progress 0.1; its snapshot is read
   * with getLarge, off the request thread on SQLite.
   */
  claimCompilationJob(input: { now: string; leaseExpiresAt: string }): Promise<QueuedCompilationJob | null>;
  finishCompilationJob(input: JobFinish): Promise<boolean>;
  /** Running jobs whose lease expired become failed with `timeout`; returns them. */
  expireCompilationJobs(input: { now: string; error: unknown }): Promise<CompilationJobRecord[]>;
  /** Whether a job is queued or running past its lease at `now`: one cheap read before the worker's writes. */
  hasCompilationWork(now: string): Promise<boolean>;

  insertSession(session: SessionRecord): Promise<void>;
  getSession(domainId: string, id: string): Promise<SessionRecord | null>;
  /** `UPDATE … WHERE id = $1 AND state_version = $2` (docs/zelinqa-api.md §2.3): false when zero rows were updated. */
  /** `stateText`: the update's state already serialised, when the caller has it. */
  updateSession(update: SessionUpdate, stateText?: string): Promise<boolean>;
  insertDecision(decision: DecisionRecord): Promise<void>;
  getDecision(id: string): Promise<DecisionRecord | null>;
  appendSessionEvent(event: SessionEventRecord): Promise<void>;
  listSessionEvents(sessionId: string): Promise<SessionEventRecord[]>;
  insertFeedback(feedback: FeedbackRecord): Promise<void>;
  listFeedback(sessionId: string): Promise<FeedbackRecord[]>;

  reserveIdempotency(reservation: IdempotencyReservation): Promise<ReserveOutcome>;
  /** Stores the response of a reservation; false if the reservation was taken over (its token changed). */
  completeIdempotency(input: IdempotencyCompletion): Promise<boolean>;
  releaseIdempotency(input: { domainId: string; operation: string; key: string; token: string }): Promise<void>;
  getIdempotency(domainId: string, operation: string, key: string): Promise<IdempotencyRecord | null>;
  purgeIdempotency(now: string): Promise<number>;

  /** Counts one request of a key in the sliding window (api/rate-limiter.ts) unless that would pass `limit`;
   * true when counted (allowed). Times are epoch milliseconds. */
  hitRateLimit(hit: { keyId: string; start: number; previousStart: number; previousWeight: number; limit: number }): Promise<boolean>;
  /** Deletes the counts of windows that started before `beforeMs`. */
  purgeRateLimits(beforeMs: number): Promise<number>;

  insertAuditEvents(events: AuditEventRecord[]): Promise<void>;
  listAuditEvents(query: AuditPageQuery): Promise<Array<AuditEventRecord & { seq: number }>>;
}

export interface ZelinqaStore extends StoreOperations {
  readonly dialect: "sqlite" | "postgres";
  migrate(): Promise<number[]>;
  transaction<T>(fn: (tx: StoreOperations) => Promise<T>): Promise<T>;
  /** reserveIdempotency, and on PostgreSQL the session's read in the same round trip (sql-session-reservation.ts). */
  reserveIdempotencyForSession(reservation: IdempotencyReservation, sessionId: string): Promise<SessionReservation>;
  /** Commits a session mutation atomically, in one round trip on PostgreSQL (sql-session-commit.ts). */
  commitSessionMutation(mutation: SessionMutation): Promise<SessionMutationOutcome>;
  /** Commits a new session atomically, in one round trip on PostgreSQL (sql-session-creation.ts). */
  commitSessionCreation(creation: SessionCreation): Promise<SessionCreationOutcome>;
  /**
   * A /next or /events without the reservation and the read, from the session as this process last read or
   * committed it (session-cache.ts): one round trip instead of two on PostgreSQL; on SQLite, the key is claimed in
   * memory and the commit joins the next group (sql-session-group-commit.ts).
   */
  oneTripMutations?: {
    /** The session as this process last saw it, or null; its version may be stale. */
    known(domainId: string, sessionId: string): SessionRecord | null;
    /** "not_committed" wrote nothing: the key was seen before, or the session is no longer at the expected version. */
    commit(input: NewKeyCommit): Promise<"committed" | "not_committed">;
    /**
     * A new session the same way; "not_committed" wrote nothing: the key was seen before, or (onlyIfPublished) the
     * domain has published another version since.
     */
    create(input: NewKeyCreation): Promise<"committed" | "not_committed">;
    /**
     * PostgreSQL: the domain's published version as this process last read it (getDomain), so that a new session can
     * skip that read; it may be stale, hence create's onlyIfPublished. Absent where the read costs no round trip.
     */
    publishedVersion?(domainId: string): string | undefined;
  };
  ping(): Promise<void>;
  close(): Promise<void>;
}
