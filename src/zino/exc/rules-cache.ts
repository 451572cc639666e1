// The execution rules of a ctxkey (spec §6): the `exec`, `mcp_servers` and `agent` (sub-agent limits) sections
// of its configuration and the skills it sees, loaded from ctx (`get_config`, `list_skills`) and cached briefly;
// when ctx cannot answer, the instance defaults apply (without skills) and the caller is told so.
import { CtxkeyConfigSchema, type AgentConfig, type ExecConfig, type JsonObject, type McpServerConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import type { CtxClient } from "./ctx-client.js";
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
}

/** exc needs only these sections; the rest of the configuration (llm, ...) is not its business. */
const RulesSchema = CtxkeyConfigSchema.pick({ exec: true, mcp_servers: true, agent: true });

export const DEFAULT_RULES_TTL_MS = 5_000;
/** Shorter, so that exc picks up ctx's configuration soon after ctx comes back. */
const FALLBACK_TTL_MS = 1_000;
/** Past this many cached ctxkeys, expired entries are dropped. */
const MAX_ENTRIES = 1_000;

export interface RulesCache {
  /** `fresh`: bypass the cache (the ready handshake at the start of a turn reloads). */
  get(ctxkey: string, options?: { fresh?: boolean }): Promise<ExecRules>;
  clear(): void;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function createRulesCache(options: { ctx: CtxClient; defaults: JsonObject; ttlMs?: number; logger: Logger }): RulesCache {
  const ttlMs = options.ttlMs ?? DEFAULT_RULES_TTL_MS;
  const entries = new Map<string, { rules: Promise<ExecRules>; expires: number }>();
  const lastParsed = new Map<string, { text: string; parsed: ReturnType<typeof RulesSchema.safeParse> }>();

  function fromDefaults(ctxkey: string, warning: string): ExecRules {
    const parsed = RulesSchema.safeParse(options.defaults);
    if (parsed.success) {
      return {
        ctxkey,
        exec: parsed.data.exec,
        mcpServers: parsed.data.mcp_servers,
        agent: parsed.data.agent,
        skills: [],
        source: "defaults",
        warning,
      };
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

  async function load(ctxkey: string): Promise<ExecRules> {
    let config: unknown;
    let skills: Promise<SkillInfo[]>;
    try {
      if (options.ctx.getConfigAndSkills) {
        // One request for both; a ctx that does not send the skills is asked for them separately.
        const answer = await options.ctx.getConfigAndSkills(ctxkey);
        config = answer.config;
        skills = answer.skills ? Promise.resolve(parseSkills(answer.skills, options.logger)) : loadSkills(ctxkey);
      } else {
        skills = loadSkills(ctxkey);
        config = await options.ctx.getConfig(ctxkey);
      }
    } catch (err) {
      options.logger.warn({ ctxkey, err: describe(err) }, "ctx did not answer get_config; using the instance defaults");
      return fromDefaults(ctxkey, `ctx unavailable (${describe(err)}); using the instance defaults`);
    }
    // The same configuration as last time (ready reloads it every turn) is not parsed again.
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
    return {
      ctxkey,
      exec: parsed.data.exec,
      mcpServers: parsed.data.mcp_servers,
      agent: parsed.data.agent,
      skills: await skills,
      source: "ctx",
    };
  }

  /** A ctx that does not list skills (an older or a Python ctx) means no skills, not a failure. */
  async function loadSkills(ctxkey: string): Promise<SkillInfo[]> {
    try {
      return parseSkills(await options.ctx.listSkills(ctxkey), options.logger);
    } catch (err) {
      options.logger.debug({ ctxkey, err: describe(err) }, "ctx listed no skills");
      return [];
    }
  }

  return {
    async get(ctxkey, getOptions) {
      const now = Date.now();
      const cached = entries.get(ctxkey);
      if (cached && cached.expires > now && getOptions?.fresh !== true) return cached.rules;
      const rules = load(ctxkey);
      if (entries.size >= MAX_ENTRIES) {
        for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
      }
      entries.set(ctxkey, { rules, expires: now + ttlMs });
      const resolved = await rules;
      if (resolved.source === "defaults") entries.set(ctxkey, { rules, expires: now + Math.min(ttlMs, FALLBACK_TTL_MS) });
      return resolved;
    },
    clear() {
      entries.clear();
    },
  };
}
