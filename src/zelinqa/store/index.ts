// Public surface of the Zelinqa store: the port, its records, and the factory opening SQLite or PostgreSQL.
export { openStore, createSqlStore } from "./sql-store.js";
export { DEFAULT_DATABASE_POOL_SIZE } from "./pool-size.js";
export { isPostgresUrl } from "../../shared/database-url.js";
export type { OpenStoreOptions } from "./sql-store.js";
export { configVersionId } from "./sql-tenancy.js";
export { JsonText, SCOPES } from "./store-port.js";
export { sessionCreationSteps } from "./sql-session-creation.js";
export type {
  Scope,
  DomainRecord,
  ApiKeyRecord,
  DraftRecord,
  ConfigVersionRecord,
  ArtifactSeal,
  StoredArtifact,
  CompilationStatusValue,
  CompilationJobRecord,
  QueuedCompilationJob,
  SessionRecord,
  SessionUpdate,
  DecisionRecord,
  SessionEventRecord,
  FeedbackRecord,
  StoredResponse,
  IdempotencyCompletion,
  SessionMutation,
  SessionMutationOutcome,
  NewKeyCommit,
  NewKeyCreation,
  SessionCreation,
  SessionCreationOutcome,
  SessionReservation,
  IdempotencyRecord,
  IdempotencyReservation,
  ReserveOutcome,
  AuditEventRecord,
  AuditPageQuery,
  JobFinish,
  StoreOperations,
  ZelinqaStore,
} from "./store-port.js";
export type {
  AnalyticsChart,
  AnalyticsQuery,
  AnalyticsRow,
  DimensionCoverageRecord,
  SessionFactsRecord,
  SessionFactsWrite,
  SessionListQuery,
  SessionOutcomeRecord,
  SessionTurnRecord,
  SignInCodeRecord,
  StudioStoreOperations,
} from "./studio-port.js";
