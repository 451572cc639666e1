// The agent loop of one turn (docs/zino-protocol.md §1 steps 3–8, §3): call the model, run the tool calls it makes (inline
// blocks or native calls) through the given tool function, feed the results back, and stop at a final answer
// or a limit. The model and tool functions are parameters: the service wires sockets, tests wire fakes.
import { WireError } from "../../wire/index.js";
import type { ChatMessage, Emit, ModelCall, ToolCall, ToolDefinition, ToolOutcome, ToolStyle, Usage } from "./agent-types.js";
import { headOf } from "../../shared/text-cut.js";
import { parseArguments } from "./interrupt-parser.js";
import { CallBudget, LIMIT_MESSAGES, type LimitReason, type LoopLimits } from "./loop-limits.js";
import { runModelStep, type ModelStep } from "./model-step.js";
import { DEFAULT_PROMPT_BUDGET_TOKENS, boundToolResult, resultCharsPerCall } from "./result-bound.js";
import {
  describeCall,
  finalCallNote,
  inlineResultMessage,
  nativeAssistantMessage,
  callIdsIn,
  nativeResultMessage,
  skillLabel,
  uniqueCallIds,
  type PendingCall,
} from "./tool-messages.js";

export interface AgentLoopOptions {
  /** The built conversation (system, context, history, the new user message). */
  messages: ChatMessage[];
  /** Tool definitions from exc; empty when exc is unavailable. */
  tools: ToolDefinition[];
  toolStyle: ToolStyle;
  limits: LoopLimits;
  model: ModelCall;
  tool: ToolCall;
  emit: Emit;
  signal: AbortSignal;
  now?: () => number;
  /** The ctxkey's prompt budget (context_window − max_output_tokens): tool results are cut to their share of it. */
  promptBudgetTokens?: number;
  /** The whole turn's bound (agent.turn_timeout_ms): past it, what runs is stopped and the turn ends in `turn_timeout`. */
  turnTimeoutMs?: number;
}

export interface AgentLoopResult {
  /** Everything the user saw, across iterations (the concatenation of the chunks emitted). */
  fullText: string;
  /** Model calls made. */
  iterations: number;
  usage: Usage | undefined;
  toolCalls: number;
  /** The messages this turn added after the user message, in OpenAI format (for history). */
  messages: ChatMessage[];
  /** Why tools were cut off, when a limit ended the loop. */
  limit: LimitReason | undefined;
}

/** A turn that failed after at least one tool ran: the error, and the messages of what did happen. */
export class LoopFailure extends Error {
  constructor(
    override readonly cause: unknown,
    /** The turn's messages after the user message, complete up to the failed step (every call has its result). */
    readonly messages: ChatMessage[],
    readonly fullText: string,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "LoopFailure";
  }
}

/** What one turn's loop has done so far. */
interface LoopState {
  conversation: ChatMessage[];
  produced: ChatMessage[];
  budget: CallBudget;
  nativeTools: ToolDefinition[] | undefined;
  fullText: string;
  usage: Usage | undefined;
  iterations: number;
  limit: LimitReason | undefined;
  /** Calls the model asked for past the tool-call budget: never run nor written into the conversation. */
  dropped: number;
  firstToken: boolean;
  /** What the model and tool calls are given: the caller's signal, or one that the turn's deadline aborts too. */
  signal: AbortSignal;
  /** Set when the turn's deadline has passed. */
  expired: boolean;
  /** Native call ids in the conversation so far: a new call never reuses one (uniqueCallIds). */
  callIds: Set<string>;
}

export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const { limits, tools } = options;
  const state: LoopState = {
    conversation: [...options.messages],
    produced: [],
    budget: new CallBudget(limits),
    nativeTools: options.toolStyle !== "inline" && tools.length > 0 && limits.maxToolCalls > 0 ? tools : undefined,
    fullText: "",
    usage: undefined,
    iterations: 0,
    dropped: 0,
    limit: undefined,
    firstToken: true,
    signal: options.signal,
    expired: false,
    callIds: callIdsIn(options.messages),
  };
  const deadline = startDeadline(options, state);
  try {
    while (!(await iterate(options, state)));
  } catch (caught) {
    const err = state.expired && !options.signal.aborted ? turnTimeout(options.turnTimeoutMs ?? 0, state) : caught;
    // After a tool ran, what happened is worth keeping even though the turn failed (docs/zino-protocol.md §3).
    if (options.signal.aborted || state.budget.toolCallsUsed === 0) throw err;
    throw new LoopFailure(err, state.produced, state.fullText);
  } finally {
    deadline?.();
  }
  const { fullText, iterations, usage, produced: messages, limit } = state;
  return { fullText, iterations, usage, toolCalls: state.budget.toolCallsUsed, messages, limit };
}

/**
 * The turn's deadline: one timer, and a signal of the turn's own that it aborts, linked to the caller's. Returns what
 * clears both; undefined without a bound.
 */
function startDeadline(options: AgentLoopOptions, state: LoopState): (() => void) | undefined {
  const { turnTimeoutMs, signal: callerSignal } = options;
  if (turnTimeoutMs === undefined) return undefined;
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(callerSignal.reason);
  callerSignal.addEventListener("abort", onCallerAbort, { once: true });
  const timer = setTimeout(() => {
    state.expired = true;
    controller.abort(TURN_EXPIRED);
  }, turnTimeoutMs);
  state.signal = controller.signal;
  return () => {
    clearTimeout(timer);
    callerSignal.removeEventListener("abort", onCallerAbort);
  };
}

/** The abort reason of the deadline (replaced by turnTimeout's error before anyone sees it). */
const TURN_EXPIRED = new Error("the turn's time limit was reached");

function turnTimeout(turnTimeoutMs: number, state: LoopState): WireError {
  return new WireError(
    "turn_timeout",
    `The turn was stopped after ${turnTimeoutMs} ms (agent.turn_timeout_ms), after ${state.iterations} model call(s) and ` +
      `${state.budget.toolCallsUsed} tool call(s). Ask for a smaller step, or raise agent.turn_timeout_ms for this ctxkey ` +
      `(\`zino ctx set KEY agent.turn_timeout_ms=...\`).`,
    { turn_timeout_ms: turnTimeoutMs, iterations: state.iterations, tool_calls: state.budget.toolCallsUsed },
  );
}

/** A tool call the deadline stopped, or kept from starting: the result its call gets, so that history stays paired. */
const EXPIRED_RESULT = { error: "Not completed: the turn's time limit (agent.turn_timeout_ms) was reached." };

/** One model call and the tool calls it makes; true when the turn's answer is complete. */
async function iterate(options: AgentLoopOptions, state: LoopState): Promise<boolean> {
  const { limits, emit } = options;
  const { signal } = state;
  signal.throwIfAborted();
  state.iterations += 1;
  if (state.limit === undefined && state.iterations >= limits.maxIterations && state.iterations > 1) {
    await hitLimit(options, state, "max_iterations");
  }
  const final = state.limit !== undefined || state.iterations >= limits.maxIterations;
  await emit({ type: "status", phase: "model", iteration: state.iterations, tools: !final });
  let separate = state.iterations > 1;
  const step: ModelStep = await runModelStep({
    model: options.model,
    messages: state.limit ? [...state.conversation, finalCallNote(limitReason(state))] : state.conversation,
    tools: final ? undefined : state.nativeTools,
    parseInline: options.toolStyle !== "native",
    signal,
    onText: (text) => {
      const shown = show(options, state, text, separate);
      separate = false;
      return shown;
    },
    onStatus: (frame) => emit({ ...frame, type: "status", phase: typeof frame.phase === "string" ? frame.phase : "rtr", source: "rtr" }),
  });
  state.usage = addUsage(state.usage, step.usage);
  // A model may ask for more calls at once than the turn may still run (200 in one answer): only those that can run
  // enter the conversation, so the refused rest does not fill the next prompt; the limit note counts them.
  const asked = pendingCalls(step);
  const admitted = final ? asked : asked.slice(0, Math.max(1, state.budget.remaining));
  state.dropped += asked.length - admitted.length;
  // The call message and each result message carry the same (unique) id, so history stays paired.
  const calls = final || step.inlineCall ? admitted : uniqueCallIds(admitted, state.callIds);
  if (final || calls.length === 0) {
    // A final call that still tries to call a tool gets no execution: its visible text is the answer.
    let answer = calls.length > 0 ? step.visible : step.transcript;
    if (final && state.limit && step.visible.trim() === "") {
      answer = `(Stopped: ${LIMIT_MESSAGES[state.limit]}.)`;
      await show(options, state, answer, true);
    }
    if (answer.trim() === "") throw emptyAnswer(step.finishReason);
    state.produced.push({ role: "assistant", content: answer });
    return true;
  }
  const assistant = step.inlineCall
    ? { role: "assistant" as const, content: step.transcript }
    : nativeAssistantMessage(
        step.visible,
        calls,
        step.nativeCalls.map((c) => (typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments ?? {}))),
      );
  state.conversation.push(assistant);
  state.produced.push(assistant);
  const maxResultChars = resultCharsPerCall(options.promptBudgetTokens ?? DEFAULT_PROMPT_BUDGET_TOKENS, calls.length);
  for (const call of calls) {
    const result = boundToolResult(await handleCall(options, state, call), maxResultChars);
    const message = call.id === undefined ? inlineResultMessage(call, result) : nativeResultMessage(call, result);
    state.conversation.push(message);
    state.produced.push(message);
  }
  if (state.budget.exhausted) await hitLimit(options, state, "max_tool_calls");
  return false;
}

/** A model call that ended with no text and no call: an error with a stable code, never an empty stored answer. */
function emptyAnswer(finishReason: string | undefined): WireError {
  const reason = finishReason ?? "unknown";
  const extra = { finish_reason: reason };
  if (reason === "length") {
    return new WireError(
      "output_truncated",
      'The model stopped at its output limit (finish_reason "length") before it wrote an answer; raise llm.max_output_tokens for this ctxkey or ask for a shorter answer.',
      extra,
    );
  }
  if (reason === "content_filter") {
    return new WireError(
      "content_filtered",
      'The provider\'s content filter blocked the answer (finish_reason "content_filter"); rephrase the request.',
      extra,
    );
  }
  return new WireError(
    "empty_answer",
    `The model returned an empty answer (finish_reason "${reason}"); retry, or check the model configured for this ctxkey.`,
    extra,
  );
}

/** The final call's note: the limit reached, and how many asked-for calls were not run. */
function limitReason(state: LoopState): string {
  const reason = LIMIT_MESSAGES[state.limit!];
  return state.dropped === 0 ? reason : `${reason}; ${state.dropped} further tool call(s) you asked for were not run`;
}

async function hitLimit(options: AgentLoopOptions, state: LoopState, reason: LimitReason): Promise<void> {
  if (state.limit) return;
  state.limit = reason;
  await options.emit({
    type: "status",
    phase: "limit",
    reason,
    message: `Tools stopped: ${LIMIT_MESSAGES[reason]}; asking the model for a final answer.`,
  });
}

/** Streams visible text to the client; not async (every chunk of every turn comes here): the emit's own promise. */
function show(options: AgentLoopOptions, state: LoopState, text: string, separate: boolean): Promise<unknown> | undefined {
  if (text === "") return undefined;
  if (state.firstToken) {
    state.firstToken = false;
    return options
      .emit({ type: "status", phase: "first_token", iteration: state.iterations })
      .then(() => showText(options, state, text, separate));
  }
  return showText(options, state, text, separate);
}

function showText(options: AgentLoopOptions, state: LoopState, text: string, separate: boolean): Promise<unknown> {
  const delta = separate && state.fullText !== "" && !state.fullText.endsWith("\n") ? `\n\n${text}` : text;
  state.fullText += delta;
  return options.emit({ type: "chunk", delta });
}

async function handleCall(options: AgentLoopOptions, state: LoopState, call: PendingCall): Promise<Record<string, unknown>> {
  const { emit, tools } = options;
  const now = options.now ?? (() => performance.now());
  if (state.limit) return { error: `Not executed: ${LIMIT_MESSAGES[state.limit]}.` };
  if (state.expired) return EXPIRED_RESULT;
  const verdict = state.budget.admit(
    call.error ? `\u0000unreadable:${call.kind}` : call.name,
    call.error ? { error: call.error } : call.arguments,
  );
  if (verdict) {
    await hitLimit(options, state, verdict);
    return { error: `Not executed: ${LIMIT_MESSAGES[verdict]}.` };
  }
  const rejection = call.error ?? unknownTool(call, tools);
  if (rejection) {
    await emit({ type: "status", phase: "tool_rejected", kind: call.kind, name: call.label, reason: rejection });
    return { error: rejection };
  }
  await emit({ type: "tool_start", kind: call.kind, name: call.label, description: describeCall(call, tools) });
  const started = now();
  const outcome = await runTool(options, state, call);
  await emit({ type: "tool_done", kind: call.kind, name: call.label, ok: outcome.ok, ms: Math.round(now() - started) });
  await emit({
    type: "status",
    phase: "tool_output",
    kind: call.kind,
    name: call.label,
    ok: outcome.ok,
    preview: previewOf(outcome.result),
  });
  return outcome.result;
}

async function runTool(options: AgentLoopOptions, state: LoopState, call: PendingCall): Promise<ToolOutcome> {
  const { emit } = options;
  const { signal } = state;
  try {
    const progress = (frame: Record<string, unknown>) =>
      emit({
        ...frame,
        type: "status",
        phase: typeof frame.phase === "string" ? frame.phase : "tool_progress",
        source: "exc",
        tool: call.label,
      });
    return await options.tool({ kind: call.kind, name: call.name, arguments: call.arguments }, signal, progress);
  } catch (err) {
    options.signal.throwIfAborted();
    if (state.expired) return { ok: false, result: EXPIRED_RESULT };
    return { ok: false, result: { error: `The tool failed: ${err instanceof Error ? err.message : String(err)}` } };
  }
}

function pendingCalls(step: ModelStep): PendingCall[] {
  const inline = step.inlineCall;
  if (inline) {
    if (inline.kind === "skill") {
      return [{ kind: "skill", name: "run_skill", label: inline.name || "skill", arguments: inline.arguments, error: inline.error }];
    }
    return [{ kind: "tool", name: inline.name, label: inline.name || "tool_call", arguments: inline.arguments, error: inline.error }];
  }
  return step.nativeCalls.map((native) => {
    const args = parseArguments(native.arguments);
    const value = args.ok ? args.value : {};
    const { kind, label } = skillLabel(native.name, value);
    if (native.name.trim() === "") {
      // History needs a name on every call (the chat message schema, and providers): a placeholder, never executed.
      return { kind, name: NAMELESS_PLACEHOLDER, label: NAMELESS_PLACEHOLDER, arguments: value, id: native.id, error: NAMELESS_CALL };
    }
    return { kind, name: native.name, label, arguments: value, id: native.id, error: args.ok ? undefined : args.error };
  });
}

const NAMELESS_CALL = "The tool call has no function name: call one of the available tools by its name.";
const NAMELESS_PLACEHOLDER = "unnamed_tool_call";

const PREVIEW_CHARS = 300;

/** The start of what a tool printed, for clients that asked for rich events. */
function previewOf(result: Record<string, unknown>): string {
  const text = [result.stdout, result.stderr, result.error].find((v): v is string => typeof v === "string" && v !== "") ?? "";
  return text.length > PREVIEW_CHARS ? `${headOf(text, PREVIEW_CHARS)}…` : text;
}

function unknownTool(call: PendingCall, tools: readonly ToolDefinition[]): string | undefined {
  if (tools.length === 0 || tools.some((t) => t.function.name === call.name)) return undefined;
  const names = tools.map((t) => t.function.name).join(", ");
  return call.kind === "skill"
    ? "Skills (sub-agents) are not available in this context."
    : `Unknown tool "${call.name}". Available tools: ${names}.`;
}

function addUsage(total: Usage | undefined, more: Usage | undefined): Usage | undefined {
  if (!more) return total;
  if (!total) return { ...more };
  return {
    prompt_tokens: total.prompt_tokens + more.prompt_tokens,
    completion_tokens: total.completion_tokens + more.completion_tokens,
    total_tokens: total.total_tokens + more.total_tokens,
  };
}
