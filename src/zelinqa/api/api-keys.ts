// API keys of §2.4: `nbq_live_` + 43 base64url characters, `key_` + 12 base32 ids, SHA-256 hex storage, and
// the authenticator that refuses unknown, revoked and expired keys with a lookup cache of at most 5 s.
import { createHash } from "node:crypto";
import type { ApiKeyRecord, Scope, StoreOperations } from "../store/index.js";
import { SCOPES } from "../store/index.js";
import type { IdGenerator } from "../operations/index.js";
import { base32 } from "../operations/index.js";

export const API_KEY_PATTERN = /^nbq_live_[A-Za-z0-9_-]{43}$/;
export const KEY_CACHE_MS = 5000;

export function hashApiKey(apiKey: string): string {
  return createHash("sha256").update(apiKey, "utf8").digest("hex");
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

export interface Principal {
  keyId: string;
  domainId: string;
  scopes: Scope[];
}

export interface Authenticator {
  /** The principal of a presented key, or null when it is unknown, revoked or expired. */
  authenticate(apiKey: string): Promise<Principal | null>;
}

export function createAuthenticator(deps: { store: Pick<StoreOperations, "findApiKeyByHash">; now: () => Date; cacheMs?: number }): Authenticator {
  const cacheMs = Math.min(deps.cacheMs ?? KEY_CACHE_MS, KEY_CACHE_MS);
  const cache = new Map<string, { record: ApiKeyRecord | null; fetchedAt: number }>();
  return {
    async authenticate(apiKey) {
      if (!apiKey.startsWith("nbq_")) return null;
      const hash = hashApiKey(apiKey);
      const nowMs = deps.now().getTime();
      let entry = cache.get(hash);
      if (!entry || nowMs - entry.fetchedAt >= cacheMs || nowMs < entry.fetchedAt) {
        entry = { record: await deps.store.findApiKeyByHash(hash), fetchedAt: nowMs };
        if (cache.size > 10_000) cache.clear();
        cache.set(hash, entry);
      }
      const record = entry.record;
      if (!record || record.revokedAt !== null) return null;
      if (record.expiresAt !== null && Date.parse(record.expiresAt) <= nowMs) return null;
      return { keyId: record.id, domainId: record.domainId, scopes: [...record.scopes].sort() };
    },
  };
}
