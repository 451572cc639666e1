// A scripted "model" that conducts a Zelinqa guided conversation through the zelinqa-mcp tools hosted by exc, as
// the interviewer brief asks: it reads its system prompt (conversation name, known facts), the person's words and
// the tool results in each request, and answers with native tool calls or a question as text
// (`QUESTION: <text>` and `CHOICES: a | b`). Tool names are the ones exc lists (`mcp__zelinqa__<tool>`).
import type { FakeReply, FakeReplyFunction, RecordedRequest } from "../../harness/fake-provider.js";

export const TOOL = (name: string) => `mcp__zelinqa__${name}`;
export const WRAP_UP = "Merci, nous avons terminé.";

interface Message {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}

interface View {
  questions?: { text: string; type: string; choices: string[] }[];
  action?: string;
  warnings?: string[];
  progress?: { effective_status?: string | null };
  status?: string;
  recorded?: boolean;
}

function messagesOf(request: RecordedRequest): Message[] {
  const body = request.body as { messages?: Message[] } | undefined;
  return Array.isArray(body?.messages) ? body.messages : [];
}

function text(content: unknown): string {
  return typeof content === "string" ? content : content == null ? "" : JSON.stringify(content);
}

/** The view JSON inside a tool message (the daemon wraps exc's result `{exit_code, stdout, ...}`). */
export function toolView(message: Message): View | undefined {
  try {
    const outer = JSON.parse(text(message.content)) as { stdout?: string };
    return JSON.parse(outer.stdout ?? "") as View;
  } catch {
    return undefined;
  }
}

function toolNameOf(messages: Message[], callId: string | undefined): string {
  // Ids repeat across turns (`call_0`): the latest assistant message with the id made the call.
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    for (const call of messages[i]?.tool_calls ?? []) if (call.id === callId) return call.function.name;
  }
  return "";
}

export function conversationName(messages: Message[]): string {
  const system = text(messages[0]?.content);
  return /Conversation name: (\S+)/.exec(system)?.[1] ?? "conversation";
}

export function knownFacts(messages: Message[]): { id: string; value: unknown }[] {
  const system = text(messages[0]?.content);
  const section = system.split("Known facts (configured data id = value):")[1] ?? "";
  const facts: { id: string; value: unknown }[] = [];
  for (const line of section.split("\n")) {
    const match = /^- (\S+) = (.+)$/.exec(line.trim());
    if (match?.[1] && match[2]) facts.push({ id: match[1], value: JSON.parse(match[2]) as unknown });
  }
  return facts;
}

function lastView(messages: Message[]): View | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (m?.role !== "tool") continue;
    const view = toolView(m);
    if (view?.questions) return view;
  }
  return undefined;
}

/** The call that failed with unknown_conversation just before the latest zelinqa_start, if any. */
function failedCallBefore(messages: Message[]): { name: string; arguments: string } | undefined {
  const failedResult = messages[messages.length - 3];
  if (failedResult?.role !== "tool" || !text(failedResult.content).includes("unknown_conversation")) return undefined;
  const assistant = messages[messages.length - 4];
  const failed = assistant?.tool_calls?.find((c) => c.id === failedResult.tool_call_id);
  return failed && failed.function.name !== TOOL("zelinqa_start")
    ? { name: failed.function.name, arguments: failed.function.arguments }
    : undefined;
}

function call(name: string, args: Record<string, unknown>): FakeReply {
  return { toolCalls: [{ name: TOOL(name), arguments: args }] };
}

function ask(view: View): FakeReply {
  const question = view.questions?.[0];
  if (!question) return { text: "Il n'y a pas de question." };
  const choices = question.choices.length > 0 ? `\nCHOICES: ${question.choices.join(" | ")}` : "";
  return { text: `QUESTION: ${question.text}${choices}` };
}

const finished = (view: View) =>
  view.action === "stop" ||
  view.status === "completed" ||
  view.status === "stopped" ||
  (view.warnings ?? []).includes("objective_achieved") ||
  view.progress?.effective_status === "covered";

export const fakeInterviewer: FakeReplyFunction = (request) => {
  const messages = messagesOf(request);
  const conversation = conversationName(messages);
  const last = messages[messages.length - 1];
  if (!last) return { text: "?" };
  if (last.role === "tool") {
    const name = toolNameOf(messages, last.tool_call_id);
    const view = toolView(last);
    const failed = text(last.content);
    // A new zelinqa-mcp process (exc restarted, idle stop) does not know the name yet: start resumes it, then the
    // call that failed is made again, as the brief says.
    if (!view && failed.includes("unknown_conversation")) return call("zelinqa_start", { conversation });
    if (!view) return { text: `the tool failed: ${failed.slice(0, 300)}` };
    const retry = name === TOOL("zelinqa_start") ? failedCallBefore(messages) : undefined;
    if (retry) return { toolCalls: [{ name: retry.name, arguments: retry.arguments }] };
    if (name === TOOL("zelinqa_feedback")) return { text: WRAP_UP };
    const facts = knownFacts(messages);
    const adjusted = messages.some((m) => m.tool_calls?.some((c) => c.function.name === TOOL("zelinqa_adjust")));
    if (name === TOOL("zelinqa_start") && facts.length > 0 && !adjusted) {
      return call("zelinqa_adjust", { conversation, data: facts.map((f) => ({ id: f.id, operation: "set", value: f.value })) });
    }
    if (finished(view)) return call("zelinqa_feedback", { conversation, result: "success" });
    return ask(view);
  }
  if (last.role !== "user") return { text: "?" };
  const words = text(last.content);
  if (/^(Start|I am back)/.test(words)) return call("zelinqa_start", { conversation });
  const question = lastView(messages)?.questions?.[0];
  const labels = words.split(/\s*,\s*/).filter((w) => question?.choices.includes(w));
  const args: Record<string, unknown> = { conversation, user_text: words };
  if (question && question.choices.length > 0 && labels.length > 0) args.choice_labels = labels;
  return call("zelinqa_next_question", args);
};
