// The zino-daemon service (spec §3): a frame server on the daemon socket answering user clients — a turn for
// `{message, ctxkey | channel_id, events?}`, the ready handshake for `message: null`, and `capabilities`.
import { randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import { WireError, createFrameServer, type Frame, type FrameWriter, type WireRequest } from "../../wire/index.js";
import { DaemonRequestSchema } from "../protocol/index.js";
import type { Service, ServiceDeps } from "../runtime/run-service.js";
import { createPeers, type Peers } from "./peers.js";
import { createPendingHistory } from "./pending-history.js";
import { parseSubagent } from "./subagent-turn.js";
import { createTurnLedger } from "./turn-ledger.js";
import { runTurn } from "./turn.js";

export const DAEMON_VERSION = "0.1.0";

/** Frame types a basic (Python) client understands; `status` is added for `events: "all"` (spec §3, §8). */
export const BASIC_FRAME_TYPES = ["chunk", "tool_start", "tool_done", "done", "error"] as const;

/** Turns waiting for ctx survive a daemon restart in this file, next to the daemon's socket (a folder of ours, 0700). */
export const HISTORY_SPOOL_NAME = "daemon-pending-turns.json";

export function createDaemonService(deps: ServiceDeps): Service {
  const { instance, logger } = deps;
  const peers = createPeers({
    sockets: { ctx: instance.sockets.ctx, rtr: instance.sockets.rtr, exc: instance.sockets.exc },
    maxFrameBytes: instance.maxFrameBytes,
  });
  const history = createPendingHistory({
    logger,
    spoolPath: join(dirname(instance.sockets.daemon), HISTORY_SPOOL_NAME),
    append: (turn) =>
      peers.appendHistory(turn.ctxkey, turn.messages, { turn_id: turn.turn_id, full_text: turn.full_text, iterations: turn.iterations }),
  });
  const ledger = createTurnLedger();
  const server = createFrameServer({
    socketPath: instance.sockets.daemon,
    logger,
    maxFrameBytes: instance.maxFrameBytes,
    idleTimeoutMs: instance.idleTimeoutMs,
    maxConnections: instance.maxConnections,
    maxBufferedBytes: instance.maxBufferedBytes,
    handler: (request, out, signal) => handle(request, out, signal),
  });

  async function handle(request: WireRequest, out: FrameWriter, signal: AbortSignal): Promise<void> {
    if (request.type === "capabilities") {
      await out.send(capabilities(peers, instance.maxFrameBytes));
      return;
    }
    if (request.type !== undefined) {
      throw new WireError(
        "unknown_type",
        `zino-daemon does not know the type "${request.type}"; it answers turns ({message, ctxkey}), ping and capabilities.`,
      );
    }
    const fields = DaemonRequestSchema.safeParse(request.raw);
    if (!fields.success) {
      throw new WireError(
        "bad_request",
        'events must be a string ("all" for status frames); turn_id, when sent, a string of 1 to 128 characters.',
      );
    }
    if (request.message === null) {
      await out.send(await readyAll(peers, request.ctxkey, signal));
      return;
    }
    if (typeof request.message !== "string") throw new WireError("bad_request", "message: a user turn is a string.");
    if (request.message.trim() === "") throw new WireError("bad_request", "message: must not be empty or blank.");
    const subagent = parseSubagent(request.raw);
    const turnId = subagent ? undefined : fields.data.turn_id;
    const run = () =>
      runTurn({
        peers,
        logger,
        ctxkey: request.ctxkey,
        message: request.message as string,
        allEvents: fields.data.events === "all",
        out,
        signal,
        subagent,
        history,
        turnId,
        storeId: randomUUID(),
      });
    if (turnId === undefined) {
      await run();
      return;
    }
    const done = await ledger.run(request.ctxkey, turnId, async () => {
      // Ended in an earlier daemon while ctx was away: its answer waits in the queue (spool) to be stored.
      const queued = history.find(request.ctxkey, turnId);
      if (queued)
        return {
          type: "done",
          full_text: queued.full_text ?? "",
          iterations: queued.iterations ?? 0,
          stored: false,
          queued: true,
          turn_id: turnId,
        };
      return run();
    });
    if (out.framesSent === 0 && done) await replayDone(out, done);
  }

  return {
    async start() {
      history.start();
      await server.start();
    },
    async close() {
      history.close();
      await server.close();
    },
  };
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
