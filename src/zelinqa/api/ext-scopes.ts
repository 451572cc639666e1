// [ext] Scope rules of the studio's routes (issue 15): a key lacking them gets 403 `insufficient_scope` with the
// required and granted scopes, so the studio can say which scope is missing.
import type { Scope } from "../store/index.js";
import { OperationError } from "../operations/index.js";
import type { Principal } from "./api-keys.js";

/** Every one of `scopes`. */
export function allScopes(...scopes: Scope[]): (principal: Principal) => Scope[] | null {
  return (principal) => (scopes.every((s) => principal.scopes.includes(s)) ? null : scopes);
}

/** At least one of `scopes`. */
export function anyScope(...scopes: Scope[]): (principal: Principal) => Scope[] | null {
  return (principal) => (scopes.some((s) => principal.scopes.includes(s)) ? null : scopes);
}

/** Throws 403 `insufficient_scope` unless the key holds every one of `scopes` (checks that depend on the body). */
export function requireScopes(principal: Principal, scopes: Scope[]): void {
  if (scopes.every((s) => principal.scopes.includes(s))) return;
  throw new OperationError("insufficient_scope", { required_scopes: [...scopes].sort(), granted_scopes: [...principal.scopes].sort() });
}
