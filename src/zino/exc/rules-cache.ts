// The execution rules of a ctxkey (docs/zino-protocol.md §6): the `exec`, `mcp_servers` and `agent` (sub-agent limits) sections
// of its configuration and the skills it sees, loaded from ctx (`get_config`, `list_skills`) and cached briefly;
// when ctx cannot answer, the instance defaults apply (without skills) and the caller is told so. A request that
// carries the configuration's version [ext] (the daemon's tool calls) reuses the rules of that version whatever
// their age, and reloads rules of another version.
import { CtxkeyConfigSchema, type AgentConfig, type ExecConfig, type JsonObject, type McpServerConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import { CtxAnswerError, type CtxClient } from "./ctx-client.js";
import { parseSkills, type SkillInfo } from "./skill-catalog.js";

export interface ExecRules {
  ctxkey: string;
  exec: ExecConfig;
  mcpServers: Record<string, McpServerConfig>;
  /** Sub-agent limits (`max_subagent_depth`, `subagent_timeout_ms`) of turns on this ctxkey. */
  agent: AgentConfig;
  skills: SkillInfo[];
  source: "ctx" | "defaults";
  /** Why the defaults are used (ctx down, invalid configuration). */
  warning?: string;
  /** The configuration version ctx sent with it [ext]. */
  version?: string | undefined;
}

/** exc needs only these sections; the rest of the configuration (llm, ...) is not its business. */
const RulesSchema = CtxkeyConfigSchema.pick({ exec: true, mcp_servers: true, agent: true });
type ParsedRules = ReturnType<typeof RulesSchema.safeParse>;

export const DEFAULT_RULES_TTL_MS = 5_000;
/** Shorter, so that exc picks up ctx's configuration soon after ctx comes back. */
const FALLBACK_TTL_MS = 1_000;
/** Past this many cached ctxkeys, expired entries are dropped. */
const MAX_ENTRIES = 1_000;

export interface RulesCache {
  /** `fresh`: bypass the cache (the ready handshake reloads); `version`: the version the caller saw at ctx. */
  get(ctxkey: string, options?: { fresh?: boolean; version?: string | undefined }): Promise<ExecRules>;
  clear(): void;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

interface RulesOptions {
  ctx: CtxClient;
  defaults: JsonObject;
  ttlMs?: number;
  logger: Logger;
}

export function createRulesCache(options: RulesOptions): RulesCache {
  const ttlMs = options.ttlMs ?? DEFAULT_RULES_TTL_MS;
  const entries = new Map<string, { rules: Promise<ExecRules>; expires: number; version?: string | undefined }>();
  const load = createRulesLoader(options);
  return {
    async get(ctxkey, getOptions) {
      const now = Date.now();
      const cached = entries.get(ctxkey);
      const version = getOptions?.version;
      if (cached && getOptions?.fresh !== true) {
        if (version !== undefined && cached.version === version) return cached.rules;
        if (version === undefined && cached.expires > now) return cached.rules;
      }
      const rules = load(ctxkey);
      if (entries.size >= MAX_ENTRIES) {
        for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
        // Within one TTL, as many ctxkeys as come: the oldest entry goes.
        if (entries.size >= MAX_ENTRIES && !entries.has(ctxkey)) entries.delete(entries.keys().next().value!);
      }
      entries.set(ctxkey, { rules, expires: now + ttlMs });
      const resolved = await rules;
      const expires = resolved.source === "defaults" ? now + Math.min(ttlMs, FALLBACK_TTL_MS) : now + ttlMs;
      if (entries.get(ctxkey)?.rules === rules) entries.set(ctxkey, { rules, expires, version: resolved.version });
      return resolved;
    },
    clear() {
      entries.clear();
    },
  };
}

/** Loads a ctxkey's rules from ctx, or the instance defaults when ctx cannot give valid ones. */
function createRulesLoader(options: RulesOptions): (ctxkey: string) => Promise<ExecRules> {
  const lastParsed = new Map<string, { text: string; parsed: ParsedRules }>();
  const fromDefaults = (ctxkey: string, warning: string) => defaultRules(options.defaults, ctxkey, warning);

  /** A ctx that does not list skills (an older or a Python ctx) means no skills, not a failure. */
  async function loadSkills(ctxkey: string): Promise<SkillInfo[]> {
    try {
      return parseSkills(await options.ctx.listSkills(ctxkey), options.logger);
    } catch (err) {
      options.logger.debug({ ctxkey, err: describe(err) }, "ctx listed no skills");
      return [];
    }
  }

  return async (ctxkey) => {
    let config: unknown;
    let skills: Promise<SkillInfo[]>;
    let version: string | undefined;
    try {
      if (options.ctx.getConfigAndSkills) {
        // One request for both; a ctx that does not send the skills is asked for them separately.
        const answer = await options.ctx.getConfigAndSkills(ctxkey);
        config = answer.config;
        version = answer.version;
        skills = answer.skills ? Promise.resolve(parseSkills(answer.skills, options.logger)) : loadSkills(ctxkey);
      } else {
        skills = loadSkills(ctxkey);
        config = await options.ctx.getConfig(ctxkey);
      }
    } catch (err) {
      // ctx answered, and refused (its configuration is invalid): not "unavailable", which sends people to start it.
      if (err instanceof CtxAnswerError) {
        options.logger.warn({ ctxkey, code: err.code, err: err.message }, "ctx refused get_config; using the instance defaults");
        return fromDefaults(ctxkey, `ctx refused the configuration (${err.message}); using the instance defaults`);
      }
      options.logger.warn({ ctxkey, err: describe(err) }, "ctx did not answer get_config; using the instance defaults");
      return fromDefaults(ctxkey, `ctx unavailable (${describe(err)}); using the instance defaults`);
    }
    // The same configuration as last time is not parsed again.
    const text = JSON.stringify(config);
    const known = lastParsed.get(ctxkey);
    const parsed = known?.text === text ? known.parsed : RulesSchema.safeParse(config);
    if (known?.text !== text && parsed.success) {
      if (lastParsed.size >= MAX_ENTRIES) lastParsed.clear();
      lastParsed.set(ctxkey, { text, parsed });
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const reason = `the configuration from ctx is invalid (${issue?.path.join(".")}: ${issue?.message}); using the instance defaults`;
      options.logger.warn({ ctxkey }, reason);
      return fromDefaults(ctxkey, reason);
    }
    const { exec, mcp_servers: mcpServers, agent } = parsed.data;
    return { ctxkey, exec, mcpServers, agent, skills: await skills, source: "ctx", version };
  };
}

function defaultRules(defaults: JsonObject, ctxkey: string, warning: string): ExecRules {
  const parsed = RulesSchema.safeParse(defaults);
  if (parsed.success) {
    const { exec, mcp_servers: mcpServers, agent } = parsed.data;
    return { ctxkey, exec, mcpServers, agent, skills: [], source: "defaults", warning };
  }
  const issue = parsed.error.issues[0];
  const fallback = RulesSchema.parse({});
  return {
    ctxkey,
    exec: fallback.exec,
    mcpServers: fallback.mcp_servers,
    agent: fallback.agent,
    skills: [],
    source: "defaults",
    warning: `${warning}; the instance defaults are invalid too (${issue?.path.join(".")}: ${issue?.message}), built-in rules apply`,
  };
}
