// A Python ZINO instance folder as the original project lays it out (its ZINO.toml tables and keys, agents/SYSTEM.md,
// tools/*.json and skills/*.json without a `name`), written from scratch into a temp dir for the compatibility tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServiceName } from "../../src/zino/config/index.js";

export interface PythonInstance {
  dir: string;
  configPath: string;
  runtimeDir: string;
  databasePath: string;
  sockets: Record<ServiceName, string>;
  cleanup: () => void;
}

export interface PythonInstanceOptions {
  providerUrl: string;
  /** Appended to the file (more Python keys, or our own tables to check precedence). */
  extraToml?: string;
  /** Leave out [api] and [service] (an instance with no model configured). */
  noModel?: boolean;
}

export const PYTHON_SYSTEM_MD = `%%PERSONALITY%%
You are an agent that runs code with tool calls.
Available tools:
%%TOOL_LIST%%
Available skills:
%%SKILL_LINES%%
You have at most %%MAX_ITERATIONS%% execution calls.
Memory notes:
%%SOFT_MEMORIES%%
`;

export function writePythonInstance(options: PythonInstanceOptions): PythonInstance {
  const dir = mkdtempSync(join(tmpdir(), "zpy-"));
  const runtimeDir = join(dir, "run");
  mkdirSync(runtimeDir, { mode: 0o700 });
  const sockets = {
    daemon: join(runtimeDir, "daemon.sock"),
    ctx: join(runtimeDir, "ctx.sock"),
    rtr: join(runtimeDir, "rtr.sock"),
    exc: join(runtimeDir, "exc.sock"),
  };
  const toml = [
    "# ZINO.toml of a Python ZINO instance",
    ...(options.noModel
      ? []
      : [
          "[api]",
          `base_url = ${JSON.stringify(options.providerUrl)}`,
          `key      = "sk-python-key"`,
          "",
          "[service]",
          `model = "python-model"`,
          "",
        ]),
    "[logging]",
    `level = "WARNING"`,
    "",
    "[agent]",
    "temperature    = 0.3",
    "top_p          = 0.9",
    "max_iterations = 4",
    "",
    "[daemon]",
    `socket = ${JSON.stringify(sockets.daemon)}`,
    "",
    "[rtr]",
    `socket    = ${JSON.stringify(sockets.rtr)}`,
    "streaming = true",
    "",
    "[exc]",
    `socket  = ${JSON.stringify(sockets.exc)}`,
    "timeout = 20",
    "",
    "[ctx]",
    `socket            = ${JSON.stringify(sockets.ctx)}`,
    "history_limit     = 12",
    "hard_memory_top_k = 2",
    `data_dir          = "data/mem"`,
    `template          = "agents/SYSTEM.md"`,
    `personality       = "agents/PERSONALITY.md"`,
    `soft_memory       = "The user likes short answers."`,
    "inject_history         = true",
    "inject_hard_memories   = false",
    "inject_tool_examples   = false",
    "inject_skill_examples  = false",
    "",
    "[tools]",
    `dir = "agents/tools"`,
    "",
    "[skills]",
    `dir = "agents/skills"`,
    "",
    options.extraToml ?? "",
  ].join("\n");
  const configPath = join(dir, "ZINO.toml");
  writeFileSync(configPath, toml);
  mkdirSync(join(dir, "agents", "tools"), { recursive: true });
  mkdirSync(join(dir, "agents", "skills"), { recursive: true });
  writeFileSync(join(dir, "agents", "SYSTEM.md"), PYTHON_SYSTEM_MD);
  writeFileSync(join(dir, "agents", "PERSONALITY.md"), "You are Zed, terse and exact.\n");
  writeFileSync(
    join(dir, "agents", "tools", "bash.json"),
    JSON.stringify({ meta: { executor: "bash", file_extension: ".sh", static_analysis: "shellcheck" } }, null, 2),
  );
  writeFileSync(
    join(dir, "agents", "tools", "python.json"),
    JSON.stringify({ meta: { executor: "python3", file_extension: ".py", static_analysis: null } }, null, 2),
  );
  writeFileSync(
    join(dir, "agents", "skills", "bash.json"),
    JSON.stringify(
      {
        meta: { executor: "bash", file_extension: ".sh", static_analysis: "shellcheck" },
        system: "You are a bash sub-agent.",
        tools: ["bash"],
        examples: [
          { role: "user", content: "List hidden files" },
          { role: "assistant", content: '<tool_call>{"name": "execute_bash", "arguments": {"code": "ls -a ~/"}}</tool_call>' },
        ],
      },
      null,
      2,
    ),
  );
  return {
    dir,
    configPath,
    runtimeDir,
    databasePath: join(dir, "data", "mem", "zino.sqlite"),
    sockets,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
