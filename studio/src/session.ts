// Who is signed in: the key's identity and scopes (GET /v1/whoami), and the one-time `#code=` link exchange.
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { call, signIn } from "./api.js";
import type { Whoami } from "./types.js";

export interface Session {
  whoami: Whoami | null;
  /** Whether the signed-in (base) key has the admin scope: it may list and open domains. */
  admin: boolean;
  refresh: () => Promise<void>;
  signOut: () => void;
}

export const SessionContext = createContext<Session>({
  whoami: null,
  admin: false,
  refresh: async () => undefined,
  signOut: () => undefined,
});

export function useSession(): Session {
  return useContext(SessionContext);
}

export function hasScope(whoami: Whoami | null, scope: string): boolean {
  return whoami?.scopes.includes(scope) ?? false;
}

/** `#code=…` from a local sign-in link: exchanged once for a key, then removed from the address. */
export function pendingSignInCode(): string | null {
  const match = /^#code=([A-Za-z0-9._~-]{4,512})$/.exec(location.hash);
  return match?.[1] ?? null;
}

export async function exchangeSignInCode(code: string): Promise<void> {
  history.replaceState(null, "", `${location.pathname}${location.search}#/`);
  const answer = await call<{ api_key: string }>("/v1/studio/sign-in", { body: { code }, auth: false });
  signIn(answer.api_key);
}
