// [ext] Identity and domains for the studio (issue 15): `GET /v1/whoami` for any valid key, and under the
// `admin` scope the organisation's domains, a new domain, and short-lived keys on one of them.
import {
  DomainCreateRequestSchema,
  DomainIdParamsSchema,
  DomainListResponseSchema,
  DomainResponseSchema,
  IssuedKeyResponseSchema,
  SESSION_KEY_DEFAULT_TTL_SECONDS,
  SessionKeyRequestSchema,
  WhoamiResponseSchema,
} from "../../contracts/index.js";
import { createOrganizationDomain, issueDomainKey, organizationDomains } from "../../operations/index.js";
import type { DomainRecord } from "../../store/index.js";
import type { AppContext } from "../app-context.js";
import { allScopes } from "../ext-scopes.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";

const ext = { scope: null, runtime: false } as const;

function domainView(d: DomainRecord) {
  return { domain_id: d.id, name: d.name, created_at: d.createdAt, published_version: d.publishedVersionId };
}

function whoamiRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    ...ext,
    method: "GET",
    path: "/v1/whoami",
    operationId: "whoami",
    summary: "[ext] The calling key: its domain, organisation, scopes, expiry and the server's locale",
    idempotency: "none",
    responses: { 200: WhoamiResponseSchema },
    async handle({ principal, requestId }) {
      const domain = await ctx.store.getDomain(principal.domainId);
      return {
        status: 200,
        body: {
          request_id: requestId,
          key_id: principal.keyId,
          domain_id: principal.domainId,
          domain: { name: domain?.name ?? "" },
          organization: domain?.organization ?? "",
          scopes: principal.scopes,
          locale: ctx.locale,
          expires_at: principal.expiresAt,
        },
      };
    },
  });
}

function listDomainsRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    ...ext,
    extScope: allScopes("admin"),
    method: "GET",
    path: "/v1/domains",
    operationId: "listDomains",
    summary: "[ext] The domains of the key's organisation (scope admin)",
    idempotency: "none",
    responses: { 200: DomainListResponseSchema },
    async handle({ principal, requestId }) {
      const { domains } = await organizationDomains(ctx.store, principal.domainId);
      return { status: 200, body: { request_id: requestId, domains: domains.map(domainView) } };
    },
  });
}

function createDomainRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    ...ext,
    extScope: allScopes("admin"),
    method: "POST",
    path: "/v1/domains",
    operationId: "createDomain",
    summary: "[ext] Create a domain in the key's organisation (scope admin)",
    idempotency: "optional",
    body: DomainCreateRequestSchema,
    responses: { 201: DomainResponseSchema },
    async handle({ principal, body, requestId, now }) {
      // Created in the pipeline's transaction with the idempotency record: a replay never creates a second domain.
      const id = ctx.ids.newId("dom");
      const name = body.name.trim();
      await organizationDomains(ctx.store, principal.domainId);
      return {
        status: 201,
        body: { request_id: requestId, domain_id: id, name, created_at: now.toISOString(), published_version: null },
        effects: async (tx) => {
          await createOrganizationDomain(tx, { callerDomainId: principal.domainId, id, name, now });
        },
      };
    },
  });
}

function sessionKeyRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    ...ext,
    extScope: allScopes("admin"),
    method: "POST",
    path: "/v1/domains/:domain_id/session-keys",
    operationId: "createDomainSessionKey",
    summary: "[ext] A short-lived key on a domain of the organisation, with at most the caller's scopes (scope admin)",
    idempotency: "none",
    body: SessionKeyRequestSchema,
    bodyOptional: true,
    params: DomainIdParamsSchema,
    responses: { 201: IssuedKeyResponseSchema },
    async handle({ principal, params, body, requestId, now }) {
      const key = await issueDomainKey(
        { store: ctx.store, ids: ctx.ids },
        {
          callerDomainId: principal.domainId,
          callerScopes: principal.scopes,
          callerExpiresAt: principal.expiresAt,
          domainId: params.domain_id,
          scopes: body.scopes,
          ttlSeconds: body.ttl_seconds ?? SESSION_KEY_DEFAULT_TTL_SECONDS,
          now,
        },
      );
      return {
        status: 201,
        body: {
          request_id: requestId,
          key_id: key.record.id,
          api_key: key.apiKey,
          domain_id: key.record.domainId,
          scopes: key.record.scopes,
          expires_at: key.record.expiresAt,
        },
        effects: (tx) => tx.insertApiKey(key.record),
      };
    },
  });
}

export function studioIdentityRoutes(ctx: AppContext): RouteDefinition[] {
  return [whoamiRoute(ctx), listDomainsRoute(ctx), createDomainRoute(ctx), sessionKeyRoute(ctx)];
}
