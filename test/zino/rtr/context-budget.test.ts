// Context management (docs/zino-protocol.md §5): the prompt estimate against context_window − max_output_tokens, trimming the
// oldest history by whole units, and a clear context_overflow error when even that cannot fit.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { estimatePromptTokens, fitToBudget } from "../../../src/zino/rtr/index.js";
import type { ChatMessage } from "../../../src/zino/protocol/index.js";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { last, llmFor, startRtr, types, type RtrHarness } from "./rtr-harness.js";

const sys = (content: string): ChatMessage => ({ role: "system", content });
const user = (content: string): ChatMessage => ({ role: "user", content });
const assistant = (content: string): ChatMessage => ({ role: "assistant", content });
const callMsg = (id: string): ChatMessage => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id, type: "function", function: { name: "t", arguments: "{}" } }],
});
const result = (id: string): ChatMessage => ({ role: "tool", tool_call_id: id, content: "r".repeat(40) });

void it("R5.budget: the estimate is chars/4 (ASCII) plus 4 per message plus 3 for the reply, tools included", () => {
  assert.equal(estimatePromptTokens([user("x".repeat(40))]), 3 + 4 + 10);
  const tools = [{ type: "function" as const, function: { name: "a" } }];
  assert.equal(estimatePromptTokens([user("x".repeat(40))], tools), 17 + Math.ceil(JSON.stringify(tools).length / 4));
});

void it("R5.trim: oldest history goes first; the system prompts and the current turn are kept; tool pairs go together", () => {
  const messages = [
    sys("S".repeat(40)),
    sys("memory"),
    user("old question ".repeat(4)),
    callMsg("c1"),
    result("c1"),
    assistant("old answer ".repeat(4)),
    user("mid question ".repeat(4)),
    assistant("mid answer ".repeat(4)),
    user("new question"),
    callMsg("c2"),
    result("c2"),
  ];
  const all = estimatePromptTokens(messages);
  const fitted = fitToBudget(messages, [], all - 20);
  assert.ok(fitted.ok);
  assert.deepEqual(
    fitted.messages.map((m) => m.role),
    ["system", "system", "user", "assistant", "user", "assistant", "tool"],
  );
  assert.equal(fitted.messages[2]!.content, "mid question ".repeat(4));
  assert.equal(fitted.removed, 4);
  assert.ok(fitted.tokensAfter <= all - 20);
});

void it("R5.trim: history never starts with an orphan assistant or tool message after trimming", () => {
  const messages = [
    sys("s"),
    user("u1"),
    callMsg("a"),
    result("a"),
    result("a"),
    assistant("x".repeat(400)),
    user("u2"),
    assistant("y"),
    user("now"),
  ];
  const budget = estimatePromptTokens(messages) - 5;
  const fitted = fitToBudget(messages, [], budget);
  assert.ok(fitted.ok);
  assert.deepEqual(
    fitted.messages.map((m) => m.role),
    ["system", "user", "assistant", "user"],
  );
  assert.equal(fitted.messages[1]!.content, "u2");
});

void it("R5.trim: when even system prompt and current turn do not fit, the result says how much is needed", () => {
  const fitted = fitToBudget([sys("s".repeat(400)), user("old"), user("u".repeat(400))], [], 150);
  assert.ok(!fitted.ok);
  assert.ok(fitted.minimumTokens > 150);
});

let fake: FakeProvider;
let rtr: RtrHarness;
before(async () => {
  fake = await startFakeProvider();
  rtr = await startRtr({ rows: { default: { llm: llmFor(fake.url, { context_window: 300, max_output_tokens: 100 }) } } });
});
after(async () => {
  await rtr.close();
  await fake.close();
});

void it("R5.trim: an over-long history is trimmed before sending and the trimming is reported in a status frame", async () => {
  const history: ChatMessage[] = [];
  for (let i = 0; i < 10; i += 1) history.push(user(`question ${i} ${"q".repeat(60)}`), assistant(`answer ${i} ${"a".repeat(60)}`));
  const messages = [sys("You are terse."), ...history, user("the real question")];
  const frames = await rtr.request({ message: messages, ctxkey: "k" });
  assert.equal(frames[0]!.type, "status");
  assert.equal(frames[0]!.phase, "trimmed");
  assert.equal(frames[0]!.budget_tokens, 200);
  assert.equal(last(frames).type, "done");
  const sent = (fake.chatRequests().at(-1)!.body as { messages: ChatMessage[] }).messages;
  assert.equal(sent[0]!.content, "You are terse.");
  assert.equal(sent.at(-1)!.content, "the real question");
  assert.equal(sent[1]!.role, "user");
  assert.ok(sent.length < messages.length);
  assert.equal(frames[0]!.removed_messages, messages.length - sent.length);
  assert.ok(estimatePromptTokens(sent) <= 200);
  assert.equal((fake.chatRequests().at(-1)!.body as { max_tokens: number }).max_tokens, 100);
});

void it("R5.overflow: a prompt that cannot fit even without history is refused with context_overflow and never sent", async () => {
  const before = fake.chatRequests().length;
  const frames = await rtr.request({ message: [sys("s"), user("x".repeat(2000))], ctxkey: "k" });
  assert.deepEqual(types(frames), ["error"]);
  assert.equal(frames[0]!.code, "context_overflow");
  assert.match(String(frames[0]!.message), /about \d+ tokens.*budget is 200 \(context_window 300 − max_output_tokens 100\)/);
  assert.equal(fake.chatRequests().length, before);
});

void it("R5.budget: Chinese text is counted about a token per character: a history the old chars/4 let through is trimmed, a prompt too large refused", async () => {
  // 10 exchanges of 40 CJK characters each: ~880 tokens, ~250 by chars/4 (which sent it all, for a 200-token budget).
  const history: ChatMessage[] = [];
  for (let i = 0; i < 10; i += 1) history.push(user(`问题${i}${"问".repeat(38)}`), assistant(`回答${i}${"答".repeat(38)}`));
  const messages = [sys("简洁"), ...history, user("真正的问题")];
  const frames = await rtr.request({ message: messages, ctxkey: "k" });
  assert.equal(frames[0]!.type, "status", JSON.stringify(frames[0]));
  assert.equal(frames[0]!.phase, "trimmed");
  assert.equal(last(frames).type, "done");
  const sent = (fake.chatRequests().at(-1)!.body as { messages: ChatMessage[] }).messages;
  assert.ok(sent.length <= 6, `at most two exchanges of 40 CJK characters fit 200 tokens, sent ${sent.length} messages`);
  assert.equal(sent.at(-1)!.content, "真正的问题");
  const before = fake.chatRequests().length;
  const refused = await rtr.request({ message: [sys("s"), user("长".repeat(300))], ctxkey: "k" });
  assert.equal(last(refused).code, "context_overflow", JSON.stringify(refused));
  assert.match(String(last(refused).message), /about 31\d tokens/);
  assert.equal(fake.chatRequests().length, before, "never sent");
});

void it("R5.shorten: when the current turn alone is too large, its tool results are shortened oldest first, the latest kept longest", () => {
  const big = (id: string, fill: string): ChatMessage => ({ role: "tool", tool_call_id: id, content: fill.repeat(2000) });
  const messages = [
    sys("s"),
    user("old"),
    assistant("old answer"),
    user("do it"),
    callMsg("c1"),
    big("c1", "a"),
    callMsg("c2"),
    big("c2", "b"),
  ];
  const fitted = fitToBudget(messages, [], 700);
  assert.ok(fitted.ok);
  assert.equal(fitted.shortened, 1, "only the older result had to go");
  assert.deepEqual(
    fitted.messages.map((m) => m.role),
    ["system", "user", "assistant", "tool", "assistant", "tool"],
  );
  assert.equal(fitted.messages[1]!.content, "do it", "the turn's request is kept");
  assert.match(fitted.messages[3]!.content as string, /^a{200}\n\[… 1800 more characters of this tool result were removed/);
  assert.equal(fitted.messages[5]!.content, "b".repeat(2000));
  assert.ok(fitted.tokensAfter <= 700);
});

void it("R5.overflow: a refusal caused by tool results names them, not the user message", async () => {
  const frames = await rtr.request({
    message: [
      sys("s"),
      user("list it"),
      ...["c1", "c2", "c3"].flatMap((id) => [callMsg(id), { role: "tool" as const, tool_call_id: id, content: "r".repeat(2000) }]),
    ],
    ctxkey: "k",
  });
  assert.equal(frames[0]!.code, "context_overflow");
  const message = String(frames[0]!.message);
  assert.match(message, /this turn's tool calls and results ~\d+/);
  assert.match(message, /The tool calls of this turn are the largest part: ask for narrower tool output/);
  assert.doesNotMatch(message, /Shorten the message/);
});
