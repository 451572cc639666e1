// The configuration a ctxkey resolves to (docs/zino-protocol.md §4: rows keyed by ctxkey, `default` inherited field by field).
// ctx stores it; rtr, exc and the daemon read it through ctx's `get_config` operation and parse it with this schema.
import { isAbsolute } from "node:path";
import { z } from "zod";
import { isRecord } from "../../shared/is-record.js";

// Every wait a ctxkey sets is bounded. Node fires a timer longer than 2^31 - 1 ms (24.8 days) after 1 ms, so an
// unbounded timeout_ms made every tool call or model request time out at once; no turn, tool or server waits a day.
export const MAX_WAIT_MS = 24 * 60 * 60 * 1000;
const waitMs = (fallback: number, min = 1) => z.number().int().min(min).max(MAX_WAIT_MS).default(fallback);

// A tool's output kept per stream. Both streams travel in one frame (exc to the daemon, and through exc's process
// launcher), where JSON may spell a byte as six (\u0000): 2 x 1 MiB x 6 stays under the default 16 MiB frame. A
// model takes far less than this at once anyway.
export const MAX_OUTPUT_CAP_BYTES = 1024 * 1024;

/** A model endpoint is reached over HTTP: `file://`, `ftp://` and the like are refused where they are set, naming the field. */
const HttpUrlSchema = z
  .string()
  .url()
  .refine((value) => !URL.canParse(value) || /^https?:$/i.test(new URL(value).protocol), {
    message: "must be an http:// or https:// URL (the model server's OpenAI-compatible API, usually ending in /v1)",
  });

export const ProviderSchema = z.object({
  base_url: HttpUrlSchema,
  model: z.string().min(1),
  /** The key itself (discouraged in files) ... */
  api_key: z.string().optional(),
  /** ... or the name of an environment variable of rtr holding it. `LLM_API_KEY` is the fallback. */
  api_key_env: z.string().optional(),
});
export type Provider = z.infer<typeof ProviderSchema>;

export const LlmConfigSchema = ProviderSchema.extend({
  temperature: z.number().min(0).max(2).default(0.7),
  top_p: z.number().min(0).max(1).optional(),
  context_window: z.number().int().positive().default(8192),
  max_output_tokens: z.number().int().positive().default(1024),
  timeout_ms: waitMs(120_000),
  /** The longest one model call (one attempt) may take in all, however steadily it streams [ext]. */
  max_request_ms: waitMs(600_000),
  /** Characters one model call may stream (text, reasoning and tool-call arguments) before it is cut [ext];
   * default max_output_tokens × 16, far above what a provider honouring max_tokens sends. */
  max_output_chars: z.number().int().positive().optional(),
  max_retries: z.number().int().min(0).max(10).default(2),
  retry_base_ms: waitMs(250, 0),
  fallbacks: z.array(ProviderSchema).default([]),
  /** Remove `<think>…</think>` reasoning sections from the text shown to the user. */
  strip_reasoning: z.boolean().default(true),
});
export type LlmConfig = z.infer<typeof LlmConfigSchema>;

export const AgentConfigSchema = z.object({
  max_iterations: z.number().int().min(1).max(100).default(8),
  max_tool_calls: z.number().int().min(0).max(1000).default(16),
  /** `native`: provider function calling; `inline`: <tool_call> blocks in text; `auto`: both. */
  tool_style: z.enum(["native", "inline", "auto"]).default("auto"),
  max_subagent_depth: z.number().int().min(0).max(5).default(2),
  max_subagent_fanout: z.number().int().min(0).max(20).default(4),
  subagent_timeout_ms: waitMs(300_000),
  /** The longest one user turn may run, model and tool calls together [ext]; then `error turn_timeout`. */
  turn_timeout_ms: waitMs(600_000, 1_000),
});
export type AgentConfig = z.infer<typeof AgentConfigSchema>;

// What one turn's history may hold. Each turn reads up to four times `max_messages` stored messages and keeps a window
// of them in memory between turns, so the bounds are checked where they are set: 10,000 messages is far past any
// conversation a model reads, and 2,000,000 tokens past the largest context window a model offers.
export const MAX_HISTORY_MESSAGES = 10_000;
export const MAX_HISTORY_TOKENS = 2_000_000;

export const HistoryConfigSchema = z.object({
  max_messages: z.number().int().min(0).max(MAX_HISTORY_MESSAGES).default(40),
  max_tokens: z.number().int().min(0).max(MAX_HISTORY_TOKENS).default(6000),
});
export type HistoryConfig = z.infer<typeof HistoryConfigSchema>;

/** The highest `context.max_hard_memories` accepted: a search counts words over this many memories at most. */
export const MAX_HARD_MEMORIES_BOUND = 1_000_000;
/** The highest `context.max_values` and `context.max_values_chars` accepted (a million keys, 1 Gi characters). */
export const MAX_VALUES_BOUND = 1_000_000;
export const MAX_VALUES_CHARS_BOUND = 1024 * 1024 * 1024;

/** What else goes into a prompt besides the history (the Python `[ctx] inject_*` settings). */
export const ContextConfigSchema = z.object({
  /** Hard memories matching the user message, appended to the system prompt. */
  recall_memories: z.boolean().default(true),
  recall_top_k: z.number().int().min(0).max(50).default(3),
  /** Hard memories one ctxkey keeps [ext]: a store_hard past it is refused with `limit_reached` (delete some first). */
  max_hard_memories: z.number().int().min(0).max(MAX_HARD_MEMORIES_BOUND).default(10_000),
  /** Host-side values (set_value) one ctxkey keeps [ext], and their keys' and values' characters (as JSON) together. */
  max_values: z.number().int().min(0).max(MAX_VALUES_BOUND).default(1000),
  max_values_chars: z
    .number()
    .int()
    .min(0)
    .max(MAX_VALUES_CHARS_BOUND)
    .default(16 * 1024 * 1024),
  /** Every skill's examples as context of the main agent (its sub-agents always get their own skill's examples). */
  skill_examples: z.boolean().default(false),
});
export type ContextConfig = z.infer<typeof ContextConfigSchema>;

export const ExecConfigSchema = z.object({
  sandbox: z.enum(["bwrap", "none"]).default("bwrap"),
  /** Run without a sandbox when bubblewrap is missing. Off by default: exc then refuses to execute. */
  allow_unsandboxed: z.boolean().default(false),
  timeout_ms: waitMs(30_000),
  output_cap_bytes: z
    .number()
    .int()
    .positive()
    .max(MAX_OUTPUT_CAP_BYTES)
    .default(64 * 1024),
  network: z.boolean().default(false),
  allow: z.array(z.string()).default([]),
  deny: z.array(z.string()).default([]),
  static_analysis: z.enum(["off", "advisory", "blocking"]).default("advisory"),
  // Limits the kernel takes (cgroup memory.max and pids.max, RLIMIT_AS, RLIMIT_CPU), bounded where a value stops
  // meaning anything: 1 TiB, 65536 processes, a day of CPU.
  memory_mb: z
    .number()
    .int()
    .positive()
    .max(1024 * 1024)
    .default(512),
  max_processes: z.number().int().positive().max(65_536).default(64),
  cpu_seconds: z
    .number()
    .int()
    .positive()
    .max(24 * 60 * 60)
    .default(30),
});
export type ExecConfig = z.infer<typeof ExecConfigSchema>;

export const McpServerConfigSchema = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  /** Environment variables filled from values stored in ctx for the ctxkey (never shown to the model). */
  env_from_ctx: z.record(z.string(), z.string()).default({}),
  idle_timeout_ms: waitMs(600_000),
  /** Run before starting the server when an `env_from_ctx` value is missing; prints `{ENV_NAME: value}` (exc stores
   * each in ctx and injects it). E.g. a host-side command creating a session. */
  provision: z
    .object({
      command: z.string().min(1),
      args: z.array(z.string()).default([]),
      timeout_ms: waitMs(20_000),
    })
    .optional(),
  /** `bwrap`: run the server in bubblewrap (host file system read-only, private /tmp and HOME, instance paths hidden). */
  sandbox: z.enum(["none", "bwrap"], { error: 'sandbox must be "none" or "bwrap"' }).default("none"),
  /** With `sandbox = "bwrap"`: whether the server keeps the host's network (most MCP servers call an API). */
  network: z.boolean({ error: "network must be true or false" }).default(true),
  /** With `sandbox = "bwrap"`: host directories or files the server may write (bound read-write at the same path). */
  writable: z
    .array(
      z.string().refine((path) => isAbsolute(path), { error: "writable entries must be absolute paths" }),
      { error: "writable must be a list of absolute paths" },
    )
    .default([]),
});
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>;

export const CtxkeyConfigSchema = z.object({
  llm: LlmConfigSchema,
  agent: AgentConfigSchema.default(AgentConfigSchema.parse({})),
  history: HistoryConfigSchema.default(HistoryConfigSchema.parse({})),
  exec: ExecConfigSchema.default(ExecConfigSchema.parse({})),
  context: ContextConfigSchema.default(ContextConfigSchema.parse({})),
  mcp_servers: z.record(z.string(), McpServerConfigSchema).default({}),
});
export type CtxkeyConfig = z.infer<typeof CtxkeyConfigSchema>;

export type JsonObject = { [key: string]: unknown };

/** Field-by-field inheritance: objects merge recursively, anything else in `override` replaces `base`. */
export function mergeConfig(base: JsonObject, override: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(override)) {
    // Own properties only, and defined rather than assigned: a parsed `"__proto__"` key stays a plain field.
    const current = Object.hasOwn(out, key) ? out[key] : undefined;
    const merged = isRecord(current) && isRecord(value) ? mergeConfig(current, value) : value;
    Object.defineProperty(out, key, { value: merged, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * `config` without the fields at the given dotted paths (`llm.base_url`), and which of them it held: a field removed
 * from a ctxkey's own row is inherited again (ZINO.toml's, for `default`). A table left empty goes too.
 */
export function removeConfigPaths(config: JsonObject, paths: readonly string[]): { config: JsonObject; removed: string[] } {
  const removed: string[] = [];
  let out = config;
  for (const path of paths) {
    const next = withoutPath(out, path.split("."));
    if (next === undefined) continue;
    out = next;
    removed.push(path);
  }
  return { config: out, removed };
}

/** A copy of `node` without the field at `keys`, or undefined when it has none there. */
function withoutPath(node: JsonObject, keys: readonly string[]): JsonObject | undefined {
  const [key, ...rest] = keys;
  if (key === undefined || !Object.hasOwn(node, key)) return undefined;
  const out: JsonObject = { ...node };
  if (rest.length === 0) {
    delete out[key];
    return out;
  }
  const child = node[key];
  if (!isRecord(child)) return undefined;
  const inner = withoutPath(child, rest);
  if (inner === undefined) return undefined;
  if (Object.keys(inner).length === 0) delete out[key];
  else Object.defineProperty(out, key, { value: inner, enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * The ctxkey a skill's sub-agent runs on (docs/zino-protocol.md §6): the skill's own `ctxkey`, else `skill:<name>`. exc sends the
 * child turn there, and ctx gives that ctxkey the skill's `model`.
 */
export function skillCtxkey(skill: { name: string; ctxkey?: string | undefined }): string {
  return skill.ctxkey ?? `skill:${skill.name}`;
}
