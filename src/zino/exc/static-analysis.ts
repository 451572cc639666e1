// Static analysis of a script before it runs (docs/zino-protocol.md §6): shellcheck for bash (`bash -n` when shellcheck is not
// installed), a compile-only check for Python, `node --check` for Node. Analysers only parse, never execute, and
// they read untrusted input: where bubblewrap works they run in the same kind of sandbox as the tools (with the
// execution's cgroup when there is one), the script at /code.
import { accessSync, constants } from "node:fs";
import { join } from "node:path";
import { SANDBOX_PATH, scrubbedEnv, type SandboxCommand, type SandboxUser } from "./sandbox.js";
import { runProcess, type ProcessStarter, type StartedProcess } from "./run-process.js";

export interface AnalysisReport {
  analyzer: string;
  ok: boolean;
  findings: string[];
}

const PYTHON_CHECK = [
  "import sys",
  "p = sys.argv[1]",
  "try:",
  "    compile(open(p, 'rb').read(), p, 'exec')",
  "except SyntaxError as e:",
  "    print(f'{p}:{e.lineno}:{e.offset}: error: {e.msg}'); sys.exit(1)",
  "except ValueError as e:",
  "    print(f'{p}: error: {e}'); sys.exit(1)",
].join("\n");

export function findExecutable(name: string, pathList: string = SANDBOX_PATH): string | undefined {
  for (const dir of pathList.split(":")) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function analyzerFor(executor: string, scriptName: string): { analyzer: string; command: string[]; perLine: boolean } | undefined {
  switch (executor) {
    case "bash":
    case "sh": {
      const shellcheck = findExecutable("shellcheck");
      if (shellcheck) {
        return {
          analyzer: "shellcheck",
          perLine: true,
          command: [shellcheck, "--format=gcc", "--severity=warning", `--shell=${executor}`, scriptName],
        };
      }
      return { analyzer: `${executor} -n`, perLine: true, command: [`/bin/${executor}`, "-n", scriptName] };
    }
    case "python3":
      return { analyzer: "python3 compile", perLine: true, command: ["python3", "-c", PYTHON_CHECK, scriptName] };
    case "node":
      return { analyzer: "node --check", perLine: false, command: ["node", "--check", `./${scriptName}`] };
    default:
      return undefined;
  }
}

export function hasAnalyzer(executor: string): string | undefined {
  return analyzerFor(executor, "x")?.analyzer;
}

/** The analyser's command without the script (what a sandbox given the script's path runs), if there is one. */
export function analyserArgv(executor: string): string[] | undefined {
  return analyzerFor(executor, "x")?.command.slice(0, -1);
}

/** Runs the analyser in the directory holding the script, so findings name the script relatively. */
export async function analyze(options: {
  executor: string;
  codeDir: string;
  scriptName: string;
  user: SandboxUser | undefined;
  signal?: AbortSignal;
  /** How the analyser process is started (exc's process launcher); default: from this process. */
  start?: ProcessStarter;
  /**
   * Wraps the analyser (its command without the script) in a sandbox that shows the script at `codeDir`; the
   * command then carries its own user. Without it the analyser runs on the host as `user`, in the code dir.
   */
  sandbox?: { command: (analyser: string[]) => SandboxCommand & { uid?: number; gid?: number }; codeDir: string };
  /**
   * The analyser already started in its sandbox and held (a warm sandbox's, made with {@link analyserArgv}): it is
   * released instead of starting one. One that died while it waited is replaced by one started now.
   */
  prestarted?: StartedProcess;
}): Promise<AnalysisReport | undefined> {
  const spec = analyzerFor(options.executor, options.scriptName);
  if (!spec) return undefined;
  const [command, ...args] = spec.command;
  const shownDir = options.sandbox?.codeDir ?? options.codeDir;
  const spawn = options.sandbox
    ? options.sandbox.command(spec.command.slice(0, -1))
    : { command: command!, args, env: scrubbedEnv(options.codeDir, options.codeDir), cwd: options.codeDir, ...(options.user ?? {}) };
  const run = { ...spawn, timeoutMs: 15_000, outputCapBytes: 32 * 1024, ...(options.signal ? { signal: options.signal } : {}) };
  const { prestarted } = options;
  // runProcess answers a cancelled call without releasing anything: the held analyser must not wait for ever.
  if (prestarted && options.signal?.aborted) void prestarted.discard();
  let outcome = await runProcess(run, prestarted ? () => prestarted : options.start);
  if (outcome.notStarted) outcome = await runProcess(run, options.start);
  if (outcome.exitCode === 0) return { analyzer: spec.analyzer, ok: true, findings: [] };
  const text = `${outcome.stdout}\n${outcome.stderr}`.split(`${shownDir}/`).join("").split("./main.").join("main.").trim();
  const findings = spec.perLine
    ? text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
    : [text];
  if (findings.length === 0) findings.push(`${spec.analyzer} failed with exit code ${outcome.exitCode}`);
  return { analyzer: spec.analyzer, ok: false, findings };
}
