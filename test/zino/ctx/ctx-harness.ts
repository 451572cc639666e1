// Test support for zino-ctx: a temp instance folder (ZINO.toml + agents/), the real service on a real Unix socket.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadInstanceConfig, type InstanceConfig } from "../../../src/zino/config/index.js";
import { createCtxService, type CtxService } from "../../../src/zino/ctx/index.js";
import { requestOne, silentLogger, type Frame } from "../../../src/wire/index.js";

export const TEST_TOML = `
[paths]
runtime_dir = "run"
database = "db/ctx.sqlite"
agents = "agents"

[limits]
max_frame_bytes = 65536
idle_timeout_ms = 2000

[llm]
base_url = "http://127.0.0.1:11434/v1"
model = "test-model"
api_key = "sk-secret-123"
temperature = 0.2

[[llm.fallbacks]]
base_url = "https://openrouter.example/api/v1"
model = "fallback-model"
api_key = "sk-fallback-456"

[agent]
max_iterations = 7

[history]
max_messages = 40
max_tokens = 6000
`;

export const TEST_SYSTEM =
  "P=[%%PERSONALITY%%]\nT=[%%TOOL_LIST%%]\nS=[%%SKILL_LINES%%]\nI=[%%MAX_ITERATIONS%%]\nM=[%%SOFT_MEMORIES%%]\nU=[%%UNKNOWN%%]";

export function writeAgents(dir: string, options: { system?: string; personality?: string } = {}): void {
  const agents = join(dir, "agents");
  mkdirSync(join(agents, "tools"), { recursive: true });
  mkdirSync(join(agents, "skills"), { recursive: true });
  writeFileSync(join(agents, "SYSTEM.md"), options.system ?? TEST_SYSTEM);
  writeFileSync(join(agents, "PERSONALITY.md"), options.personality ?? "You are Testy.\n");
  writeFileSync(
    join(agents, "tools", "bash.json"),
    JSON.stringify({
      name: "bash",
      description: "Run bash.",
      meta: { executor: "bash", file_extension: ".sh", static_analysis: "shellcheck" },
      parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
    }),
  );
  writeFileSync(
    join(agents, "tools", "python3.json"),
    JSON.stringify({
      name: "python3",
      description: "Run Python.",
      meta: { executor: "python3", file_extension: ".py", static_analysis: null },
      parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
    }),
  );
  writeFileSync(
    join(agents, "skills", "summarize.json"),
    JSON.stringify({
      name: "summarize",
      description: "Summarize text.",
      system_prompt: "You summarize. Tools: %%TOOL_LIST%%",
      examples: [{ user: "Summarize: a b c", assistant: "- a, b, c" }],
      tools: ["python3"],
      ctxkey: "sum",
      model: "small-model",
    }),
  );
}

export interface CtxHarness {
  dir: string;
  instance: InstanceConfig;
  socket: string;
  service: CtxService;
  request(frame: Frame): Promise<Frame>;
  /** Stops the service; the folder stays until `cleanup`. */
  stop(): Promise<void>;
  /** A new service on the same folder and database. */
  restart(): Promise<CtxHarness>;
  cleanup(): Promise<void>;
}

export function makeInstanceDir(options: { toml?: string; agents?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "zc-"));
  writeFileSync(join(dir, "ZINO.toml"), options.toml ?? TEST_TOML);
  if (options.agents !== false) writeAgents(dir);
  return dir;
}

export async function startCtx(options: { toml?: string; agents?: boolean; dir?: string } = {}): Promise<CtxHarness> {
  const dir = options.dir ?? makeInstanceDir(options);
  const instance = loadInstanceConfig({ path: join(dir, "ZINO.toml"), env: {} });
  const service = createCtxService({ instance, logger: silentLogger(), env: {} });
  await service.start();
  const socket = instance.sockets.ctx;
  const harness: CtxHarness = {
    dir,
    instance,
    socket,
    service,
    request: (frame) => requestOne(socket, frame, { idleTimeoutMs: 5000 }),
    stop: () => service.close(),
    restart: async () => {
      await service.close();
      return startCtx({ dir });
    },
    cleanup: async () => {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
