// The zino-daemon service (docs/zino-protocol.md §3): a frame server on the daemon socket answering user clients — a turn for
// `{message, ctxkey | channel_id, events?}`, the ready handshake for `message: null`, and `capabilities`.
import { randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import { WireError, createFrameServer, type Frame, type FrameWriter, type WireRequest } from "../../wire/index.js";
import { DaemonRequestSchema, plainDaemonRequest, type DaemonRequest } from "../protocol/index.js";
import type { Service, ServiceDeps } from "../runtime/run-service.js";
import { peerChannels } from "./peer-request.js";
import { createPeers, type Peers } from "./peers.js";
import { createPendingHistory, type PendingHistory } from "./pending-history.js";
import { createReadinessCache, type ReadinessCache } from "./readiness.js";
import { parseSubagent } from "./subagent-turn.js";
import { checkSameMessage, createTurnLedger, messageSha256, type TurnLedger } from "./turn-ledger.js";
import { runTurn } from "./turn.js";

/**
 * Turns one client's multiplexed connection may have in flight [ext]. Every turn goes on to rtr (and ctx, exc) over
 * the daemon's one connection to each, where the peer takes DEFAULT_MAX_IN_FLIGHT (1,024) at once and the channel
 * queues the rest: one client's connection alone cannot hold all of a peer's places while other clients wait.
 */
export const TURNS_PER_CLIENT_CONNECTION = 64;

export const DAEMON_VERSION = "0.1.0";

/** Frame types a basic (Python) client understands; `status` is added for `events: "all"` (docs/zino-protocol.md §3, §8). */
export const BASIC_FRAME_TYPES = ["chunk", "tool_start", "tool_done", "done", "error"] as const;

/** Turns waiting for ctx survive a daemon restart in this file, next to the daemon's socket (a folder of ours, 0700). */
export const HISTORY_SPOOL_NAME = "daemon-pending-turns.json";

interface DaemonParts {
  deps: ServiceDeps;
  peers: Peers;
  history: PendingHistory;
  ledger: TurnLedger;
  readiness: ReadinessCache;
}

export function createDaemonService(deps: ServiceDeps): Service {
  const { instance, logger } = deps;
  const sockets = { ctx: instance.sockets.ctx, rtr: instance.sockets.rtr, exc: instance.sockets.exc };
  const channels = peerChannels(sockets, instance.maxFrameBytes);
  const peers = createPeers({ sockets, maxFrameBytes: instance.maxFrameBytes, channels });
  const history = createPendingHistory({
    logger,
    spoolPath: join(dirname(instance.sockets.daemon), HISTORY_SPOOL_NAME),
    append: (turn) =>
      peers.appendHistory(turn.ctxkey, turn.messages, {
        turn_id: turn.turn_id,
        full_text: turn.full_text,
        iterations: turn.iterations,
        message_sha256: turn.message_sha256,
      }),
  });
  const parts: DaemonParts = { deps, peers, history, ledger: createTurnLedger(), readiness: createReadinessCache(peers) };
  const server = createFrameServer({
    socketPath: instance.sockets.daemon,
    logger,
    maxFrameBytes: instance.maxFrameBytes,
    idleTimeoutMs: instance.idleTimeoutMs,
    maxConnections: instance.maxConnections,
    maxBufferedBytes: instance.maxBufferedBytes,
    maxInFlight: TURNS_PER_CLIENT_CONNECTION,
    handler: (request, out, signal) => handle(parts, request, out, signal),
  });
  return {
    async start() {
      history.start();
      await server.start();
    },
    async close() {
      // No new turns first; then the turns that had ended are given their write to ctx (bounded), before the channels
      // to ctx close. In zino-host, ctx stops right after the daemon.
      await server.close();
      await history.close();
      for (const channel of Object.values(channels)) channel.close();
    },
  };
}

function parsedDaemonRequest(raw: Frame): DaemonRequest {
  const fields = DaemonRequestSchema.safeParse(raw);
  if (!fields.success) {
    throw new WireError(
      "bad_request",
      'events must be a string ("all" for status frames); turn_id, when sent, a string of 1 to 128 characters.',
    );
  }
  return fields.data;
}

async function handle(parts: DaemonParts, request: WireRequest, out: FrameWriter, signal: AbortSignal): Promise<void> {
  const { peers } = parts;
  if (request.type === "capabilities") {
    await out.send(capabilities(peers, parts.deps.instance.maxFrameBytes));
    return;
  }
  if (request.type !== undefined) {
    throw new WireError(
      "unknown_type",
      `zino-daemon does not know the type "${request.type}"; it answers turns ({message, ctxkey}), ping and capabilities.`,
    );
  }
  const fields = plainDaemonRequest(request.raw) ?? parsedDaemonRequest(request.raw);
  if (request.message === null) {
    await out.send(await readyAll(peers, request.ctxkey, signal));
    return;
  }
  if (typeof request.message !== "string") throw new WireError("bad_request", "message: a user turn is a string.");
  if (request.message.trim() === "") throw new WireError("bad_request", "message: must not be empty or blank.");
  // Work that would stop this thread (zino-host: exc's warm sandboxes) waits until the turn is done.
  const turnEnds = parts.deps.quiet?.turnBegins();
  try {
    await userTurn(parts, { request, message: request.message, allEvents: fields.events === "all", turnId: fields.turn_id }, out, signal);
  } finally {
    turnEnds?.();
  }
}

interface TurnRequest {
  request: WireRequest;
  message: string;
  allEvents: boolean;
  turnId: string | undefined;
}

/** A user's (or a sub-agent's) turn; a retry of a turn with a known `turn_id` is answered from its record. */
async function userTurn(parts: DaemonParts, turn: TurnRequest, out: FrameWriter, signal: AbortSignal): Promise<void> {
  const { request } = turn;
  const { history } = parts;
  const subagent = parseSubagent(request.raw);
  const turnId = subagent ? undefined : turn.turnId;
  const sha256 = turnId === undefined ? undefined : messageSha256(turn.message);
  const run = () =>
    runTurn({
      peers: parts.peers,
      logger: parts.deps.logger,
      ctxkey: request.ctxkey,
      message: turn.message,
      allEvents: turn.allEvents,
      out,
      signal,
      subagent,
      history,
      turnId,
      messageSha256: sha256,
      storeId: randomUUID(),
      readiness: parts.readiness,
    });
  if (turnId === undefined || sha256 === undefined) {
    await run();
    return;
  }
  const done = await parts.ledger.run(request.ctxkey, turnId, sha256, async () => {
    // Ended in an earlier daemon while ctx was away: its answer waits in the queue (spool) to be stored.
    const queued = history.find(request.ctxkey, turnId);
    if (queued) {
      checkSameMessage(turnId, queued.message_sha256, sha256);
      return {
        type: "done",
        full_text: queued.full_text ?? "",
        iterations: queued.iterations ?? 0,
        stored: false,
        queued: true,
        turn_id: turnId,
      };
    }
    return run();
  });
  if (out.framesSent === 0 && done) await replayDone(out, done);
}

/** A retry of a turn that ended in this daemon: the same answer again, nothing run or stored twice. */
async function replayDone(out: FrameWriter, done: Frame): Promise<void> {
  if (typeof done.full_text === "string" && done.full_text !== "") await out.send({ type: "chunk", delta: done.full_text });
  await out.send({ ...done, replayed: true });
}

/** `message: null`: readies ctx, rtr and exc concurrently and says which answered. */
async function readyAll(peers: Peers, ctxkey: string, signal: AbortSignal): Promise<Record<string, unknown>> {
  const names = ["ctx", "rtr", "exc"] as const;
  const reports = await Promise.all(names.map((name) => peers.ready(name, ctxkey, signal)));
  const services: Record<string, string> = {};
  const errors: Record<string, string> = {};
  names.forEach((name, i) => {
    const report = reports[i]!;
    services[name] = report.state;
    if (report.detail) errors[name] = report.detail;
  });
  return {
    type: "ready",
    ctxkey,
    services,
    ready: names.filter((name) => services[name] === "ready"),
    unavailable: names.filter((name) => services[name] !== "ready"),
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
  };
}

function capabilities(peers: Peers, maxFrameBytes: number): Record<string, unknown> {
  return {
    type: "capabilities",
    service: "zino-daemon",
    version: DAEMON_VERSION,
    streaming: true,
    frames: [...BASIC_FRAME_TYPES],
    status_frames: 'only with events: "all"',
    features: [
      "agent_loop",
      "inline_tool_calls",
      "native_tool_calls",
      "skills",
      "subagents",
      "history",
      "cancellation",
      "degraded_without_ctx",
    ],
    tool_styles: ["native", "inline", "auto"],
    max_frame_bytes: maxFrameBytes,
    peers: { ...peers.sockets },
  };
}
