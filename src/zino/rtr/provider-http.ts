// The HTTP exchange with a provider, reduced to what provider-stream needs: POST a JSON body, read status,
// headers and the body as byte chunks. By default undici's `request` on one keep-alive Pool per origin, which
// costs far less per call than the global fetch and its web streams; a fetch function can still be given.
// Only undici's Pool and its `request` are loaded, from their own modules: undici's index also loads its fetch,
// WebSocket, cookies, cache, EventSource and mock agents, which rtr never uses and which were half of rtr's bundle
// (733 KB of 1.5 MB). Bundled, loading undici the one way or the other: 80–85 → 44 ms of CPU, 51 → 46 MiB RSS
// (issue 14). The index adds `request` to every dispatcher's prototype; here it is called with the Pool as `this`.
// undici is pinned to one version (package.json) since these are its internal paths; undici-internals.d.ts types them.
import type { Pool as PoolType } from "undici";
import Pool from "undici/lib/dispatcher/pool.js";
import request from "undici/lib/api/api-request.js";

export interface ProviderResponse {
  status: number;
  /** False when the response came without a body at all (fetch's null body). */
  hasBody: boolean;
  /** A response header (lowercase name), or undefined. */
  header(name: string): string | undefined;
  /** The body, chunk by chunk; ending the iteration early releases the connection. */
  body: AsyncIterable<Uint8Array>;
  text(): Promise<string>;
}

export interface ProviderRequest {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

export interface ProviderHttp {
  post(url: string, request: ProviderRequest): Promise<ProviderResponse>;
  close(): Promise<void>;
}

export type FetchFunction = typeof globalThis.fetch;

const KEEP_ALIVE_MS = 4_000;

/** undici Pools, one per origin, created on first use and closed with `close()`. */
export function createUndiciHttp(): ProviderHttp {
  const pools = new Map<string, PoolType>();
  const targets = new Map<string, { pool: PoolType; path: string }>();
  const targetOf = (url: string) => {
    let target = targets.get(url);
    if (!target) {
      const parsed = new URL(url);
      let pool = pools.get(parsed.origin);
      if (!pool) {
        pool = new Pool(parsed.origin, { keepAliveTimeout: KEEP_ALIVE_MS });
        pools.set(parsed.origin, pool);
      }
      target = { pool, path: `${parsed.pathname}${parsed.search}` };
      if (targets.size > 1_000) targets.clear();
      targets.set(url, target);
    }
    return target;
  };
  return {
    async post(url, { headers, body, signal }) {
      const { pool, path } = targetOf(url);
      const response = await request.call(pool, { method: "POST", path, headers, body, signal });
      return {
        status: response.statusCode,
        hasBody: true,
        header: (name) => {
          const value = response.headers[name];
          return Array.isArray(value) ? value.join(", ") : value;
        },
        body: response.body,
        text: () => response.body.text(),
      };
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      targets.clear();
      await Promise.all(all.map((pool) => pool.close().catch(() => undefined)));
    },
  };
}

/** The same exchange through a fetch function (tests, or a runtime without undici). */
export function createFetchHttp(fetchFn: FetchFunction): ProviderHttp {
  return {
    async post(url, { headers, body, signal }) {
      const response = await fetchFn(url, { method: "POST", headers, body, signal });
      const stream = response.body;
      return {
        status: response.status,
        hasBody: stream !== null,
        header: (name) => response.headers.get(name) ?? undefined,
        body: stream ?? emptyBody(),
        text: () => response.text(),
      };
    },
    close: () => Promise.resolve(),
  };
}

async function* emptyBody(): AsyncIterable<Uint8Array> {
  // a response without a body yields nothing
}
