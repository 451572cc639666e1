// The defining answer of ctx (docs/zino-protocol.md §4): for (message, ctxkey), the OpenAI message list
// [system prompt, ...context (skill examples), ...history within limits, user message]. Recalled hard memories
// go at the end of the one system message: many chat templates reject a system message anywhere else.
import { WireError } from "../../wire/index.js";
import type { SkillFile } from "./agent-files.js";
import type { ChatMessage } from "../protocol/index.js";
import { promptSettingsFor } from "./config-view.js";
import { derived } from "./derived-cache.js";
import { hardMemoryKeys } from "./hard-memory-index.js";
import { historyReadLimit, isInlineResult, selectHistory, type HistoryLimits } from "./history-window.js";
import { DEFAULT_KEY, type CtxStore } from "./store.js";
import { DEFAULT_SYSTEM_TEMPLATE, NOTHING, allowedTools, fillTemplate, renderSkillLines, renderToolList } from "./system-prompt.js";
import { headOf } from "../../shared/text-cut.js";

/** Hard memories recalled into the context: at most `context.recall_top_k` (default 3), only good matches. */
export const RECALL_TOP_K = 3;
export const RECALL_MIN_SCORE = 0.5;
const RECALL_CHARS_PER_MESSAGE = 600;

/** A user message: text, or OpenAI content parts. */
export type UserContent = string | Exclude<ChatMessage["content"], null | undefined>;

export interface BuildRequest {
  ctxkey: string;
  /** The new user message; absent for `build` without one. */
  user?: UserContent;
  /** Build for this skill (sub-agent) instead of the skill bound to the ctxkey, if any. */
  skill?: string;
  /**
   * Characters of stored history one build reads at most, newest first ([limits] max_frame_bytes: the answer is one
   * frame): messages may be as large as a frame, and a window of `history.max_messages` of them read whole took
   * gigabytes on every turn, whatever `history.max_tokens` then kept.
   */
  maxHistoryChars: number;
}

export interface BuiltPrompt {
  system: { role: "system"; content: string };
  /** Skill examples. */
  context: ChatMessage[];
  /** Recalled hard memories as one text block, or undefined when nothing matched. */
  memories: string | undefined;
  history: ChatMessage[];
  user: ChatMessage | undefined;
}

/** The skill a build uses: the one asked for, else the skill whose `ctxkey` is this ctxkey. */
export async function skillFor(store: CtxStore, ctxkey: string, name: string | undefined): Promise<SkillFile | undefined> {
  const skills = await store.skills(ctxkey);
  if (name !== undefined) {
    const skill = skills.find((candidate) => candidate.name === name);
    if (!skill)
      throw new WireError(
        "not_found",
        `There is no skill named "${name}"; the skills are: ${skills.map((s) => s.name).join(", ") || "none"}.`,
      );
    return skill;
  }
  return ctxkey === DEFAULT_KEY ? undefined : skills.find((candidate) => candidate.ctxkey === ctxkey);
}

export function systemPrompt(store: CtxStore, ctxkey: string, skill: SkillFile | undefined): Promise<string> {
  return derived(store, `system\0${ctxkey}\0${skill?.name ?? ""}`, () => renderSystemPrompt(store, ctxkey, skill));
}

async function renderSystemPrompt(store: CtxStore, ctxkey: string, skill: SkillFile | undefined): Promise<string> {
  const [settings, allTools, template, personality, skills, soft] = await Promise.all([
    promptSettingsFor(store, ctxkey),
    store.tools(ctxkey),
    skill ? skill.system_prompt : store.prompt(ctxkey, "system"),
    store.prompt(ctxkey, "personality"),
    skill ? [] : store.skills(ctxkey),
    store.softMemory(ctxkey),
  ]);
  return fillTemplate(template ?? DEFAULT_SYSTEM_TEMPLATE, {
    PERSONALITY: (personality ?? "").trim(),
    TOOL_LIST: renderToolList(allowedTools(allTools, settings.exec, skill?.tools)),
    SKILL_LINES: skill ? NOTHING : renderSkillLines(skills),
    MAX_ITERATIONS: String(settings.agent.max_iterations),
    SOFT_MEMORIES: soft?.trim() || NOTHING,
  });
}

function clip(text: string): string {
  return text.length <= RECALL_CHARS_PER_MESSAGE ? text : `${headOf(text, RECALL_CHARS_PER_MESSAGE)}…`;
}

async function recalledMemories(store: CtxStore, ctxkey: string, query: string, topK: number): Promise<string | undefined> {
  if (query.trim() === "" || topK === 0) return undefined;
  const found = await store.searchHardMemories(hardMemoryKeys(ctxkey), query, { topK, minScore: RECALL_MIN_SCORE });
  if (found.length === 0) return undefined;
  const lines = found.map(({ memory }, i) => {
    const body = memory.messages.map(
      (m) => `${m.role}: ${clip(typeof m.content === "string" ? m.content : JSON.stringify(m.content ?? ""))}`,
    );
    return [`[${i + 1}]${memory.tag ? ` (${memory.tag})` : ""}`, ...body].join("\n");
  });
  return `Memories from earlier conversations that may be relevant:\n${lines.join("\n\n")}`;
}

export async function buildPrompt(store: CtxStore, request: BuildRequest): Promise<BuiltPrompt> {
  const { ctxkey } = request;
  const [skill, settings] = await Promise.all([skillFor(store, ctxkey, request.skill), promptSettingsFor(store, ctxkey)]);
  // A sub-agent gets its skill's examples; the main agent every skill's, when `context.skill_examples` is on.
  const exampleSource = skill
    ? skill.examples
    : settings.context.skill_examples
      ? (await store.skills(ctxkey)).flatMap((s) => s.examples)
      : [];
  const examples: ChatMessage[] = exampleSource.flatMap((example): ChatMessage[] => [
    { role: "user", content: example.user },
    { role: "assistant", content: example.assistant },
  ]);
  const query = typeof request.user === "string" ? request.user : "";
  const limits = { maxMessages: settings.history.max_messages, maxTokens: settings.history.max_tokens, maxChars: request.maxHistoryChars };
  const [stored, system, memories] = await Promise.all([
    historyWindow(store, ctxkey, limits),
    systemPrompt(store, ctxkey, skill),
    settings.context.recall_memories ? recalledMemories(store, ctxkey, query, settings.context.recall_top_k) : undefined,
  ]);
  return {
    system: { role: "system", content: system },
    context: examples,
    memories,
    history: stored,
    user: request.user === undefined ? undefined : { role: "user", content: request.user },
  };
}

/**
 * The history window of a prompt. The last `maxMessages` stored messages are read first: a conversation without tool
 * messages whose window takes them all (most turns) needs no more. Otherwise older turns may fit where tool messages
 * were condensed or left out, or where a turn too large was skipped, and up to historyReadLimit messages are read.
 */
async function historyWindow(store: CtxStore, ctxkey: string, limits: HistoryLimits & { maxChars: number }): Promise<ChatMessage[]> {
  if (limits.maxMessages === 0) return [];
  const recent = await store.newestHistory(ctxkey, limits.maxMessages, limits.maxChars);
  const window = selectHistory(recent, limits);
  const plain = recent.every((m) => m.role !== "tool" && !(m.tool_calls && m.tool_calls.length > 0) && !isInlineResult(m));
  if (recent.length < limits.maxMessages || (plain && window.length === recent.length)) return window;
  return selectHistory(await store.newestHistory(ctxkey, historyReadLimit(limits.maxMessages), limits.maxChars), limits);
}

export function promptMessages(prompt: BuiltPrompt): ChatMessage[] {
  const system: ChatMessage = prompt.memories
    ? { role: "system", content: `${prompt.system.content}\n\n${prompt.memories}` }
    : prompt.system;
  return [system, ...prompt.context, ...prompt.history, ...(prompt.user ? [prompt.user] : [])];
}

/**
 * The Python `build` answer: what goes between the Python daemon's own system prompt and the new user message.
 * Recalled memories lead it as a system message, next to the system prompt the daemon puts first.
 */
export function contextMessages(prompt: BuiltPrompt): ChatMessage[] {
  const memories: ChatMessage[] = prompt.memories ? [{ role: "system", content: prompt.memories }] : [];
  return [...memories, ...prompt.context, ...prompt.history];
}
