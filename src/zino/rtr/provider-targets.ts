// The ordered providers of one ctxkey (primary, then `fallbacks`) with their keys resolved (docs/zino-protocol.md §5 "API keys
// come from configuration or environment"): `api_key`, else the env var named by `api_key_env`, else — for a
// fallback on the primary's origin — the primary's key, else `LLM_API_KEY`. A key is never sent to another host
// than the one it is configured for, except LLM_API_KEY, the instance-wide key.
import type { LlmConfig, Provider } from "../config/index.js";
import type { ProviderTarget } from "./provider-stream.js";
import { redactSecrets } from "../../shared/redact-secrets.js";

export function resolveTargets(llm: LlmConfig, env: NodeJS.ProcessEnv): ProviderTarget[] {
  const primaryKey = keyOf(llm, env);
  const envKey = trimmed(env.LLM_API_KEY);
  const primary: ProviderTarget = { baseUrl: llm.base_url, model: llm.model, apiKey: primaryKey ?? envKey };
  const fallbacks = llm.fallbacks.map((provider): ProviderTarget => ({
    baseUrl: provider.base_url,
    model: provider.model,
    apiKey: keyOf(provider, env) ?? (sameOrigin(provider.base_url, llm.base_url) ? primaryKey : undefined) ?? envKey,
  }));
  return [primary, ...fallbacks];
}

/** A key without the spaces and line break an env file or a paste leaves around it (never part of a key). */
function trimmed(key: string | undefined): string | undefined {
  return key?.trim() || undefined;
}

/** What ctx shows instead of a key when asked without `secrets: true`: never a usable key. */
const MASKED_KEY = "[set]";

function keyOf(provider: Provider, env: NodeJS.ProcessEnv): string | undefined {
  const own = trimmed(provider.api_key);
  if (own && own !== MASKED_KEY) return own;
  if (provider.api_key_env) {
    const value = trimmed(env[provider.api_key_env]);
    if (value) return value;
  }
  return undefined;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** Every secret a request may touch, for redaction of anything leaving the process. */
export function secretsOf(targets: readonly ProviderTarget[]): string[] {
  const keys = targets.map((t) => t.apiKey).filter((k): k is string => typeof k === "string" && k.length >= 4);
  return [...new Set(keys)];
}

/** Replaces each secret in `text` with `[redacted]` (src/shared/redact-secrets.ts). */
export const redact = redactSecrets;

/** The shortest start of a key taken for one at the end of a message (shorter ones are too common to mean a key). */
const MIN_CUT_KEY_CHARS = 4;

/**
 * A provider's failure message, redacted: whole keys, and a key's first characters at the very end, where rtr's bound
 * on the message (200 characters of the provider's text) cut it: `redact` alone let that start through.
 */
export function redactMessage(text: string, secrets: readonly string[]): string {
  let out = redact(text, secrets);
  for (const secret of secrets) {
    const chars = secretStartAtEnd(out, [secret], MIN_CUT_KEY_CHARS);
    if (chars > 0) out = `${out.slice(0, out.length - chars)}[redacted]`;
  }
  return out;
}

/**
 * The length of the longest end of `text` (at least `minChars` long) that is the start of one of `secrets` without
 * being all of it, else 0: what a key cut there, or one that the next piece of a stream completes, may have left.
 */
export function secretStartAtEnd(text: string, secrets: readonly string[], minChars = 1): number {
  let longest = 0;
  for (const secret of secrets) {
    for (let chars = Math.min(secret.length - 1, text.length); chars >= Math.max(minChars, longest + 1); chars -= 1) {
      // The first character compared first: most ends of a text cannot start a key.
      if (text.charCodeAt(text.length - chars) !== secret.charCodeAt(0) || !text.endsWith(secret.slice(0, chars))) continue;
      longest = chars;
      break;
    }
  }
  return longest;
}
