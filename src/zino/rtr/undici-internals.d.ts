// The two undici modules rtr loads directly instead of undici's index (provider-http.ts says why): typed with undici's
// own public types. undici is pinned to an exact version in package.json, so these paths cannot move under us.
declare module "undici/lib/dispatcher/pool.js" {
  import type { Pool } from "undici";
  const PoolClass: typeof Pool;
  export default PoolClass;
}

declare module "undici/lib/api/api-request.js" {
  import type { Dispatcher } from "undici";
  /** Dispatcher.prototype.request, called with the dispatcher as `this`: without a callback it returns a promise. */
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export default request;
}
