// `zino status` (spec §7): for every service its socket, `ping` latency and `capabilities`; success when the
// required services (ctx, rtr, daemon) answer. exc is optional and reported as absent when it does not.
import { requestOne, type Frame } from "../../wire/index.js";
import { SERVICE_NAMES, type InstanceConfig, type ServiceName } from "../config/index.js";
import { EXIT_FAILURE, EXIT_OK, type CliIo } from "./cli-io.js";
import { pingService } from "./service-probe.js";
import { REQUIRED_SERVICES, START_ORDER, resolveServiceEntry } from "./service-launch.js";

export interface ServiceStatus {
  service: ServiceName;
  socket: string;
  required: boolean;
  /** `up`: answers ping; `down`: required or installed but not answering; `absent`: optional and not there. */
  state: "up" | "down" | "absent";
  ping_ms: number | null;
  capabilities: Frame | null;
}

export async function collectStatus(instance: InstanceConfig, timeoutMs = 2000): Promise<ServiceStatus[]> {
  const order = START_ORDER.filter((name) => SERVICE_NAMES.includes(name));
  return Promise.all(order.map(async (service): Promise<ServiceStatus> => {
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
    return { service, socket, required, state, ping_ms: pingMs === undefined ? null : round(pingMs), capabilities };
  }));
}

export async function statusCommand(options: { instance: InstanceConfig; io: CliIo; json: boolean }): Promise<number> {
  const statuses = await collectStatus(options.instance);
  const healthy = statuses.every((s) => !s.required || s.state === "up");
  if (options.json) {
    options.io.stdout.write(`${JSON.stringify({ ok: healthy, services: statuses }, null, 2)}\n`);
  } else {
    options.io.stdout.write(formatStatus(statuses, healthy));
  }
  return healthy ? EXIT_OK : EXIT_FAILURE;
}

export function formatStatus(statuses: ServiceStatus[], healthy: boolean): string {
  const lines: string[] = [];
  for (const s of statuses) {
    const latency = s.ping_ms === null ? "" : ` ping ${s.ping_ms.toFixed(2)} ms`;
    const note = s.state === "absent" ? " (optional, not installed)" : s.state === "down" && !s.required ? " (optional)" : "";
    lines.push(`${s.service.padEnd(6)} ${s.state.padEnd(6)}${latency}  ${s.socket}${note}`);
    if (s.capabilities) {
      const { type: _type, ...rest } = s.capabilities;
      for (const line of prettyJson(rest).split("\n")) lines.push(`         ${line}`);
    }
  }
  lines.push(healthy ? "zino: all required services answer" : "zino: some required services do not answer (run `zino up`)");
  return `${lines.join("\n")}\n`;
}

/** Indented JSON, but arrays of scalars on one line so long operation lists stay readable. */
export function prettyJson(value: unknown, indent = ""): string {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return `[${value.map((v) => JSON.stringify(v)).join(", ")}]`;
    const inner = indent + "  ";
    return `[\n${value.map((v) => inner + prettyJson(v, inner)).join(",\n")}\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const inner = indent + "  ";
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJson(v, inner)}`).join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
