// Per-ctxkey configuration for rtr (docs/zino-protocol.md §5 "ctxkey is a full override"): pulled from ctx with `get_config`
// (secrets included, over the instance's ctx socket) and cached for `ttlMs` (default 5 s) so edits made with
// the CLI reach rtr within seconds. When ctx cannot give a valid configuration (down, or a ctx without
// `get_config`), rtr falls back to the instance defaults from ZINO.toml, and says so (`source: "defaults"`).
import type { z } from "zod";
import { CtxkeyConfigSchema, type CtxkeyConfig, type InstanceConfig } from "../config/index.js";
import { createFrameChannel, WireError, type Logger } from "../../wire/index.js";
import { ConfigAnswerSchema, ErrorFrameSchema } from "../protocol/index.js";

export const DEFAULT_CONFIG_TTL_MS = 5_000;
const CTX_TIMEOUT_MS = 3_000;
/** ctxkeys whose configuration is kept (cached, and last valid): past this many, the table starts over. */
export const MAX_REMEMBERED = 10_000;

export interface ResolvedConfig {
  config: CtxkeyConfig;
  source: "ctx" | "defaults";
  /** Why ctx was not used (only with source "defaults"). Never contains a secret. */
  reason?: string;
  /** The configuration's version as ctx sent it [ext]; a request with the same version reuses this one. */
  version?: string;
}

export interface ConfigSource {
  /**
   * Cached within the TTL unless `refresh`; concurrent loads of one ctxkey share one ctx request. With `version`
   * (sent by the daemon [ext]): the cached configuration of that version is used whatever its age, and one of
   * another version is loaded again.
   */
  get(ctxkey: string, options?: { refresh?: boolean; version?: string | undefined }): Promise<ResolvedConfig>;
  close(): void;
}

export interface ConfigSourceOptions {
  instance: InstanceConfig;
  logger: Logger;
  ttlMs?: number;
  now?: () => number;
  /**
   * A ctxkey's providers changed (another base_url, main or fallback): called with the provider URLs of every
   * configuration kept, so that connections to providers no longer named can be closed.
   */
  onProvidersChanged?: (urls: Set<string>) => void;
}

/** The endpoints a configuration sends requests to: its base_url and its fallbacks'. */
export function providerUrls(config: CtxkeyConfig): string[] {
  return [config.llm.base_url, ...config.llm.fallbacks.map((fallback) => fallback.base_url)];
}

const sameProviders = (a: CtxkeyConfig, b: CtxkeyConfig) => a === b || providerUrls(a).join("\n") === providerUrls(b).join("\n");

export function createConfigSource(options: ConfigSourceOptions): ConfigSource {
  const { instance, logger } = options;
  const ttlMs = options.ttlMs ?? DEFAULT_CONFIG_TTL_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { value: ResolvedConfig; expiresAt: number }>();
  /** The last valid configuration ctx sent per ctxkey, as JSON text: an unchanged one is not validated again. */
  const lastValid = new Map<string, { text: string; value: ResolvedConfig }>();
  const inflight = new Map<string, Promise<ResolvedConfig>>();
  const ctx = createFrameChannel(instance.sockets.ctx, { maxFrameBytes: instance.maxFrameBytes });

  // Not tied to one caller's AbortSignal: concurrent callers share the load, and it is bounded by CTX_TIMEOUT_MS.
  async function load(ctxkey: string): Promise<ResolvedConfig> {
    let reason: string;
    let ctxDown = false;
    /** ctx says the ctxkey has no model (llm.base_url or llm.model missing) [ext]: the one thing to say. */
    let notConfigured = false;
    try {
      const answer = await ctx.one({ type: "get_config", ctxkey, secrets: true }, { idleTimeoutMs: CTX_TIMEOUT_MS });
      const ok = ConfigAnswerSchema.safeParse(answer);
      if (ok.success) {
        const version = typeof answer.config_version === "string" ? { version: answer.config_version } : {};
        const text = JSON.stringify(ok.data.config);
        const known = lastValid.get(ctxkey);
        if (known && known.text === text) return { ...known.value, ...version };
        const parsed = CtxkeyConfigSchema.safeParse(ok.data.config);
        if (parsed.success) {
          const value: ResolvedConfig = { config: parsed.data, source: "ctx", ...version };
          if (lastValid.size >= MAX_REMEMBERED) lastValid.clear();
          lastValid.set(ctxkey, { text, value });
          return value;
        }
        reason = `ctx returned an invalid configuration (${issueText(parsed.error)})`;
      } else {
        const error = ErrorFrameSchema.safeParse(answer);
        notConfigured = answer.reason === "not_configured";
        reason = error.success
          ? `ctx answered get_config with error ${error.data.code ?? "?"}: ${error.data.message ?? ""}`.trim()
          : "ctx answered get_config with an unexpected frame";
      }
    } catch (err) {
      reason = `ctx is unreachable (${err instanceof Error ? err.message : String(err)})`;
      ctxDown = true;
    }
    const defaults = usableDefaults(instance, ctxkey, { reason, ctxDown, notConfigured });
    logger.warn({ ctxkey, reason }, "using the instance defaults instead of ctx's configuration");
    return { config: defaults, source: "defaults", reason };
  }

  return {
    async get(ctxkey, { refresh = false, version } = {}) {
      const cached = cache.get(ctxkey);
      if (!refresh && cached && version !== undefined && cached.value.version === version) return cached.value;
      if (!refresh && cached && version === undefined && cached.expiresAt > now()) return cached.value;
      let pending = inflight.get(ctxkey);
      if (!pending) {
        pending = load(ctxkey).finally(() => inflight.delete(ctxkey));
        inflight.set(ctxkey, pending);
      }
      const value = await pending;
      const before = cache.get(ctxkey)?.value.config;
      // Every ctxkey ever asked for was kept (1.3 KB each: 20,000 ctxkeys grew rtr's heap by 26 MB, for good).
      if (cache.size >= MAX_REMEMBERED && !cache.has(ctxkey)) cache.clear();
      cache.set(ctxkey, { value, expiresAt: now() + ttlMs });
      if (before && options.onProvidersChanged && !sameProviders(before, value.config)) {
        const urls = new Set<string>();
        for (const entry of cache.values()) for (const url of providerUrls(entry.value.config)) urls.add(url);
        options.onProvidersChanged(urls);
      }
      return value;
    },
    close: () => ctx.close(),
  };
}

/** The instance defaults (ZINO.toml) when ctx gave no configuration; when they are not usable either, why not. */
function usableDefaults(
  instance: InstanceConfig,
  ctxkey: string,
  { reason, ctxDown, notConfigured }: { reason: string; ctxDown: boolean; notConfigured: boolean },
): CtxkeyConfig {
  const defaults = CtxkeyConfigSchema.safeParse(instance.defaults);
  if (!defaults.success && ctxDown) {
    throw new WireError(
      "unavailable",
      `No configuration for ctxkey "${ctxkey}": ${reason}, and the instance defaults (ZINO.toml [llm]) are not usable ` +
        `(${issueText(defaults.error)}). Start zino-ctx or set [llm] base_url and model in ZINO.toml.`,
    );
  }
  if (!defaults.success) {
    // ctx answered, without a usable model: not `unavailable` (every service runs), so the daemon does not say
    // "zino-rtr is not running"; the turn fails with what to set.
    const fix = `set [llm] base_url and model in ${instance.configPath ?? "ZINO.toml"} (README: Pointing ZINO at a model)`;
    throw new WireError(
      "provider_error",
      notConfigured
        ? `No model configured for ctxkey "${ctxkey}": ${fix}, or set them for this ctxkey (zino ctx set ${ctxkey} llm.base_url=... llm.model=...).`
        : `No model configured for ctxkey "${ctxkey}": ${fix}. Details: ${reason}; the instance defaults are not usable (${issueText(defaults.error)}).`,
      { reason: "not_configured" },
    );
  }
  return defaults.data;
}

/** Path and message of the first issue; zod messages do not echo input values, so no key can leak here. */
function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join(".") || "config"}: ${issue?.message ?? "invalid"}`;
}
