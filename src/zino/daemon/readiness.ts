// The ready handshake of a turn (docs/zino-protocol.md §1 step 2) with rtr and exc, done once per ctxkey and configuration
// version [ext] instead of once per turn. ctx sends the version with the turn's messages; while it is the one
// rtr and exc were readied with (and they were reached on the same connections, within `ttlMs`), a turn asks
// neither: rtr is reached by the model call, exc only when the model calls a tool. The version goes with those
// requests, so rtr and exc reload the configuration exactly when it changed. A ctx that sends no version (the
// Python ZINO's), a sub-agent turn or a peer that was not ready: the handshake is done every turn, as before.
import type { Logger } from "../../wire/index.js";
import type { ToolDefinition } from "./agent-types.js";
import type { Peers, ReadyReport } from "./peers.js";
import { excScopeFields, type SubagentInfo } from "./subagent-turn.js";

/** Past this age a turn readies again (in parallel with ctx, so no turn waits for it): new executors, MCP tools. */
export const DEFAULT_READY_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export interface PeerReadiness {
  rtr: ReadyReport;
  exc: ReadyReport;
  /** The tools exc offers the turn (empty when exc is not ready). */
  tools: ToolDefinition[];
  /** True when the turn used the handshake of an earlier turn. */
  reused: boolean;
}

interface Entry {
  version: string;
  readiness: PeerReadiness;
  at: number;
  connections: { rtr: number; exc: number };
}

export interface ReadyCall {
  peers: Peers;
  ctxkey: string;
  signal: AbortSignal;
  logger: Logger;
  subagent?: SubagentInfo | undefined;
}

export interface ReadinessCache {
  /** The ctxkey's last handshake when still usable (for some version), else undefined. */
  candidate(ctxkey: string): { version: string; readiness: PeerReadiness } | undefined;
  /** Remembers a handshake that found rtr and exc ready, for turns of that version. */
  remember(ctxkey: string, version: string, readiness: PeerReadiness): void;
  /** Forgets every handshake (a peer failed on a turn that reused one). */
  forget(): void;
  readonly size: number;
}

export function createReadinessCache(peers: Peers, options: { ttlMs?: number; now?: () => number } = {}): ReadinessCache {
  const ttlMs = options.ttlMs ?? DEFAULT_READY_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const connections = () => ({ rtr: peers.channels.rtr.connections, exc: peers.channels.exc.connections });
  return {
    candidate(ctxkey) {
      const entry = entries.get(ctxkey);
      if (!entry) return undefined;
      const current = connections();
      // A peer reached on a new connection was restarted (or had gone away): it is readied again.
      const usable =
        now() - entry.at < ttlMs && current.rtr === entry.connections.rtr && current.exc === entry.connections.exc && current.rtr > 0;
      if (!usable) {
        entries.delete(ctxkey);
        return undefined;
      }
      return { version: entry.version, readiness: { ...entry.readiness, reused: true } };
    },
    remember(ctxkey, version, readiness) {
      if (readiness.rtr.state !== "ready" || readiness.exc.state !== "ready") return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(ctxkey, { version, readiness: { ...readiness, reused: false }, at: now(), connections: connections() });
    },
    forget() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** Readies rtr and exc at once; exc lists the turn's tools with its answer. */
export async function readyPeers(call: ReadyCall): Promise<PeerReadiness> {
  const [rtr, exc] = await Promise.all([call.peers.ready("rtr", call.ctxkey, call.signal), readyExc(call)]);
  return { rtr, exc: exc.report, tools: exc.tools, reused: false };
}

async function readyExc({ peers, ctxkey, signal, logger, subagent }: ReadyCall): Promise<{ report: ReadyReport; tools: ToolDefinition[] }> {
  // exc lists the turn's tools with its ready answer when it can; otherwise they are asked for (`tools`).
  const { tools: sent, ...report } = await peers.ready("exc", ctxkey, signal, { include_tools: true, ...excScopeFields(subagent) });
  if (report.state !== "ready") return { report, tools: [] };
  if (sent) return { report, tools: sent };
  try {
    return { report, tools: await peers.listTools(ctxkey, signal, excScopeFields(subagent)) };
  } catch (err) {
    signal.throwIfAborted();
    logger.warn(
      { ctxkey, reason: err instanceof Error ? err.message : String(err) },
      "zino-exc listed no tools; the turn runs without native tools",
    );
    return { report, tools: [] };
  }
}
