// The agents/ folder in the Python ZINO formats (docs/zino-protocol.md §4): SYSTEM.md (template), PERSONALITY.md, tools/*.json,
// skills/*.json. Reading is all-or-nothing: a file that does not parse is reported with its path and field.
// Python files have no `name` (the file name is the tool or skill) and a skill's prompt is `system`, its examples
// a role/content message list: they are read as such.
import { existsSync, readdirSync, statSync } from "node:fs";
import { InputFileError, readInputFile } from "../../shared/input-file.js";
import { basename, join } from "node:path";
import { z } from "zod";
import type { AgentPaths } from "../config/index.js";

export const ToolFileSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().default(""),
  meta: z.looseObject({
    executor: z.string().regex(/^[A-Za-z0-9_-]+$/, "executor must be letters, digits, _ or -"),
    file_extension: z.string().optional(),
    static_analysis: z.unknown().optional(),
  }),
  /** JSON schema of the arguments; the Python ZINO executors take one argument, `code`. */
  parameters: z.record(z.string(), z.unknown()).optional(),
});
export type ToolFile = z.infer<typeof ToolFileSchema>;

export const SkillExampleSchema = z.looseObject({ user: z.string(), assistant: z.string() });

export const SkillFileSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().default(""),
  system_prompt: z.string().default(""),
  examples: z.array(SkillExampleSchema).default([]),
  tools: z.array(z.string()).default([]),
  ctxkey: z.string().min(1).max(256).optional(),
  model: z.string().optional(),
});
export type SkillFile = z.infer<typeof SkillFileSchema>;

export interface AgentFiles {
  systemTemplate: string | undefined;
  personality: string | undefined;
  tools: ToolFile[];
  skills: SkillFile[];
}

export class AgentFilesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AgentFilesError";
  }
}

/** The model-facing function name of a tool file (docs/zino-protocol.md §6): `execute_<executor>`. */
export function toolFunctionName(tool: ToolFile): string {
  return `execute_${tool.meta.executor}`;
}

const CODE_PARAMETERS = {
  type: "object",
  properties: { code: { type: "string", description: "The complete source code to run." } },
  required: ["code"],
};

/** The OpenAI function tool definition of a tool file. */
export function toFunctionTool(tool: ToolFile): {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
} {
  return {
    type: "function",
    function: { name: toolFunctionName(tool), description: tool.description, parameters: tool.parameters ?? CODE_PARAMETERS },
  };
}

/**
 * Reads an agents/ folder (or the files a Python ZINO.toml names one by one); `undefined` when none of them exists
 * (the instance then runs on built-in prompts).
 */
export function readAgentFiles(where: string | AgentPaths): AgentFiles | undefined {
  const paths: AgentPaths =
    typeof where === "string"
      ? {
          system: join(where, "SYSTEM.md"),
          personality: join(where, "PERSONALITY.md"),
          tools: join(where, "tools"),
          skills: join(where, "skills"),
        }
      : where;
  const folder = typeof where === "string" ? where : undefined;
  if (
    folder !== undefined
      ? !isDirectory(folder)
      : ![paths.system, paths.personality, paths.tools, paths.skills].some((path) => existsSync(path))
  )
    return undefined;
  return {
    systemTemplate: readText(paths.system),
    personality: readText(paths.personality),
    tools: readJsonFolder(paths.tools, ToolFileSchema, (value) => value),
    skills: readJsonFolder(paths.skills, SkillFileSchema, pythonSkill),
  };
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

const MessageSchema = z.object({ role: z.string(), content: z.string() });

/** A Python skill file read as ours: `system` is the prompt, role/content examples become user/assistant pairs. */
function pythonSkill(value: Record<string, unknown>): Record<string, unknown> {
  const out = { ...value };
  if (out.system_prompt === undefined && typeof out.system === "string") out.system_prompt = out.system;
  const messages = z.array(MessageSchema).safeParse(out.examples);
  if (messages.success && messages.data.length > 0) {
    const pairs: { user: string; assistant: string }[] = [];
    let user: string | undefined;
    for (const message of messages.data) {
      if (message.role === "user") user = message.content;
      else if (message.role === "assistant" && user !== undefined) {
        pairs.push({ user, assistant: message.content });
        user = undefined;
      }
    }
    out.examples = pairs;
  }
  return out;
}

/** Each agents/ file (prompt, personality, one tool or skill) is read up to this many bytes. */
export const MAX_AGENT_FILE_BYTES = 4 * 1024 * 1024;

function readAgentFile(path: string): string {
  try {
    return readInputFile(path, { maxBytes: MAX_AGENT_FILE_BYTES, what: "the agent file" });
  } catch (err) {
    if (err instanceof InputFileError) throw new AgentFilesError(err.message);
    throw err;
  }
}

function readText(path: string): string | undefined {
  return existsSync(path) ? readAgentFile(path) : undefined;
}

function readJsonFolder<T extends { name: string }>(
  dir: string,
  schema: z.ZodType<T>,
  python: (value: Record<string, unknown>) => Record<string, unknown>,
): T[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort();
  const items: T[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const path = join(dir, file);
    let value: unknown;
    const text = readAgentFile(path);
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new AgentFilesError(`${path}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const named = value as Record<string, unknown>;
      value = python(named.name === undefined ? { ...named, name: basename(file, ".json") } : named);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AgentFilesError(`${path}: ${issue?.path.join(".") || "file"}: ${issue?.message ?? "invalid"}`);
    }
    const previous = seen.get(parsed.data.name);
    if (previous) throw new AgentFilesError(`${path}: the name "${parsed.data.name}" is already used by ${previous}`);
    seen.set(parsed.data.name, path);
    items.push(parsed.data);
  }
  return items;
}
