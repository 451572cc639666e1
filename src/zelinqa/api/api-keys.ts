// The authenticator of docs/zelinqa-api.md §2.4: refuses unknown, revoked and expired keys. Lookups are cached for at most 500 ms,
// so a key revoked through any process (or host) on the same database is refused everywhere within 1 s.
import type { ApiKeyRecord, Scope, StoreOperations } from "../store/index.js";
import { hashApiKey } from "../operations/index.js";

export const KEY_CACHE_MS = 500;

export interface Principal {
  keyId: string;
  domainId: string;
  scopes: Scope[];
  /** When the key stops working (ISO 8601), or null when it does not expire. */
  expiresAt: string | null;
}

export interface Authenticator {
  /** The principal of a presented key, or null when it is unknown, revoked or expired. */
  authenticate(apiKey: string): Promise<Principal | null>;
}

export function createAuthenticator(deps: {
  store: Pick<StoreOperations, "findApiKeyByHash">;
  now: () => Date;
  cacheMs?: number;
}): Authenticator {
  const cacheMs = Math.min(deps.cacheMs ?? KEY_CACHE_MS, KEY_CACHE_MS);
  const cache = new Map<string, { record: Promise<ApiKeyRecord | null>; fetchedAt: number }>();
  return {
    async authenticate(apiKey) {
      if (!apiKey.startsWith("nbq_")) return null;
      const hash = hashApiKey(apiKey);
      const nowMs = deps.now().getTime();
      let entry = cache.get(hash);
      if (!entry || nowMs - entry.fetchedAt >= cacheMs || nowMs < entry.fetchedAt) {
        // Concurrent requests with one key share the lookup; a failed lookup is not cached.
        const record = deps.store.findApiKeyByHash(hash);
        const fresh = { record, fetchedAt: nowMs };
        void record.catch(() => cache.get(hash) === fresh && cache.delete(hash));
        if (cache.size > 10_000) cache.clear();
        cache.set(hash, fresh);
        entry = fresh;
      }
      const record = await entry.record;
      if (!record || record.revokedAt !== null) return null;
      if (record.expiresAt !== null && Date.parse(record.expiresAt) <= nowMs) return null;
      return { keyId: record.id, domainId: record.domainId, scopes: [...record.scopes].sort(), expiresAt: record.expiresAt };
    },
  };
}
