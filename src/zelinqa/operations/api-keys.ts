// API keys of docs/zelinqa-api.md §2.4: `nbq_live_` + 43 base64url characters, `key_` + 12 base32 ids, SHA-256 hex storage; and
// the key operations the CLI offers (create, list, revoke). The API's authenticator checks them (api/api-keys.ts).
import { hash } from "node:crypto";
import type { ApiKeyRecord, Scope } from "../store/index.js";
import { SCOPES } from "../store/index.js";
import type { IdGenerator } from "./ids.js";
import { base32 } from "./ids.js";
import type { OperationDeps } from "./operation-deps.js";

export const API_KEY_PATTERN = /^nbq_live_[A-Za-z0-9_-]{43}$/;

/** Read on every request: the one-shot crypto.hash, not a Hash object (same digest). */
export function hashApiKey(apiKey: string): string {
  return hash("sha256", apiKey, "hex");
}

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export interface NewApiKey {
  apiKey: string;
  record: ApiKeyRecord;
}

export function generateApiKey(input: {
  ids: IdGenerator;
  domainId: string;
  scopes: Scope[];
  label: string | null;
  expiresAt: string | null;
  now: string;
}): NewApiKey {
  const apiKey = `nbq_live_${input.ids.randomBytes(32).toString("base64url")}`;
  const scopes = SCOPES.filter((s) => input.scopes.includes(s));
  return {
    apiKey,
    record: {
      id: `key_${base32(input.ids.randomBytes(8), 12)}`,
      keyHash: hashApiKey(apiKey),
      domainId: input.domainId,
      label: input.label,
      scopes,
      createdAt: input.now,
      expiresAt: input.expiresAt,
      revokedAt: null,
    },
  };
}

export interface ApiKeyRequest {
  domainId: string;
  scopes: Scope[];
  label: string | null;
  expiresAt: string | null;
}

/** Creates and stores a key; the secret is in the result only, never stored (docs/zelinqa-api.md §2.4). */
export async function createApiKey(deps: Pick<OperationDeps, "store" | "ids" | "clock">, request: ApiKeyRequest): Promise<NewApiKey> {
  const created = generateApiKey({ ids: deps.ids, ...request, now: deps.clock.now().toISOString() });
  await deps.store.insertApiKey(created.record);
  return created;
}

export async function listApiKeys(deps: Pick<OperationDeps, "store">, domainId?: string): Promise<ApiKeyRecord[]> {
  return deps.store.listApiKeys(domainId);
}

/** Revokes a key; null when no such key exists. */
export async function revokeApiKey(
  deps: Pick<OperationDeps, "store" | "clock">,
  keyId: string,
): Promise<{ keyId: string; revokedAt: string | null } | null> {
  const known = (await deps.store.listApiKeys()).find((k) => k.id === keyId);
  if (!known) return null;
  await deps.store.revokeApiKey(keyId, deps.clock.now().toISOString());
  return { keyId, revokedAt: (await deps.store.listApiKeys()).find((k) => k.id === keyId)?.revokedAt ?? null };
}
