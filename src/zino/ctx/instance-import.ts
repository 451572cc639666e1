// Import of the instance files into the store (docs/zino-protocol.md §4), at start and on `reload`: ZINO.toml's default sections
// into the `default` config row, and the agents/ folder into prompts, tools and skills. All-or-nothing: files
// that do not validate leave the store as it was.
import { CtxkeyConfigSchema, LlmConfigSchema, type AgentPaths, type JsonObject } from "../config/index.js";
import { type AgentFiles, readAgentFiles } from "./agent-files.js";
import { describeIssues, unknownKeys } from "./config-view.js";
import { DEFAULT_KEY, type CtxStore } from "./store.js";

export class InstanceImportError extends Error {
  /** Only the operator can fix the files: the service says so in one line and is not restarted. */
  readonly code = "config_invalid";
  constructor(message: string) {
    super(message);
    this.name = "InstanceImportError";
  }
}

export interface ImportSource {
  /** The `[llm]`, `[agent]`, `[history]`, `[exec]`, `[mcp_servers]` tables of ZINO.toml. */
  defaults: JsonObject;
  agentsDir: string;
  /** The files one by one when a Python ZINO.toml names them (`[ctx] template`, `[tools] dir`, ...). */
  agentPaths?: AgentPaths;
  /** The Python `[ctx] soft_memory`: set as the default ctxkey's soft memory when it has none. */
  initialSoftMemory?: string | undefined;
  /** For messages only. */
  configPath: string | undefined;
}

export interface ImportSummary {
  agentsDir: string;
  agentsFound: boolean;
  tools: string[];
  skills: string[];
  /** Keys of ZINO.toml's default sections that this ZINO does not use (accepted, so Python files work unchanged). */
  ignoredKeys: string[];
}

/**
 * Sections present in ZINO.toml must be valid on their own. `[llm]` may leave out base_url and model (a Python file
 * without [api]/[service], or a model set per ctxkey later): rtr then answers "no model configured" at a turn.
 */
function checkDefaults(source: ImportSource): void {
  const parsed = CtxkeyConfigSchema.partial().extend({ llm: LlmConfigSchema.partial().optional() }).safeParse(source.defaults);
  if (!parsed.success) throw new InstanceImportError(`${source.configPath ?? "ZINO.toml"}: ${describeIssues(parsed.error)}`);
}

export async function importInstance(store: CtxStore, source: ImportSource): Promise<ImportSummary> {
  checkDefaults(source);
  let agents: AgentFiles | undefined;
  try {
    agents = readAgentFiles(source.agentPaths ?? source.agentsDir);
  } catch (err) {
    throw new InstanceImportError(err instanceof Error ? err.message : String(err));
  }
  await store.importInstance({ defaults: source.defaults, agents });
  if (source.initialSoftMemory && !(await store.softMemory(DEFAULT_KEY))) await store.setSoftMemory(DEFAULT_KEY, source.initialSoftMemory);
  return {
    agentsDir: source.agentsDir,
    agentsFound: agents !== undefined,
    tools: agents?.tools.map((tool) => tool.name) ?? [],
    skills: agents?.skills.map((skill) => skill.name) ?? [],
    ignoredKeys: unknownKeys(source.defaults),
  };
}
