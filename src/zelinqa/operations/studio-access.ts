// [ext] Studio access (issue 15): the domains of a key's organisation, short-lived keys for one of them, and the
// one-time local sign-in codes (stored hashed, single use, 10 minutes) that `zelinqa serve` and
// `zelinqa studio-link` print and `POST /v1/studio/sign-in` exchanges for a 12-hour key.
import { createHash } from "node:crypto";
import type { DomainRecord, Scope, StoreOperations } from "../store/index.js";
import { generateApiKey } from "./api-keys.js";
import type { NewApiKey } from "./api-keys.js";
import type { IdGenerator } from "./ids.js";
import { OperationError } from "./operation-error.js";

export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_KEY_TTL_MS = 12 * 60 * 60 * 1000;
/** What a sign-in key may do: everything the studio offers on the local instance. */
export const SIGN_IN_SCOPES: readonly Scope[] = ["runtime", "configuration:read", "configuration:write", "configuration:publish", "admin"];

interface AccessDeps {
  store: StoreOperations;
  ids: IdGenerator;
}

export function hashSignInCode(code: string): string {
  return createHash("sha256").update(`studio-sign-in:${code}`, "utf8").digest("hex");
}

/** The domains of the organisation `domainId` belongs to, oldest first. */
export async function organizationDomains(
  store: StoreOperations,
  domainId: string,
): Promise<{ organization: string; domains: DomainRecord[] }> {
  const own = await store.getDomain(domainId);
  if (!own) throw new OperationError("unknown_domain", { domain_id: domainId });
  const domains = (await store.listDomains()).filter((d) => d.organization === own.organization);
  return { organization: own.organization, domains };
}

/** Creates a domain in the organisation of `callerDomainId` under a given id (the API answers it before commit). */
export async function createOrganizationDomain(
  store: StoreOperations,
  input: { callerDomainId: string; id: string; name: string; now: Date },
): Promise<DomainRecord> {
  const { organization } = await organizationDomains(store, input.callerDomainId);
  const now = input.now.toISOString();
  const organizationId = await store.ensureOrganization(organization, now);
  return store.createDomain({ id: input.id, name: input.name.trim(), organizationId, now });
}

/** A short-lived key on a domain of the caller's organisation, with at most the caller's scopes. */
export async function issueDomainKey(
  deps: AccessDeps,
  input: {
    callerDomainId: string;
    callerScopes: readonly Scope[];
    /** The calling key's own expiry: a key it issues never outlives it (null: the caller does not expire). */
    callerExpiresAt: string | null;
    domainId: string;
    scopes: Scope[] | undefined;
    ttlSeconds: number;
    now: Date;
  },
): Promise<NewApiKey> {
  const { domains } = await organizationDomains(deps.store, input.callerDomainId);
  if (!domains.some((d) => d.id === input.domainId)) throw new OperationError("unknown_domain", { domain_id: input.domainId });
  const scopes = input.scopes ?? input.callerScopes.filter((s) => s !== "admin");
  const missing = scopes.filter((s) => !input.callerScopes.includes(s));
  if (missing.length > 0 || scopes.length === 0) {
    throw new OperationError("insufficient_scope", {
      required_scopes: [...new Set(scopes)].sort(),
      granted_scopes: [...input.callerScopes].sort(),
    });
  }
  return generateApiKey({
    ids: deps.ids,
    domainId: input.domainId,
    scopes,
    label: "studio session",
    expiresAt: new Date(Math.min(input.now.getTime() + input.ttlSeconds * 1000, callerEnd(input.callerExpiresAt))).toISOString(),
    now: input.now.toISOString(),
  });
}

/** Stores a fresh one-time code for `domainId` and returns it (the only place the code exists in clear). */
export async function mintSignInCode(deps: AccessDeps, input: { domainId: string; now: Date }): Promise<string> {
  const code = deps.ids.randomBytes(24).toString("base64url");
  await deps.store.insertSignInCode({
    codeHash: hashSignInCode(code),
    domainId: input.domainId,
    createdAt: input.now.toISOString(),
    expiresAt: new Date(input.now.getTime() + SIGN_IN_CODE_TTL_MS).toISOString(),
  });
  return code;
}

/** Uses a code once and mints the studio's key; an unknown, used or expired code is `invalid_sign_in_code`. */
export async function redeemSignInCode(deps: AccessDeps, input: { code: string; now: Date }): Promise<NewApiKey> {
  const domainId = await deps.store.consumeSignInCode(hashSignInCode(input.code), input.now.toISOString());
  if (domainId === null) throw new OperationError("invalid_sign_in_code", {});
  const key = generateApiKey({
    ids: deps.ids,
    domainId,
    scopes: [...SIGN_IN_SCOPES],
    label: "studio sign-in",
    expiresAt: new Date(input.now.getTime() + SIGN_IN_KEY_TTL_MS).toISOString(),
    now: input.now.toISOString(),
  });
  await deps.store.insertApiKey(key.record);
  return key;
}

/** The domain a local sign-in link opens: the oldest one, or a new `default` domain on an empty database. */
export async function studioDomain(deps: AccessDeps, now: Date): Promise<DomainRecord> {
  const first = (await deps.store.listDomains())[0];
  if (first) return first;
  const at = now.toISOString();
  const org = await deps.store.ensureOrganization("default", at);
  return deps.store.createDomain({ id: deps.ids.newId("dom"), name: "default", organizationId: org, now: at });
}

function callerEnd(expiresAt: string | null): number {
  return expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(expiresAt);
}
