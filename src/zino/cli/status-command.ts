// `zino status` (docs/zino-protocol.md §7): a short table of what runs (services with pid and uptime, the local Zelinqa API), the
// model endpoint with a real reachability check, the sandbox and the database; `--json` for scripts (with each
// service's capabilities). Success when the required services (ctx, rtr, daemon) answer.
import { requestOne } from "../../wire/frame-client.js";
import type { Frame } from "../../wire/frame-codec.js";
import { SERVICE_NAMES, storeLocation, type InstanceConfig, type ServiceName } from "../config/index.js";
import { EXIT_FAILURE, EXIT_OK, type CliIo } from "../../shared/cli.js";
import { localizeCommands, zinoCommand } from "./command-name.js";
import { bwrapFix } from "../exc/bwrap-advice.js";
import { pidFilePath } from "./detached-services.js";
import { findOnPath, processUptimeSeconds, readLivePid } from "./process-info.js";
import { pingService } from "./service-probe.js";
import { REQUIRED_SERVICES, START_ORDER, resolveServiceEntry } from "./service-launch.js";
import { isRecord } from "../../shared/is-record.js";
import { maskUrlCredentials } from "../../shared/url-credentials.js";

export interface ServiceStatus {
  service: ServiceName;
  socket: string;
  required: boolean;
  /** `up`: answers ping; `down`: required or installed but not answering; `absent`: optional and not there. */
  state: "up" | "down" | "absent";
  ping_ms: number | null;
  /** From `<runtime_dir>/<svc>.pid` (`zino up --detach`); null when unknown. */
  pid: number | null;
  uptime_s: number | null;
  capabilities: Frame | null;
}

export interface StatusReport {
  ok: boolean;
  services: ServiceStatus[];
  zelinqa_api: { state: "running" | "stopped"; pid: number | null; url: string | null; uptime_s: number | null };
  model: { base_url: string | null; model: string | null; reachable: boolean; source: "ctx" | "ZINO.toml" | "none" };
  /** `problem`: why exc's bubblewrap does not run (exc's `sandbox_problem`), null when it does or exc is down. */
  sandbox: { bwrap: string | null; exc_isolation: string | null; problem: string | null };
  /** Where ctx keeps its rows (a PostgreSQL URL without its password). */
  database: string;
  /** What ctx says of its database now; `unknown` while ctx does not answer. */
  database_state: { store: "sqlite" | "postgres"; state: "ok" | "failing" | "unknown"; code: string | null; message: string | null };
}

export async function collectStatus(instance: InstanceConfig, timeoutMs = 2000): Promise<ServiceStatus[]> {
  const order = START_ORDER.filter((name) => SERVICE_NAMES.includes(name));
  return Promise.all(
    order.map(async (service): Promise<ServiceStatus> => {
      const socket = instance.sockets[service];
      const required = REQUIRED_SERVICES.includes(service);
      const pingMs = await pingService(socket, timeoutMs);
      let capabilities: Frame | null = null;
      if (pingMs !== undefined) {
        try {
          capabilities = await requestOne(socket, { type: "capabilities", message: null }, { idleTimeoutMs: timeoutMs });
        } catch {
          capabilities = null;
        }
      }
      const installed = resolveServiceEntry(service, instance.configPath).exists;
      const state = pingMs !== undefined ? "up" : required || installed ? "down" : "absent";
      const pid = state === "up" ? readLivePid(pidFilePath(instance, service)) : undefined;
      return {
        service,
        socket,
        required,
        state,
        ping_ms: pingMs === undefined ? null : round(pingMs),
        pid: pid ?? null,
        uptime_s: pid === undefined ? null : (processUptimeSeconds(pid) ?? null),
        capabilities,
      };
    }),
  );
}

async function ctxAnswer(instance: InstanceConfig, frame: Frame): Promise<Frame | undefined> {
  try {
    const answer = await requestOne(instance.sockets.ctx, { message: null, ...frame }, { idleTimeoutMs: 2000 });
    return answer.type === "error" ? undefined : answer;
  } catch {
    return undefined;
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

async function modelStatus(instance: InstanceConfig, ctxUp: boolean): Promise<StatusReport["model"]> {
  const fromCtx = ctxUp ? record(record(await ctxAnswer(instance, { type: "get_config", ctxkey: "default" }))?.config)?.llm : undefined;
  const llm = record(fromCtx) ?? record(instance.defaults.llm);
  const baseUrl = typeof llm?.base_url === "string" ? llm.base_url : null;
  const model = typeof llm?.model === "string" ? llm.model : null;
  const source = fromCtx ? "ctx" : llm ? "ZINO.toml" : "none";
  // The bridge's modules are imported by the commands that use them only (program.ts).
  const { endpointReachable } = await import("../../guide/index.js");
  // Shown (text and --json) without the credentials it may carry; probed with them, as rtr calls it.
  return {
    base_url: baseUrl === null ? null : maskUrlCredentials(baseUrl),
    model,
    source,
    reachable: baseUrl ? await endpointReachable(baseUrl) : false,
  };
}

async function apiStatus(instance: InstanceConfig, ctxUp: boolean): Promise<StatusReport["zelinqa_api"]> {
  const { HOST_CTXKEY, zelinqaStatePaths } = await import("../../guide/index.js");
  const pid = readLivePid(zelinqaStatePaths(instance.databasePath, instance.runtimeDir).pidPath);
  const value = ctxUp ? record(await ctxAnswer(instance, { type: "get_value", ctxkey: HOST_CTXKEY, key: "base_url" }))?.value : undefined;
  return {
    state: pid === undefined ? "stopped" : "running",
    pid: pid ?? null,
    url: typeof value === "string" && value !== "" ? value : null,
    uptime_s: pid === undefined ? null : (processUptimeSeconds(pid) ?? null),
  };
}

export async function buildStatusReport(instance: InstanceConfig): Promise<StatusReport> {
  const services = await collectStatus(instance);
  const ctxUp = services.some((s) => s.service === "ctx" && s.state === "up");
  const [model, api] = await Promise.all([modelStatus(instance, ctxUp), apiStatus(instance, ctxUp)]);
  const exc = services.find((s) => s.service === "exc")?.capabilities;
  return {
    // A ctx that answers but cannot reach its database cannot serve a turn.
    ok: services.every((s) => !s.required || s.state === "up") && record(ctxCapabilities(services)?.store_health)?.ok !== false,
    services,
    zelinqa_api: api,
    model,
    sandbox: {
      bwrap: findOnPath("bwrap") ?? null,
      exc_isolation: typeof exc?.isolation === "string" ? exc.isolation : null,
      problem: typeof exc?.sandbox_problem === "string" && exc.sandbox_problem !== "" ? exc.sandbox_problem : null,
    },
    // ctx's own word first: it has the URL (without its password) even when this shell lacks [store] url_env.
    database:
      typeof ctxCapabilities(services)?.database === "string" ? String(ctxCapabilities(services)?.database) : storeLocation(instance),
    database_state: databaseState(instance, ctxCapabilities(services)),
  };
}

function databaseState(instance: InstanceConfig, capabilities: Frame | null | undefined): StatusReport["database_state"] {
  const store = instance.store ? "postgres" : "sqlite";
  const health = record(capabilities?.store_health);
  if (!health) return { store, state: "unknown", code: null, message: null };
  if (health.ok === true) return { store, state: "ok", code: null, message: null };
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return { store, state: "failing", code: text(health.code), message: text(health.message) };
}

export async function statusCommand(options: { instance: InstanceConfig; io: CliIo; json: boolean }): Promise<number> {
  const report = await buildStatusReport(options.instance);
  options.io.stdout.write(
    options.json ? `${JSON.stringify(report, null, 2)}\n` : localizeCommands(formatStatus(report, options.io.env), options.io.env),
  );
  return report.ok ? EXIT_OK : EXIT_FAILURE;
}

export function formatStatus(report: StatusReport, env: NodeJS.ProcessEnv = {}): string {
  const rows: string[][] = [["SERVICE", "STATE", "PID", "UPTIME", "PING", "SOCKET"]];
  for (const s of report.services) {
    const state =
      s.state === "absent" ? "absent (optional, not installed)" : s.state === "down" && !s.required ? "down (optional)" : s.state;
    rows.push([
      s.service,
      state,
      s.pid === null ? "-" : String(s.pid),
      duration(s.uptime_s),
      s.ping_ms === null ? "-" : `${s.ping_ms.toFixed(2)} ms`,
      s.socket,
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd(),
  );
  lines.push("");
  const api = report.zelinqa_api;
  lines.push(
    `zelinqa api  ${
      api.state === "running"
        ? `running, pid ${api.pid}, up ${duration(api.uptime_s)}${api.url ? `, ${api.url}` : ""}`
        : "not running (`zino guide` starts it)"
    }`,
  );
  const m = report.model;
  lines.push(
    `model        ${
      m.base_url === null
        ? "not configured: set [llm] base_url and model in ZINO.toml (README: Pointing ZINO at a model)"
        : m.model === null
          ? `no model name: set [llm] model in ZINO.toml (endpoint ${m.base_url}: ${m.reachable ? "reachable" : "NOT reachable"}; README: Pointing ZINO at a model)`
          : `${m.model} at ${m.base_url}: ${m.reachable ? "reachable" : "NOT reachable (README: Pointing ZINO at a model)"}`
    }`,
  );
  lines.push(`sandbox      ${sandboxLine(report.sandbox)}`);
  lines.push(`database     ${report.database}${databaseLine(report.database_state)}`);
  lines.push(verdict(report, env));
  return `${lines.join("\n")}\n`;
}

/** bubblewrap and exc's isolation; where exc cannot use bubblewrap, why and what to do. */
function sandboxLine(sandbox: StatusReport["sandbox"]): string {
  if (!sandbox.bwrap) return "bubblewrap not found: tools are refused (apt-get install bubblewrap, or [exec] allow_unsandboxed = true)";
  const line = `bubblewrap ${sandbox.bwrap}${sandbox.exc_isolation ? `, exc isolation ${sandbox.exc_isolation}` : ""}`;
  if (sandbox.problem === null || sandbox.exc_isolation === "bwrap") return line;
  return `${line}: bubblewrap cannot run (${sandbox.problem}); ${bwrapFix({ bwrapPath: sandbox.bwrap, problem: sandbox.problem })}, or set [exec] allow_unsandboxed = true`;
}

/** The last line: what is wrong, first what stops a turn soonest, and what to do about it. */
function verdict(report: StatusReport, env: NodeJS.ProcessEnv): string {
  const down = report.services.filter((s) => s.required && s.state !== "up").map((s) => s.service);
  if (down.length > 0) return `zino: required services do not answer: ${down.join(", ")} (run \`${zinoCommand(env, "up --detach")}\`)`;
  const db = report.database_state;
  if (db.state === "failing") {
    const fix =
      db.store === "postgres"
        ? "start the PostgreSQL server it names, or make it reachable from this host"
        : "check that the database file and its folder exist and are writable";
    return (
      `zino: the services answer, but ctx's database is failing [${db.code ?? "store_error"}] (see the database line): ${fix}; ` +
      "ctx uses it again as soon as it answers, no restart needed"
    );
  }
  return "zino: all required services answer";
}

function databaseLine(state: StatusReport["database_state"]): string {
  if (state.state === "ok") return ` (${state.store}): answers`;
  if (state.state === "unknown") return ` (${state.store})`;
  return ` (${state.store}): FAILING [${state.code ?? "store_error"}] ${state.message ?? ""}`.trimEnd();
}

function ctxCapabilities(services: readonly ServiceStatus[]): Frame | null | undefined {
  return services.find((s) => s.service === "ctx")?.capabilities;
}

function duration(seconds: number | null): string {
  if (seconds === null) return "-";
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")}m`;
  return `${Math.floor(seconds / 86_400)}d${String(Math.floor((seconds % 86_400) / 3600)).padStart(2, "0")}h`;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
