// The Python ZINO's ZINO.toml tables mapped onto ours (docs/zino-protocol.md §4: an existing Python instance works unchanged):
// [api], [service], [agent] temperature/top_p, [daemon]/[ctx]/[rtr]/[exc], [tools], [skills], [logging]. Our own
// tables win when both name the same setting; what is read but not honoured is listed by name for the start-up log.
import type { JsonObject } from "./ctxkey-config.js";
import type { ServiceName } from "./instance-config.js";

export interface PythonMapping {
  /** Settings for our default sections (`llm`, `agent`, `history`, `exec`, `context`), before our own tables. */
  defaults: JsonObject;
  sockets: Partial<Record<ServiceName, string>>;
  /** Paths as written (relative ones are resolved by the caller against the file's directory). */
  paths: { database?: string; system?: string; personality?: string; tools?: string; skills?: string };
  softMemory?: string;
  logLevel?: string;
  /** Python keys (e.g. `[service] model`) whose setting our own tables also give: ours are used. */
  overridden: string[];
  /** Python keys read but not honoured by this ZINO, with the reason. */
  unhonoured: string[];
}

const SOCKET_TABLES: readonly ServiceName[] = ["daemon", "ctx", "rtr", "exc"];

/** The Python keys of each table this module reads; any other key of these tables is reported as not honoured. */
const KNOWN: Record<string, readonly string[]> = {
  api: ["base_url", "key"],
  service: ["model"],
  daemon: ["socket"],
  rtr: ["socket", "streaming"],
  exc: ["socket", "timeout"],
  ctx: [
    "socket",
    "history_limit",
    "hard_memory_top_k",
    "data_dir",
    "template",
    "personality",
    "soft_memory",
    "inject_history",
    "inject_hard_memories",
    "inject_tool_examples",
    "inject_skill_examples",
  ],
  tools: ["dir"],
  skills: ["dir"],
  logging: ["level"],
};

/** The Python ZINO's tables this module reads. */
export const PYTHON_TABLES: readonly string[] = Object.keys(KNOWN);

const LOG_LEVELS: Record<string, string> = {
  DEBUG: "debug",
  INFO: "info",
  WARNING: "warn",
  WARN: "warn",
  ERROR: "error",
  CRITICAL: "fatal",
  FATAL: "fatal",
};

function table(raw: JsonObject, name: string): JsonObject | undefined {
  const value = raw[name];
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

function ownValue(raw: JsonObject, section: string, key: string): unknown {
  return table(raw, section)?.[key];
}

/** Reads the Python tables of a parsed ZINO.toml. `raw` is not modified. */
export function mapPythonConfig(raw: JsonObject): PythonMapping {
  const out: PythonMapping = { defaults: {}, sockets: {}, paths: {}, overridden: [], unhonoured: [] };
  /** Sets our `section.key` from the Python `from`, unless our own table sets it already. */
  const put = (from: string, section: string, key: string, value: unknown) => {
    if (value === undefined) return;
    if (ownValue(raw, section, key) !== undefined) {
      out.overridden.push(`${from} (ZINO.toml [${section}] ${key} is used)`);
      return;
    }
    const target = (out.defaults[section] ??= {}) as JsonObject;
    target[key] = value;
  };

  const api = table(raw, "api");
  put("[api] base_url", "llm", "base_url", api?.base_url);
  if (typeof api?.key === "string" && api.key !== "") put("[api] key", "llm", "api_key", api.key);
  put("[service] model", "llm", "model", table(raw, "service")?.model);
  const agent = table(raw, "agent");
  put("[agent] temperature", "llm", "temperature", agent?.temperature);
  put("[agent] top_p", "llm", "top_p", agent?.top_p);

  const sockets = table(raw, "sockets");
  for (const service of SOCKET_TABLES) {
    const socket = table(raw, service)?.socket;
    if (typeof socket !== "string") continue;
    if (sockets?.[service] !== undefined) out.overridden.push(`[${service}] socket (ZINO.toml [sockets] ${service} is used)`);
    else out.sockets[service] = socket;
  }

  const rtr = table(raw, "rtr");
  if (rtr?.streaming === false) out.unhonoured.push("[rtr] streaming = false (zino-rtr always streams from the provider)");
  const exc = table(raw, "exc");
  if (typeof exc?.timeout === "number") put("[exc] timeout", "exec", "timeout_ms", Math.round(exc.timeout * 1000));

  const ctx = table(raw, "ctx") ?? {};
  put("[ctx] history_limit", "history", "max_messages", ctx.history_limit);
  if (ctx.inject_history === false) {
    if (ownValue(raw, "history", "max_messages") !== undefined)
      out.overridden.push("[ctx] inject_history (ZINO.toml [history] max_messages is used)");
    else ((out.defaults.history ??= {}) as JsonObject).max_messages = 0;
  }
  put("[ctx] inject_hard_memories", "context", "recall_memories", ctx.inject_hard_memories);
  put("[ctx] hard_memory_top_k", "context", "recall_top_k", ctx.hard_memory_top_k);
  put("[ctx] inject_skill_examples", "context", "skill_examples", ctx.inject_skill_examples);
  if (ctx.inject_tool_examples === true) out.unhonoured.push("[ctx] inject_tool_examples = true (tool files carry no examples here)");
  if (typeof ctx.soft_memory === "string" && ctx.soft_memory !== "") out.softMemory = ctx.soft_memory;

  const paths = table(raw, "paths");
  const path = (from: string, ours: string | undefined, value: unknown): string | undefined => {
    if (typeof value !== "string" || value === "") return undefined;
    if (ours !== undefined) {
      out.overridden.push(`${from} (ZINO.toml [paths] ${ours} is used)`);
      return undefined;
    }
    return value;
  };
  const dataDir = path("[ctx] data_dir", paths?.database !== undefined ? "database" : undefined, ctx.data_dir);
  if (dataDir !== undefined) out.paths.database = `${dataDir.replace(/\/+$/, "")}/zino.sqlite`;
  const agentsSet = paths?.agents !== undefined ? "agents" : undefined;
  const set = (key: keyof PythonMapping["paths"], value: string | undefined) => {
    if (value !== undefined) out.paths[key] = value;
  };
  set("system", path("[ctx] template", agentsSet, ctx.template));
  set("personality", path("[ctx] personality", agentsSet, ctx.personality));
  set("tools", path("[tools] dir", agentsSet, table(raw, "tools")?.dir));
  set("skills", path("[skills] dir", agentsSet, table(raw, "skills")?.dir));

  const level = table(raw, "logging")?.level;
  if (typeof level === "string") {
    const mapped = LOG_LEVELS[level.toUpperCase()];
    if (mapped) out.logLevel = mapped;
    else out.unhonoured.push(`[logging] level = "${level}" (not a known level)`);
  }

  for (const [name, keys] of Object.entries(KNOWN)) {
    for (const key of Object.keys(table(raw, name) ?? {})) {
      if (!keys.includes(key)) out.unhonoured.push(`[${name}] ${key}`);
    }
  }
  return out;
}

/** Removes the Python-only keys of a table we share ([agent] temperature/top_p), once they are mapped. */
export function withoutPythonAgentKeys(agent: unknown): unknown {
  if (typeof agent !== "object" || agent === null || Array.isArray(agent)) return agent;
  const { temperature: _t, top_p: _p, ...rest } = agent as JsonObject;
  return rest;
}
