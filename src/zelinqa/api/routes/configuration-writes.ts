// Configuration writes of §12.3, §12.5 and §12.6: change batches, publication (202, compiled by the worker),
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
import { ApiError, RetryableConflict } from "../api-error.js";
import type { AppContext } from "../app-context.js";
import { timestamp } from "../app-context.js";
import { auditEventView, changeAuditEvents, publishAuditEvent } from "../audit-events.js";
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

function validationFailed(issues: readonly unknown[]): ApiError {
  return new ApiError("configuration_validation_failed", { issues }, { count: issues.length });
}

const CompilationParamsSchema = z.object({ compilation_id: z.string() });

export function configurationWriteRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
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
        const domain = await ctx.store.getDomain(principal.domainId);
        const stored = await ctx.store.getDraft(principal.domainId);
        const draft = stored ? ctx.engine.parseDraft(stored.content) : null;
        const applyCtx: { domainName: string; expectedDraftRevision?: number } = { domainName: domain?.name ?? "default" };
        if (body.expected_draft_revision !== undefined) applyCtx.expectedDraftRevision = body.expected_draft_revision;
        const result = ctx.engine.applyChanges(draft, body.changes, applyCtx);
        if (!result.ok) throw validationFailed(result.issues);
        const revision = result.draft.draft_revision;
        const at = timestamp(now);
        return {
          status: 200,
          body: { request_id: requestId, draft_revision: revision, applied: body.changes.length, warnings: result.warnings },
          effects: async (tx) => {
            const saved = await tx.saveDraft({
              domainId: principal.domainId,
              expectedRevision: stored?.revision ?? 0,
              revision,
              content: result.draft,
              now: at,
            });
            if (!saved) throw new RetryableConflict("draft");
            const actor = { domainId: principal.domainId, keyId: principal.keyId, scopes: principal.scopes, requestId };
            await tx.insertAuditEvents(changeAuditEvents({ actor, applied: result.applied, draftRevision: revision, now: at, ids: ctx.ids }));
          },
        };
      },
    }),
    defineRoute({
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
        const stored = await ctx.store.getDraft(principal.domainId);
        if (!stored) throw new ApiError("unknown_configuration", { state: "draft" }, { variant: "draft" });
        const stale = ctx.engine.draftRevisionIssue(body.expected_draft_revision, stored.revision);
        if (stale) throw validationFailed([stale]);
        const draft = ctx.engine.parseDraft(stored.content);
        const issues = ctx.engine.publicationIssues(draft);
        if (issues.length > 0) throw validationFailed(issues);
        const active = await ctx.store.getActiveCompilationJob(principal.domainId);
        if (active) throw new ApiError("compilation_in_progress", { compilation_id: active.id, status: active.status });
        const at = timestamp(now);
        const job: CompilationJobRecord = {
          id: ctx.ids.newId("cmp"),
          domainId: principal.domainId,
          status: "queued",
          draftRevision: stored.revision,
          snapshot: stored.content,
          progress: 0,
          error: null,
          configurationVersion: null,
          createdAt: at,
          updatedAt: at,
          leaseExpiresAt: null,
          requestId,
          actorKeyId: principal.keyId,
          actorScopes: principal.scopes,
        };
        return {
          status: 202,
          body: compilationView(job, requestId),
          effects: async (tx) => {
            const current = await tx.getDraft(principal.domainId);
            if (current?.revision !== stored.revision) throw new RetryableConflict("draft");
            const enqueued = await tx.enqueueCompilationJob(job);
            if (!enqueued.inserted) {
              throw new ApiError("compilation_in_progress", { compilation_id: enqueued.active.id, status: enqueued.active.status });
            }
            const actor = { domainId: principal.domainId, keyId: principal.keyId, scopes: principal.scopes, requestId };
            await tx.insertAuditEvents([
              publishAuditEvent({ actor, action: "configuration.publish.requested", compilationId: job.id, draftRevision: job.draftRevision, now: at, ids: ctx.ids }),
            ]);
          },
          afterCommit: () => ctx.wakeWorker(),
        };
      },
    }),
    defineRoute({
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
        const id = params.compilation_id ?? "";
        const job = await ctx.store.getCompilationJob(principal.domainId, id);
        if (!job) throw new ApiError("unknown_compilation", { compilation_id: id });
        return { status: 200, body: compilationView(job, requestId) };
      },
    }),
    defineRoute({
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
    }),
  ];
}
