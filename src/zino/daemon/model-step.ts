// One model call of the agent loop: streams visible text out as it arrives, runs the interrupt parser on it,
// and stops reading (which cancels the upstream generation) at the end of the first inline call block.
import type { ChatMessage, ModelCall, NativeToolCall, ToolDefinition, Usage } from "./agent-types.js";
import { InterruptParser, type InlineCall } from "./interrupt-parser.js";

export interface ModelStepOptions {
  model: ModelCall;
  messages: ChatMessage[];
  tools: ToolDefinition[] | undefined;
  parseInline: boolean;
  signal: AbortSignal;
  /** Receives text the user may see, in order; the promise is the client's back-pressure (undefined: none). */
  onText: (text: string) => Promise<unknown> | undefined;
  onStatus: (frame: Record<string, unknown>) => Promise<unknown>;
}

export interface ModelStep {
  /** Text shown to the user in this call. */
  visible: string;
  /** What the model wrote, up to the end of an inline block: the assistant message's content. */
  transcript: string;
  inlineCall: InlineCall | undefined;
  nativeCalls: NativeToolCall[];
  usage: Usage | undefined;
  finishReason: string | undefined;
}

export async function runModelStep(options: ModelStepOptions): Promise<ModelStep> {
  const parser = options.parseInline ? new InterruptParser() : undefined;
  const step: ModelStep = {
    visible: "",
    transcript: "",
    inlineCall: undefined,
    nativeCalls: [],
    usage: undefined,
    finishReason: undefined,
  };
  let raw = "";
  /** Text the user may see: kept in the step and handed on. */
  const show = (text: string) => {
    step.visible += text;
    return options.onText(text);
  };
  // Not async, and awaited only when it has a promise: no promise of ours per streamed chunk.
  const take = (text: string, end = false): Promise<unknown> | undefined => {
    if (!parser) return show(text);
    const events = end ? parser.end() : parser.push(text);
    if (events.length === 0) return undefined;
    if (events.length === 1 && events[0]!.type === "text") return show(events[0]!.text);
    return takeEach(events);
  };
  const takeEach = async (events: ReturnType<InterruptParser["push"]>): Promise<void> => {
    for (const event of events) {
      if (event.type === "call") step.inlineCall = event.call;
      else await show(event.text);
    }
  };
  for await (const event of options.model({ messages: options.messages, tools: options.tools, signal: options.signal })) {
    if (event.type === "delta") {
      if (event.text === "") continue;
      raw += event.text;
      const taken = take(event.text);
      if (taken) await taken;
      if (step.inlineCall) break; // leaving the stream cancels generation at the call (docs/zino-protocol.md §3)
    } else if (event.type === "status") {
      await options.onStatus(event.frame);
    } else {
      // A provider that does not stream sends everything in `done`.
      if (raw === "" && event.text !== "") {
        raw = event.text;
        await take(event.text);
      }
      step.nativeCalls = event.toolCalls;
      step.usage = event.usage;
      step.finishReason = event.finishReason;
      break;
    }
  }
  options.signal.throwIfAborted();
  if (parser && !step.inlineCall) await take("", true);
  step.transcript = parser ? parser.transcript : raw;
  return step;
}
