// The undici module rtr loads directly instead of undici's index (provider-http.ts says why): typed with undici's
// own public types. undici is pinned to an exact version in package.json, so this path cannot move under us.
declare module "undici/lib/dispatcher/pool.js" {
  import type { Pool } from "undici";
  const PoolClass: typeof Pool;
  export default PoolClass;
}
