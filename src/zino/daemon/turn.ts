// One user turn as the service runs it (spec §1 steps 1–9): broadcast to ctx, rtr and exc, run the agent loop
// against rtr and exc, store the turn at ctx, then answer `done`. Degradation rules are spec §3; a sub-agent's
// turn (spec §6) is built for its skill, limited in depth, and not stored. A turn ctx cannot store now is queued
// (pending-history.ts); a turn retried with the `turn_id` of a stored one is answered from ctx's record.
import { AgentConfigSchema, type AgentConfig } from "../config/index.js";
import { WireError, type Frame, type FrameWriter, type Logger } from "../../wire/index.js";
import { runAgentLoop } from "./agent-loop.js";
import type { ChatMessage, ToolDefinition } from "./agent-types.js";
import { createClientStream } from "./client-stream.js";
import { DEFAULT_MAX_IDENTICAL_CALLS } from "./loop-limits.js";
import type { PendingHistory } from "./pending-history.js";
import type { Peers, ReadyReport, StoredTurn } from "./peers.js";
import { checkSubagentDepth, excScopeFields, limitFanout, type SubagentInfo } from "./subagent-turn.js";

/** Used when ctx is down: the turn still gets an answer, without history or the configured prompt. */
export const FALLBACK_SYSTEM_PROMPT =
  "You are ZINO, a helpful assistant. Your configured instructions and the conversation history are unavailable " +
  "right now, so answer this message on its own, and say so if the answer depends on earlier context.";

export interface TurnOptions {
  peers: Peers;
  logger: Logger;
  ctxkey: string;
  message: string;
  allEvents: boolean;
  out: FrameWriter;
  signal: AbortSignal;
  /** Set when exc runs this turn as a sub-agent. */
  subagent?: SubagentInfo | undefined;
  /** Where the turn is stored, or queued while ctx cannot take it. */
  history: PendingHistory;
  /** The client's turn id [ext], echoed in `done`; the turn is stored under it (else under `storeId`). */
  turnId?: string | undefined;
  /** A fresh id for a turn without a client id, so that retried writes of the queue stay idempotent. */
  storeId: string;
}

interface Prepared {
  messages: ChatMessage[] | undefined;
  ctxFailure: string | undefined;
  agent: AgentConfig;
  rtr: ReadyReport;
  exc: ReadyReport;
  tools: ToolDefinition[];
  ctxMs: number;
  storedTurn: StoredTurn | undefined;
}

/** Runs the turn; resolves with its `done` frame (undefined when the client went away before it). */
export async function runTurn(options: TurnOptions): Promise<Frame | undefined> {
  try {
    return await turn(options);
  } catch (err) {
    if (options.signal.aborted) options.logger.info({ ctxkey: options.ctxkey }, "turn cancelled: the client disconnected; nothing stored");
    throw err;
  }
}

async function turn(options: TurnOptions): Promise<Frame | undefined> {
  const { peers, ctxkey, message, signal, logger, subagent, turnId } = options;
  const stream = createClientStream(options.out, { allEvents: options.allEvents });
  const prepared = await prepare(options);
  if (prepared.storedTurn && !subagent) return replay(options, prepared.storedTurn);
  await stream.emit({
    type: "status",
    phase: "ready",
    services: { ctx: prepared.messages ? "ready" : "unavailable", rtr: prepared.rtr.state, exc: prepared.exc.state },
    timings: { ctx: prepared.ctxMs, rtr_ready: prepared.rtr.ms, exc_ready: prepared.exc.ms },
    tools: prepared.tools.length,
    ...(subagent
      ? { subagent: { depth: subagent.depth, skill: subagent.skill ?? null, parent_ctxkey: subagent.parentCtxkey ?? null } }
      : {}),
  });
  checkSubagentDepth(subagent, prepared.agent);
  if (prepared.rtr.state === "unavailable") {
    throw new WireError("unavailable", "zino-rtr is not running, so no model can answer; start it with `zino up` and retry.", {
      service: "zino-rtr",
    });
  }
  if (subagent && prepared.ctxFailure) {
    // Without ctx there is no skill prompt: a sub-agent would be a generic model, so the caller is told instead.
    throw new WireError(
      "unavailable",
      `zino-ctx could not build the skill's prompt (${prepared.ctxFailure}), so the sub-agent cannot run.`,
      { service: "zino-ctx" },
    );
  }
  if (prepared.ctxFailure) {
    await stream.emit({
      type: "status",
      phase: "degraded",
      service: "zino-ctx",
      reason: prepared.ctxFailure,
      message: "zino-ctx is unavailable: this turn runs without history or configured prompt; it is stored when zino-ctx is back.",
    });
  }
  if (prepared.exc.state !== "ready") {
    await stream.emit({
      type: "status",
      phase: "degraded",
      service: "zino-exc",
      reason: prepared.exc.detail ?? prepared.exc.state,
      message: "zino-exc is unavailable: tools are skipped in this turn.",
    });
  }
  const userMessage: ChatMessage = { role: "user", content: message };
  const result = await runAgentLoop({
    messages: prepared.messages ?? [{ role: "system", content: FALLBACK_SYSTEM_PROMPT }, userMessage],
    tools: prepared.tools,
    toolStyle: prepared.agent.tool_style,
    limits: {
      maxIterations: prepared.agent.max_iterations,
      maxToolCalls: prepared.agent.max_tool_calls,
      maxIdenticalCalls: DEFAULT_MAX_IDENTICAL_CALLS,
    },
    model: peers.model(ctxkey),
    tool: limitFanout(
      (request, toolSignal, progress) => peers.execute(ctxkey, request, { signal: toolSignal, progress, fields: excScopeFields(subagent) }),
      prepared.agent.max_subagent_fanout,
    ),
    emit: (event) => stream.emit(event),
    signal,
  });
  // Stored before `done`, so a client that reads the history right after `done` sees this turn.
  const storeStarted = performance.now();
  const outcome = subagent ? undefined : await storeTurn(options, [userMessage, ...result.messages], result);
  const stored = outcome === "stored";
  if (subagent) {
    await stream.emit({ type: "status", phase: "not_stored", reason: "sub-agent turns are not stored" });
  } else if (outcome === "queued") {
    await stream.emit({
      type: "status",
      phase: "not_stored",
      queued: true,
      reason: "zino-ctx cannot store it now: it is stored when zino-ctx is back",
    });
  } else if (outcome === "stored") {
    await stream.emit({
      type: "status",
      phase: "stored",
      messages: result.messages.length + 1,
      store_ms: Math.round(performance.now() - storeStarted),
    });
  } else {
    const reason =
      outcome === "dropped" ? "zino-ctx has been away too long: the queue of turns waiting for it is full" : "zino-ctx refused the turn";
    await stream.emit({ type: "status", phase: "not_stored", reason });
  }
  await stream.emit({
    type: "status",
    phase: "done",
    timings: {
      ctx: prepared.ctxMs,
      rtr_ready: prepared.rtr.ms,
      exc_ready: prepared.exc.ms,
      first_token: stream.firstTokenMs ?? null,
      total: stream.elapsedMs(),
    },
    tool_calls: result.toolCalls,
    limit: result.limit ?? null,
  });
  logger.info(
    { ctxkey, iterations: result.iterations, toolCalls: result.toolCalls, limit: result.limit, stored, ms: stream.elapsedMs() },
    "turn done",
  );
  const done: Frame = {
    type: "done",
    full_text: result.fullText,
    iterations: result.iterations,
    ...(result.usage ? { usage: result.usage } : {}),
    stored,
    ...(outcome === "queued" ? { queued: true } : {}),
    ...(result.limit ? { stopped: result.limit } : {}),
    ...(turnId ? { turn_id: turnId } : {}),
  };
  await options.out.send(done);
  return done;
}

type StoreOutcome = Awaited<ReturnType<PendingHistory["store"]>> | "failed";

async function storeTurn(
  options: TurnOptions,
  messages: ChatMessage[],
  result: { fullText: string; iterations: number },
): Promise<StoreOutcome> {
  const { ctxkey, logger } = options;
  try {
    // The answer is kept with the turn only for a client id (a retry is answered from it); a daemon id only
    // makes the queue's writes idempotent, and ctx then keeps just the id.
    const replayable = options.turnId === undefined ? {} : { full_text: result.fullText, iterations: result.iterations };
    return await options.history.store({ ctxkey, turn_id: options.turnId ?? options.storeId, messages, ...replayable });
  } catch (err) {
    logger.warn({ err, ctxkey }, "the turn could not be stored");
    return "failed";
  }
}

/** A retried turn ctx already stored: its answer again, nothing run, nothing stored twice. */
async function replay(options: TurnOptions, stored: StoredTurn): Promise<Frame> {
  const fullText = stored.full_text ?? "";
  if (fullText !== "") await options.out.send({ type: "chunk", delta: fullText });
  const done: Frame = {
    type: "done",
    full_text: fullText,
    iterations: stored.iterations ?? 0,
    stored: true,
    replayed: true,
    turn_id: stored.turn_id,
  };
  await options.out.send(done);
  options.logger.info({ ctxkey: options.ctxkey, turnId: stored.turn_id }, "a retried turn was answered from its stored record");
  return done;
}

/** Step 2: ctx builds the messages while rtr and exc get ready, all at once. */
async function prepare(options: TurnOptions): Promise<Prepared> {
  const { peers, ctxkey, message, signal, logger } = options;
  const ctxStarted = performance.now();
  let buildFailure: unknown;
  // Turns queued while ctx was away are written first: this turn's history includes them, in order.
  const flushed = options.subagent ? Promise.resolve() : options.history.flush(ctxkey);
  const building = flushed
    .then(() =>
      peers.buildMessages(ctxkey, message, {
        signal,
        skill: options.subagent?.skill,
        withAgent: true,
        turnId: options.subagent ? undefined : options.turnId,
      }),
    )
    .catch((err: unknown) => {
      buildFailure = err;
      throw err;
    });
  const [built, rtr, exc] = await Promise.all([
    settle(building).then((r) => ({ ...r, ms: Math.round(performance.now() - ctxStarted) })),
    peers.ready("rtr", ctxkey, signal),
    readyExc(options),
  ]);
  signal.throwIfAborted();
  // ctx sends the agent section with the messages; only when it did not (a Python ctx, an invalid configuration,
  // a build refused) is it asked for separately. A ctx that is down or silent is not asked twice in a row.
  const sentAgent = built.ok ? built.value.agent : undefined;
  const ctxUnreachable = buildFailure instanceof WireError && (buildFailure.code === "unavailable" || buildFailure.code === "timeout");
  const agent: Settled<AgentConfig> = sentAgent
    ? { ok: true, value: sentAgent }
    : ctxUnreachable && !built.ok
      ? { ok: false, reason: built.reason }
      : await settle(peers.agentConfig(ctxkey, signal));
  signal.throwIfAborted();
  if (!built.ok) logger.warn({ ctxkey, reason: built.reason }, "zino-ctx could not build the messages; running degraded");
  if (!agent.ok && built.ok) logger.warn({ ctxkey, reason: agent.reason }, "zino-ctx gave no agent configuration; using defaults");
  return {
    messages: built.ok ? built.value.messages : undefined,
    ctxFailure: built.ok ? undefined : built.reason,
    agent: agent.ok ? agent.value : AgentConfigSchema.parse({}),
    rtr,
    exc: exc.report,
    tools: exc.tools,
    ctxMs: built.ms,
    storedTurn: built.ok ? built.value.storedTurn : undefined,
  };
}

async function readyExc({
  peers,
  ctxkey,
  signal,
  logger,
  subagent,
}: TurnOptions): Promise<{ report: ReadyReport; tools: ToolDefinition[] }> {
  // exc lists the turn's tools with its ready answer when it can; otherwise they are asked for (`tools`).
  const { tools: sent, ...report } = await peers.ready("exc", ctxkey, signal, { include_tools: true, ...excScopeFields(subagent) });
  if (report.state !== "ready") return { report, tools: [] };
  if (sent) return { report, tools: sent };
  const tools = await settle(peers.listTools(ctxkey, signal, excScopeFields(subagent)));
  signal.throwIfAborted();
  if (!tools.ok) logger.warn({ ctxkey, reason: tools.reason }, "zino-exc listed no tools; the turn runs without native tools");
  return { report, tools: tools.ok ? tools.value : [] };
}

type Settled<T> = { ok: true; value: T } | { ok: false; reason: string };

async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
