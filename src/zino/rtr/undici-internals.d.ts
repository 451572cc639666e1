// The undici module rtr loads directly instead of undici's index (provider-http.ts says why): typed with undici's
// own public types. undici is pinned to an exact version in package.json, so this path cannot move under us.
declare module "undici/lib/dispatcher/pool.js" {
  import type { Pool } from "undici";
  const PoolClass: typeof Pool;
  export default PoolClass;
}

declare module "undici/lib/dispatcher/client.js" {
  import type { Client } from "undici";
  const ClientClass: typeof Client;
  export default ClientClass;
}

declare module "undici/lib/core/symbols.js" {
  const symbols: {
    /** A Client's current socket (null between connections). */
    readonly kSocket: unique symbol;
  };
  export default symbols;
}
