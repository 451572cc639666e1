// The agent loop of one turn (spec §1 steps 3–8, §3): call the model, run the tool calls it makes (inline
// blocks or native calls) through the given tool function, feed the results back, and stop at a final answer
// or a limit. The model and tool functions are parameters: the service wires sockets, tests wire fakes.
import type { ChatMessage, Emit, ModelCall, ToolCall, ToolDefinition, ToolOutcome, ToolStyle, Usage } from "./agent-types.js";
import { parseArguments } from "./interrupt-parser.js";
import { CallBudget, LIMIT_MESSAGES, type LimitReason, type LoopLimits } from "./loop-limits.js";
import { runModelStep, type ModelStep } from "./model-step.js";
import {
  describeCall,
  finalCallNote,
  inlineResultMessage,
  nativeAssistantMessage,
  nativeResultMessage,
  skillLabel,
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

export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const { limits, signal, emit, tools } = options;
  const now = options.now ?? (() => performance.now());
  const conversation = [...options.messages];
  const produced: ChatMessage[] = [];
  const budget = new CallBudget(limits);
  const parseInline = options.toolStyle !== "native";
  const nativeTools = options.toolStyle !== "inline" && tools.length > 0 && limits.maxToolCalls > 0 ? tools : undefined;
  let fullText = "";
  let usage: Usage | undefined;
  let iterations = 0;
  let limit: LimitReason | undefined;
  let firstToken = true;

  const hitLimit = async (reason: LimitReason) => {
    if (limit) return;
    limit = reason;
    await emit({
      type: "status",
      phase: "limit",
      reason,
      message: `Tools stopped: ${LIMIT_MESSAGES[reason]}; asking the model for a final answer.`,
    });
  };
  const show = async (text: string, separate: boolean) => {
    if (text === "") return;
    if (firstToken) {
      firstToken = false;
      await emit({ type: "status", phase: "first_token", iteration: iterations });
    }
    const delta = separate && fullText !== "" && !fullText.endsWith("\n") ? `\n\n${text}` : text;
    fullText += delta;
    await emit({ type: "chunk", delta });
  };

  for (;;) {
    signal.throwIfAborted();
    iterations += 1;
    if (limit === undefined && iterations >= limits.maxIterations && iterations > 1) await hitLimit("max_iterations");
    const final = limit !== undefined || iterations >= limits.maxIterations;
    await emit({ type: "status", phase: "model", iteration: iterations, tools: !final });
    let separate = iterations > 1;
    const step: ModelStep = await runModelStep({
      model: options.model,
      messages: limit ? [...conversation, finalCallNote(LIMIT_MESSAGES[limit])] : conversation,
      tools: final ? undefined : nativeTools,
      parseInline,
      signal,
      onText: async (text) => {
        await show(text, separate);
        separate = false;
      },
      onStatus: (frame) => emit({ ...frame, type: "status", phase: typeof frame.phase === "string" ? frame.phase : "rtr", source: "rtr" }),
    });
    usage = addUsage(usage, step.usage);
    const calls = pendingCalls(step);
    if (final || calls.length === 0) {
      // A final call that still tries to call a tool gets no execution: its visible text is the answer.
      let answer = calls.length > 0 ? step.visible : step.transcript;
      if (final && limit && step.visible.trim() === "") {
        answer = `(Stopped: ${LIMIT_MESSAGES[limit]}.)`;
        await show(answer, true);
      }
      produced.push({ role: "assistant", content: answer });
      break;
    }
    const assistant = step.inlineCall
      ? { role: "assistant" as const, content: step.transcript }
      : nativeAssistantMessage(
          step.visible,
          calls,
          step.nativeCalls.map((c) => (typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments ?? {}))),
        );
    conversation.push(assistant);
    produced.push(assistant);
    for (const call of calls) {
      const result = await handleCall(call);
      const message = call.id === undefined ? inlineResultMessage(call, result) : nativeResultMessage(call, result);
      conversation.push(message);
      produced.push(message);
    }
    if (budget.exhausted) await hitLimit("max_tool_calls");
  }
  return { fullText, iterations, usage, toolCalls: budget.toolCallsUsed, messages: produced, limit };

  async function handleCall(call: PendingCall): Promise<Record<string, unknown>> {
    if (limit) return { error: `Not executed: ${LIMIT_MESSAGES[limit]}.` };
    const verdict = budget.admit(
      call.error ? `\u0000unreadable:${call.kind}` : call.name,
      call.error ? { error: call.error } : call.arguments,
    );
    if (verdict) {
      await hitLimit(verdict);
      return { error: `Not executed: ${LIMIT_MESSAGES[verdict]}.` };
    }
    const rejection = call.error ?? unknownTool(call, tools);
    if (rejection) {
      await emit({ type: "status", phase: "tool_rejected", kind: call.kind, name: call.label, reason: rejection });
      return { error: rejection };
    }
    await emit({ type: "tool_start", kind: call.kind, name: call.label, description: describeCall(call, tools) });
    const started = now();
    const outcome = await runTool(call);
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

  async function runTool(call: PendingCall): Promise<ToolOutcome> {
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
      signal.throwIfAborted();
      return { ok: false, result: { error: `The tool failed: ${err instanceof Error ? err.message : String(err)}` } };
    }
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
    return { kind, name: native.name, label, arguments: value, id: native.id, error: args.ok ? undefined : args.error };
  });
}

const PREVIEW_CHARS = 300;

/** The start of what a tool printed, for clients that asked for rich events. */
function previewOf(result: Record<string, unknown>): string {
  const text = [result.stdout, result.stderr, result.error].find((v): v is string => typeof v === "string" && v !== "") ?? "";
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
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
