// The authenticator of docs/zelinqa-api.md §2.4: refuses unknown, revoked and expired keys, with a lookup cache of at most 5 s.
import type { ApiKeyRecord, Scope, StoreOperations } from "../store/index.js";
import { hashApiKey } from "../operations/index.js";

export const KEY_CACHE_MS = 5000;

export interface Principal {
  keyId: string;
  domainId: string;
  scopes: Scope[];
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
