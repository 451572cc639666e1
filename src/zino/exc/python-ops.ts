// The Python ZINO exc operations (docs/zino-protocol.md §8): `execute {executor, code}`, `validate {executor, code}` and
// `capabilities`, which here reports the EFFECTIVE isolation and limits of the ctxkey's rules.
import { z } from "zod";
import { WireError, type Frame } from "../../wire/index.js";
import type { ExecutorDefinition } from "./executor-catalog.js";
import type { ExecRules } from "./rules-cache.js";
import type { SandboxHardening } from "./sandbox-hardening.js";
import type { Isolation } from "./sandbox.js";
import { hasAnalyzer, type AnalysisReport } from "./static-analysis.js";

const CodeRequestSchema = z.looseObject({ executor: z.string().min(1).max(64), code: z.string() });

export function parseCodeRequest(frame: Frame): { executor: string; code: string } {
  const parsed = CodeRequestSchema.safeParse(frame);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WireError("bad_request", `${issue?.path.join(".") || "frame"}: ${issue?.message ?? "invalid"}; send {type, executor, code}`);
  }
  return parsed.data;
}

export function validationFrame(executor: string, known: boolean, report: AnalysisReport | undefined): Frame {
  if (!known) return { type: "validation", ok: false, errors: [`unknown executor ${executor}`] };
  if (!report) return { type: "validation", ok: true, errors: [], analyzer: null };
  return { type: "validation", ok: report.ok, errors: report.findings, analyzer: report.analyzer };
}

export function capabilitiesFrame(options: {
  loaded: ExecRules;
  executors: Map<string, ExecutorDefinition>;
  isolation: Isolation;
  bwrapProblem: string;
  allowed: (toolName: string) => boolean;
  /** exc's execution limit, and how many executions run and wait now (not per ctxkey). */
  concurrency?: { max: number; running: number; waiting: number };
  /** Warm sandboxes waiting for their call now (exc-wide). */
  warmSandboxes?: number;
  /** What bounds executions beyond their namespaces (sandbox-hardening.ts). */
  hardening?: SandboxHardening;
}): Frame {
  const { loaded, isolation } = options;
  const { exec } = loaded;
  const executors: Record<string, unknown> = {};
  for (const def of options.executors.values()) {
    executors[def.executor] = {
      tool: def.toolName,
      file_extension: def.fileExtension,
      static_analysis: def.staticAnalysis ? (hasAnalyzer(def.executor) ?? null) : null,
      allowed: options.allowed(def.toolName),
    };
  }
  return {
    type: "capabilities",
    service: "zino-exc",
    ctxkey: loaded.ctxkey,
    executors,
    /** Seconds, as the Python reference reports it; `timeout_ms` is exact. */
    timeout: exec.timeout_ms / 1000,
    timeout_ms: exec.timeout_ms,
    isolation,
    sandbox_available: options.bwrapProblem === "",
    ...(options.bwrapProblem ? { sandbox_problem: options.bwrapProblem } : {}),
    network: isolation === "bwrap" ? exec.network : isolation === "none",
    output_cap_bytes: exec.output_cap_bytes,
    static_analysis: exec.static_analysis,
    limits: { memory_mb: exec.memory_mb, cpu_seconds: exec.cpu_seconds, max_processes: exec.max_processes },
    // Whether memory_mb and max_processes hold per execution (a cgroup) or only per process (rlimits), and why.
    ...(options.hardening
      ? {
          resource_limits: options.hardening.resource_limits,
          resource_limits_detail: options.hardening.resource_limits_detail,
          sandbox_hardening: {
            seccomp: options.hardening.seccomp,
            userns_disabled: options.hardening.userns_disabled,
            analysis_sandboxed: options.hardening.analysis_sandboxed,
          },
          ...(options.hardening.zygote !== undefined ? { sandbox_zygote: options.hardening.zygote } : {}),
        }
      : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.warmSandboxes !== undefined ? { warm_sandboxes: options.warmSandboxes } : {}),
    allow: exec.allow,
    deny: exec.deny,
    mcp_servers: Object.keys(loaded.mcpServers),
    config_source: loaded.source,
    ...(loaded.warning ? { warning: loaded.warning } : {}),
  };
}
