// Audit events of docs/zelinqa-api.md §12.6: one per applied change and per publication step, with the key as actor.
import type { AuditEvent } from "../contracts/index.js";
import type { AuditEventRecord, Scope } from "../store/index.js";
import type { AppliedChange } from "../engine/index.js";
import type { IdGenerator } from "./ids.js";

export interface AuditActor {
  domainId: string;
  keyId: string;
  scopes: readonly Scope[];
  requestId: string;
}

export function changeAuditEvents(input: {
  actor: AuditActor;
  applied: readonly AppliedChange[];
  draftRevision: number;
  now: string;
  ids: IdGenerator;
}): AuditEventRecord[] {
  return input.applied.map((change) => ({
    id: input.ids.uuid(),
    domainId: input.actor.domainId,
    occurredAt: input.now,
    action: change.action,
    resourceType: change.resource.type,
    resourceId: change.resource.id,
    actorKeyId: input.actor.keyId,
    scopes: [...input.actor.scopes],
    requestId: input.actor.requestId,
    diff: change.diff,
    details: { draft_revision: input.draftRevision, change_index: change.change_index },
  }));
}

export function publishAuditEvent(input: {
  actor: AuditActor;
  action: "configuration.publish.requested" | "configuration.publish.succeeded" | "configuration.publish.failed";
  compilationId: string;
  draftRevision: number;
  configVersionId?: string;
  now: string;
  ids: IdGenerator;
}): AuditEventRecord {
  return {
    id: input.ids.uuid(),
    domainId: input.actor.domainId,
    occurredAt: input.now,
    action: input.action,
    resourceType: "configuration",
    resourceId: input.compilationId,
    actorKeyId: input.actor.keyId,
    scopes: [...input.actor.scopes],
    requestId: input.actor.requestId,
    diff: { before: null, after: null },
    details: {
      draft_revision: input.draftRevision,
      compilation_id: input.compilationId,
      ...(input.configVersionId !== undefined ? { config_version_id: input.configVersionId } : {}),
    },
  };
}

export function auditEventView(record: AuditEventRecord): AuditEvent {
  return {
    id: record.id,
    occurred_at: record.occurredAt,
    action: record.action,
    origin: "public_api",
    actor: { type: "api_key", id: record.actorKeyId },
    scopes: record.scopes,
    request_id: record.requestId,
    resource: { type: record.resourceType as AuditEvent["resource"]["type"], id: record.resourceId },
    diff: record.diff,
    details: record.details,
  };
}
