// One user turn as the service runs it (docs/zino-protocol.md §1 steps 1–9): ctx builds the messages (rtr and exc are readied
// once per configuration version, readiness.ts), run the agent loop against rtr and exc, store the turn at ctx,
// then answer `done`. Degradation rules are docs/zino-protocol.md §3; a sub-agent's turn (§6) is built for its skill, limited
// in depth, and not stored. A turn ctx cannot store now is queued (pending-history.ts); a turn retried with the
// `turn_id` of a stored one is answered from ctx's record.
import { AgentConfigSchema, type AgentConfig } from "../config/index.js";
import { WireError, type Frame, type FrameWriter, type Logger } from "../../wire/index.js";
import { LoopFailure, runAgentLoop, type AgentLoopResult } from "./agent-loop.js";
import type { ChatMessage, ToolCall } from "./agent-types.js";
import { createClientStream, type ClientStream } from "./client-stream.js";
import { DEFAULT_MAX_IDENTICAL_CALLS } from "./loop-limits.js";
import type { PendingHistory } from "./pending-history.js";
import type { Peers, StoredTurn } from "./peers.js";
import { readyPeers, type PeerReadiness, type ReadinessCache } from "./readiness.js";
import { checkSameMessage } from "./turn-ledger.js";
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
  /** The SHA-256 of `message` when the client sent a `turn_id`: stored with it, compared on a retry. */
  messageSha256?: string | undefined;
  /** A fresh id for a turn without a client id, so that retried writes of the queue stay idempotent. */
  storeId: string;
  /** The ready handshakes of earlier turns [ext]; none: every turn readies rtr and exc. */
  readiness?: ReadinessCache | undefined;
}

interface Prepared extends PeerReadiness {
  messages: ChatMessage[] | undefined;
  ctxFailure: string | undefined;
  agent: AgentConfig;
  ctxMs: number;
  storedTurn: StoredTurn | undefined;
  configVersion: string | undefined;
  llmTimeoutMs: number | undefined;
  promptBudgetTokens: number | undefined;
}

type StoreOutcome = Awaited<ReturnType<PendingHistory["store"]>> | "failed";

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
  const { subagent } = options;
  const stream = createClientStream(options.out, { allEvents: options.allEvents });
  const prepared = await prepare(options);
  if (prepared.storedTurn && !subagent) {
    if (options.messageSha256) checkSameMessage(prepared.storedTurn.turn_id, prepared.storedTurn.message_sha256, options.messageSha256);
    return replay(options, prepared.storedTurn);
  }
  await announce(options, stream, prepared);
  const userMessage: ChatMessage = { role: "user", content: options.message };
  let result: AgentLoopResult;
  try {
    result = await runLoop(options, stream, prepared, userMessage);
  } catch (err) {
    if (!(err instanceof LoopFailure)) throw err;
    throw await storeFailedTurn(options, stream, userMessage, err);
  }
  // Stored before `done`, so a client that reads the history right after `done` sees this turn.
  const storeStarted = performance.now();
  const outcome = subagent ? undefined : await storeTurn(options, [userMessage, ...result.messages], result);
  await emitStored(stream, outcome, subagent !== undefined, { messages: result.messages.length + 1, since: storeStarted });
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
  const stored = outcome === "stored";
  options.logger.info(
    {
      ctxkey: options.ctxkey,
      iterations: result.iterations,
      toolCalls: result.toolCalls,
      limit: result.limit,
      stored,
      ms: stream.elapsedMs(),
    },
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
    ...(options.turnId ? { turn_id: options.turnId } : {}),
  };
  await options.out.send(done);
  return done;
}

/**
 * A turn that failed after its tools ran: the user message, the calls and results, and a note saying the turn failed
 * are stored, so later turns know the side effects happened (docs/zino-protocol.md §3 "A failed turn"). Stored under a
 * fresh id, not the client's `turn_id`: a retry runs the turn again rather than replaying an answer that never came.
 * Returns the error to send, saying whether the record was stored.
 */
async function storeFailedTurn(
  options: TurnOptions,
  stream: ClientStream,
  userMessage: ChatMessage,
  failure: LoopFailure,
): Promise<unknown> {
  const err = failure.cause;
  if (options.subagent) return err;
  const code = err instanceof WireError ? err.code : "internal_error";
  const note: ChatMessage = {
    role: "assistant",
    content: `(This turn failed before a final answer: ${code}. The tool calls above did run.)`,
  };
  const messages = [userMessage, ...failure.messages, note];
  const storeStarted = performance.now();
  const outcome = await storeTurn({ ...options, turnId: undefined }, messages, { fullText: failure.fullText, iterations: 0 });
  await emitStored(stream, outcome, false, { messages: messages.length, since: storeStarted });
  options.logger.info({ ctxkey: options.ctxkey, code, outcome }, "the turn failed after its tools ran; what happened was kept");
  if (!(err instanceof WireError)) return err;
  return new WireError(err.code, err.message, {
    ...err.extra,
    stored: outcome === "stored",
    ...(outcome === "queued" ? { queued: true } : {}),
  });
}

/** The `ready` status, and what runs degraded; a turn that cannot run at all is refused here. */
async function announce(options: TurnOptions, stream: ClientStream, prepared: Prepared): Promise<void> {
  const { subagent } = options;
  await stream.emit({
    type: "status",
    phase: "ready",
    services: { ctx: prepared.messages ? "ready" : "unavailable", rtr: prepared.rtr.state, exc: prepared.exc.state },
    timings: { ctx: prepared.ctxMs, rtr_ready: prepared.rtr.ms, exc_ready: prepared.exc.ms },
    tools: prepared.tools.length,
    ...(prepared.reused ? { reused_ready: true } : {}),
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
}

/** The agent loop against rtr and exc; a peer that fails on a turn that reused a handshake makes the next turn ready again. */
async function runLoop(options: TurnOptions, stream: ClientStream, prepared: Prepared, userMessage: ChatMessage): Promise<AgentLoopResult> {
  const { peers, ctxkey, subagent, signal } = options;
  const version = prepared.configVersion === undefined ? {} : { config_version: prepared.configVersion };
  const execute: ToolCall = async (request, toolSignal, progress) => {
    const outcome = await peers.execute(ctxkey, request, {
      signal: toolSignal,
      progress,
      fields: { ...excScopeFields(subagent), ...version },
    });
    if (outcome.unavailable) options.readiness?.forget();
    return outcome;
  };
  try {
    return await runAgentLoop({
      messages: prepared.messages ?? [{ role: "system", content: FALLBACK_SYSTEM_PROMPT }, userMessage],
      tools: prepared.tools,
      toolStyle: prepared.agent.tool_style,
      limits: {
        maxIterations: prepared.agent.max_iterations,
        maxToolCalls: prepared.agent.max_tool_calls,
        maxIdenticalCalls: DEFAULT_MAX_IDENTICAL_CALLS,
      },
      model: peers.model(ctxkey, prepared.configVersion, prepared.llmTimeoutMs),
      tool: limitFanout(execute, prepared.agent.max_subagent_fanout),
      emit: (event) => stream.emit(event),
      signal,
      ...(prepared.promptBudgetTokens === undefined ? {} : { promptBudgetTokens: prepared.promptBudgetTokens }),
      turnTimeoutMs: prepared.agent.turn_timeout_ms,
    });
  } catch (err) {
    if (prepared.reused && !signal.aborted) options.readiness?.forget();
    throw err;
  }
}

async function emitStored(
  stream: ClientStream,
  outcome: StoreOutcome | undefined,
  subagent: boolean,
  stats: { messages: number; since: number },
): Promise<void> {
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
    await stream.emit({ type: "status", phase: "stored", messages: stats.messages, store_ms: Math.round(performance.now() - stats.since) });
  } else {
    const reason =
      outcome === "dropped" ? "zino-ctx has been away too long: the queue of turns waiting for it is full" : "zino-ctx refused the turn";
    await stream.emit({ type: "status", phase: "not_stored", reason });
  }
}

async function storeTurn(
  options: TurnOptions,
  messages: ChatMessage[],
  result: { fullText: string; iterations: number },
): Promise<StoreOutcome> {
  const { ctxkey, logger } = options;
  try {
    // The answer is kept with the turn only for a client id (a retry is answered from it); a daemon id only
    // makes the queue's writes idempotent, and ctx then keeps just the id.
    const replayable =
      options.turnId === undefined
        ? {}
        : { full_text: result.fullText, iterations: result.iterations, message_sha256: options.messageSha256 };
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

/**
 * Step 2: ctx builds the messages; rtr and exc get ready at the same time, unless the ctxkey's last handshake
 * can be reused: then they are readied after ctx only if ctx's configuration version differs from it.
 */
async function prepare(options: TurnOptions): Promise<Prepared> {
  const { ctxkey, signal, subagent } = options;
  const cached = subagent ? undefined : options.readiness?.candidate(ctxkey);
  const early = cached ? undefined : readyPeers(options);
  early?.catch(() => {}); // awaited below unless ctx fails first (then the turn's own error is the one reported)
  const built = await buildMessages(options);
  const version = built.ok ? built.value.configVersion : undefined;
  const peers = cached && version === cached.version ? cached.readiness : await (early ?? readyPeers(options));
  signal.throwIfAborted();
  if (version !== undefined && !subagent && !peers.reused) options.readiness?.remember(ctxkey, version, peers);
  const agent = await agentOf(options, built);
  return {
    ...peers,
    messages: built.ok ? built.value.messages : undefined,
    ctxFailure: built.ok ? undefined : built.reason,
    agent,
    ctxMs: built.ms,
    storedTurn: built.ok ? built.value.storedTurn : undefined,
    configVersion: version,
    llmTimeoutMs: built.ok ? built.value.llmTimeoutMs : undefined,
    promptBudgetTokens: built.ok ? built.value.promptBudgetTokens : undefined,
    ...(peers.reused ? { rtr: { ...peers.rtr, ms: 0 }, exc: { ...peers.exc, ms: 0 } } : {}),
  };
}

type Built = Settled<Awaited<ReturnType<Peers["buildMessages"]>>> & { ms: number; unreachable: boolean };

async function buildMessages(options: TurnOptions): Promise<Built> {
  const { peers, ctxkey, message, signal, subagent } = options;
  const started = performance.now();
  // Turns queued while ctx was away are written first: this turn's history includes them, in order.
  const flushed = subagent ? Promise.resolve() : options.history.flush(ctxkey);
  let unreachable = false;
  const building = flushed
    .then(() =>
      peers.buildMessages(ctxkey, message, {
        signal,
        skill: subagent?.skill,
        withAgent: true,
        turnId: subagent ? undefined : options.turnId,
      }),
    )
    .catch((err: unknown) => {
      unreachable = err instanceof WireError && (err.code === "unavailable" || err.code === "timeout");
      throw err;
    });
  const built = await settle(building);
  signal.throwIfAborted();
  if (!built.ok) options.logger.warn({ ctxkey, reason: built.reason }, "zino-ctx could not build the messages; running degraded");
  return { ...built, ms: Math.round(performance.now() - started), unreachable };
}

/**
 * ctx sends the agent section with the messages; only when it did not (a Python ctx, an invalid configuration,
 * a build refused) is it asked for separately. A ctx that is down or silent is not asked twice in a row.
 */
async function agentOf(options: TurnOptions, built: Built): Promise<AgentConfig> {
  const sent = built.ok ? built.value.agent : undefined;
  if (sent) return sent;
  if (!built.ok && built.unreachable) return AgentConfigSchema.parse({});
  const agent = await settle(options.peers.agentConfig(options.ctxkey, options.signal));
  options.signal.throwIfAborted();
  if (agent.ok) return agent.value;
  if (built.ok)
    options.logger.warn({ ctxkey: options.ctxkey, reason: agent.reason }, "zino-ctx gave no agent configuration; using defaults");
  return AgentConfigSchema.parse({});
}

type Settled<T> = { ok: true; value: T } | { ok: false; reason: string };

async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
