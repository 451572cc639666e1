// Configuration writes of docs/zelinqa-api.md §12.3, §12.5 and §12.6: change batches, publication (202, compiled by the worker),
// compilation status and the audit log.
import { z } from "zod";
import {
  AuditListResponseSchema,
  AuditQuerySchema,
  CompilationStatusSchema,
  ConfigurationChangesRequestSchema,
  ConfigurationChangesResponseSchema,
  PublishRequestSchema,
} from "../../contracts/index.js";
import type { CompilationJobRecord } from "../../store/index.js";
import { OperationError, applyConfigurationChanges, auditEventView, requestPublication } from "../../operations/index.js";
import type { Actor } from "../../operations/index.js";
import type { Principal } from "../api-keys.js";
import type { AppContext } from "../app-context.js";
import { decodeCursor, encodeCursor } from "../question-list.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";

export function compilationView(job: CompilationJobRecord, requestId: string) {
  return {
    request_id: requestId,
    compilation_id: job.id,
    status: job.status,
    draft_revision: job.draftRevision,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    progress: job.progress,
    error: job.error ?? null,
    configuration_version: job.configurationVersion,
  };
}

function actorOf(principal: Principal, requestId: string): Actor {
  return { domainId: principal.domainId, keyId: principal.keyId, scopes: principal.scopes, requestId };
}

const CompilationParamsSchema = z.object({ compilation_id: z.string() });

function changesRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    method: "POST",
    path: "/v1/configuration/changes",
    operationId: "applyConfigurationChanges",
    summary: "Apply a batch of changes to the draft, atomically",
    scope: "configuration:write",
    idempotency: "required",
    runtime: false,
    body: ConfigurationChangesRequestSchema,
    responses: { 200: ConfigurationChangesResponseSchema },
    async handle({ principal, body, requestId, now }) {
      const changes = await applyConfigurationChanges(ctx, {
        actor: actorOf(principal, requestId),
        now,
        changes: body.changes,
        expectedDraftRevision: body.expected_draft_revision,
      });
      const { draftRevision, applied, warnings } = changes.value;
      return { status: 200, body: { request_id: requestId, draft_revision: draftRevision, applied, warnings }, effects: changes.effects };
    },
  });
}

function publishRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    method: "POST",
    path: "/v1/configuration/publish",
    operationId: "publishConfiguration",
    summary: "Snapshot the draft and queue its compilation",
    scope: "configuration:publish",
    idempotency: "required",
    runtime: false,
    bodyOptional: true,
    body: PublishRequestSchema,
    responses: { 202: CompilationStatusSchema },
    async handle({ principal, body, requestId, now }) {
      const publication = await requestPublication(ctx, {
        actor: actorOf(principal, requestId),
        now,
        expectedDraftRevision: body.expected_draft_revision,
      });
      return {
        status: 202,
        body: compilationView(publication.value, requestId),
        effects: publication.effects,
        afterCommit: () => ctx.wakeWorker(),
      };
    },
  });
}

function compilationRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    method: "GET",
    path: "/v1/configuration/compilations/:compilation_id",
    operationId: "getCompilation",
    summary: "Read a compilation job",
    scope: "configuration:read",
    idempotency: "none",
    runtime: false,
    responses: { 200: CompilationStatusSchema },
    params: CompilationParamsSchema,
    async handle({ principal, params, requestId }) {
      const id = params.compilation_id;
      const job = await ctx.store.getCompilationJob(principal.domainId, id);
      if (!job) throw new OperationError("unknown_compilation", { compilation_id: id });
      return { status: 200, body: compilationView(job, requestId) };
    },
  });
}

function auditRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    method: "GET",
    path: "/v1/configuration/audit",
    operationId: "listConfigurationAudit",
    summary: "List configuration audit events, newest first",
    scope: "configuration:publish",
    idempotency: "none",
    runtime: false,
    query: AuditQuerySchema,
    responses: { 200: AuditListResponseSchema },
    async handle({ principal, query, requestId }) {
      const hash = `${query.action ?? ""}\u0000${query.resource_type ?? ""}`;
      const beforeSeq = query.cursor === undefined ? undefined : decodeCursor(query.cursor, hash);
      const rows = await ctx.store.listAuditEvents({
        domainId: principal.domainId,
        limit: query.limit + 1,
        ...(beforeSeq !== undefined ? { beforeSeq } : {}),
        ...(query.action !== undefined ? { action: query.action } : {}),
        ...(query.resource_type !== undefined ? { resourceType: query.resource_type } : {}),
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const next = rows.length > query.limit && last ? encodeCursor(last.seq, hash) : null;
      return { status: 200, body: { request_id: requestId, events: page.map(auditEventView), next_cursor: next } };
    },
  });
}

export function configurationWriteRoutes(ctx: AppContext): RouteDefinition[] {
  return [changesRoute(ctx), publishRoute(ctx), compilationRoute(ctx), auditRoute(ctx)];
}
