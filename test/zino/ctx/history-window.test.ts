// The history window and token estimate as pure functions (docs/zino-protocol.md §4 limits), table-driven.
import assert from "node:assert/strict";
import { it } from "node:test";
import { dropOrphans, estimateMessageTokens, estimateTokens, selectHistory, type ChatMessage } from "../../../src/zino/ctx/index.js";

const call = (id: string): ChatMessage => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id, type: "function", function: { name: "execute_bash", arguments: "{}" } }],
});
const tool = (id: string): ChatMessage => ({ role: "tool", tool_call_id: id, content: "r" });
const user = (content: string): ChatMessage => ({ role: "user", content });
const assistant = (content: string): ChatMessage => ({ role: "assistant", content });

void it("CTX-09 the token estimate is characters / 4 rounded up, plus 4 per message", () => {
  const table: [string, number][] = [
    ["", 0],
    ["a", 1],
    ["abcd", 1],
    ["abcde", 2],
    ["x".repeat(400), 100],
  ];
  for (const [text, tokens] of table) assert.equal(estimateTokens(text), tokens, JSON.stringify(text));
  assert.equal(estimateMessageTokens(user("x".repeat(400))), 104);
  assert.ok(estimateMessageTokens(call("c1")) > 4, "tool calls count");
});

void it("CTX-10 dropOrphans removes leading assistant and tool messages and tool results without their call", () => {
  const table: [ChatMessage[], ChatMessage[]][] = [
    [
      [assistant("a"), user("u"), assistant("b")],
      [user("u"), assistant("b")],
    ],
    [[tool("c1"), assistant("a"), user("u")], [user("u")]],
    [[call("c1"), tool("c1"), user("u")], [user("u")]],
    [
      [user("u"), call("c1"), tool("c1"), assistant("done")],
      [user("u"), call("c1"), tool("c1"), assistant("done")],
    ],
    [
      [user("u"), tool("zz"), assistant("a")],
      [user("u"), assistant("a")],
    ],
    [[], []],
  ];
  for (const [input, expected] of table) assert.deepEqual(dropOrphans(input), expected);
});

void it("CTX-09 selectHistory applies the message limit, then the token limit, from the newest message", () => {
  const history = [user("1111"), assistant("2222"), user("3333"), assistant("4444")];
  assert.deepEqual(selectHistory(history, { maxMessages: 2, maxTokens: 1000 }), [user("3333"), assistant("4444")]);
  assert.deepEqual(selectHistory(history, { maxMessages: 10, maxTokens: 10 }), [user("3333"), assistant("4444")]);
  assert.deepEqual(selectHistory(history, { maxMessages: 10, maxTokens: 9 }), []);
  assert.deepEqual(selectHistory(history, { maxMessages: 0, maxTokens: 1000 }), []);
  assert.deepEqual(selectHistory(history, { maxMessages: 3, maxTokens: 1000 }), [user("3333"), assistant("4444")]);
});

void it("CTX-10b selectHistory keeps turns' questions and answers before their tool messages, and skips a turn too large on its own", () => {
  const huge = "h".repeat(4000);
  const history = [
    user("first"),
    assistant("one"),
    user(huge),
    assistant("two"),
    user("third"),
    call("c1"),
    tool("c1"),
    assistant("three"),
  ];
  assert.deepEqual(
    selectHistory(history, { maxMessages: 40, maxTokens: 200 }).map((m) => m.content),
    ["first", "one", "third", null, "r", "three"],
  );
  assert.deepEqual(
    selectHistory(history, { maxMessages: 4, maxTokens: 200 }).map((m) => m.content),
    ["first", "one", "third", "three"],
  );
});
