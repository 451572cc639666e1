// The executors exc offers (docs/zino-protocol.md §6): read from the instance's `agents/tools/*.json` (Python-ZINO format
// `{name, description, meta:{executor, file_extension, static_analysis}, parameters}`), with built-in bash,
// python3 and node definitions for whatever the folder does not define.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Logger } from "../../wire/index.js";

export interface ExecutorDefinition {
  executor: string;
  /** The model-facing function name: `execute_<executor>`. */
  toolName: string;
  description: string;
  fileExtension: string;
  /** Whether static analysis applies to this executor (the rules then decide off/advisory/blocking). */
  staticAnalysis: boolean;
  /** Command prefix run with the script path appended. */
  interpreter: string[];
  /** JSON schema of the arguments: the file's when it declares a string `code`, else {@link CODE_PARAMETERS}. */
  parameters: Record<string, unknown>;
}

const ToolFileSchema = z.looseObject({
  name: z.string().optional(),
  description: z.string().optional(),
  meta: z.looseObject({
    executor: z.string().regex(/^[A-Za-z0-9_.+-]+$/),
    file_extension: z
      .string()
      .regex(/^\.?[A-Za-z0-9]+$/)
      .optional(),
    static_analysis: z.union([z.boolean(), z.string(), z.null()]).optional(),
  }),
  parameters: z.unknown().optional(),
});

const CodeParametersSchema = z.looseObject({
  type: z.literal("object"),
  properties: z.looseObject({ code: z.looseObject({ type: z.literal("string") }) }),
});

const INTERPRETERS: Record<string, string[]> = {
  bash: ["/bin/bash", "--noprofile", "--norc"],
  sh: ["/bin/sh"],
  python3: ["python3", "-u"],
  node: ["node"],
};

type ExecutorBasics = Omit<ExecutorDefinition, "toolName" | "interpreter" | "parameters">;

const BUILT_IN: readonly ExecutorBasics[] = [
  {
    executor: "bash",
    fileExtension: "sh",
    staticAnalysis: true,
    description:
      "Run a bash script in a sandbox and return its exit code, stdout and stderr. The working directory /work is writable and discarded afterwards.",
  },
  {
    executor: "python3",
    fileExtension: "py",
    staticAnalysis: true,
    description:
      "Run a Python 3 program in a sandbox and return its exit code, stdout and stderr. The working directory /work is writable and discarded afterwards.",
  },
  {
    executor: "node",
    fileExtension: "js",
    staticAnalysis: true,
    description:
      "Run a Node.js script (CommonJS) in a sandbox and return its exit code, stdout and stderr. The working directory /work is writable and discarded afterwards.",
  },
];

/** Names the Python ZINO and models use for the same executors. */
const ALIASES: Record<string, string> = { python: "python3", py: "python3", javascript: "node", js: "node", shell: "bash" };

export function canonicalExecutor(name: string): string {
  return ALIASES[name] ?? name;
}

export const CODE_PARAMETERS = {
  type: "object",
  properties: { code: { type: "string", description: "The complete source code to run." } },
  required: ["code"],
  additionalProperties: false,
} as const;

function complete(def: ExecutorBasics, parameters?: unknown): ExecutorDefinition {
  const declared = CodeParametersSchema.safeParse(parameters);
  return {
    ...def,
    toolName: `execute_${def.executor}`,
    interpreter: INTERPRETERS[def.executor] ?? [def.executor],
    parameters: declared.success ? declared.data : { ...CODE_PARAMETERS },
  };
}

/** `toolsDir`: the instance's agents/tools (or the Python `[tools] dir`). */
export function loadExecutors(toolsDir: string, logger: Logger): Map<string, ExecutorDefinition> {
  const out = new Map<string, ExecutorDefinition>();
  for (const def of BUILT_IN) out.set(def.executor, complete(def));
  const dir = toolsDir;
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .sort();
  } catch {
    return out;
  }
  for (const file of files) {
    let parsed;
    try {
      parsed = ToolFileSchema.safeParse(JSON.parse(readFileSync(join(dir, file), "utf8")));
    } catch (err) {
      logger.warn({ file, err }, "tool definition is not JSON; ignored");
      continue;
    }
    if (!parsed.success) {
      logger.warn({ file, issue: parsed.error.issues[0]?.message }, "tool definition without a usable meta.executor; ignored");
      continue;
    }
    const { meta, description, parameters } = parsed.data;
    const executor = canonicalExecutor(meta.executor);
    const base = out.get(executor);
    const analysis = meta.static_analysis;
    out.set(
      executor,
      complete(
        {
          executor,
          description: description ?? base?.description ?? `Run ${executor} code in a sandbox.`,
          fileExtension: (meta.file_extension ?? base?.fileExtension ?? executor).replace(/^\./, ""),
          staticAnalysis:
            analysis === undefined
              ? (base?.staticAnalysis ?? false)
              : !(analysis === false || analysis === null || ["", "off", "none", "false"].includes(String(analysis).toLowerCase())),
        },
        parameters,
      ),
    );
  }
  return out;
}
