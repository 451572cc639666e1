// The agent loop with only its model and tool functions faked (docs/zino-protocol.md §3): inline and native calls, results fed
// back, unknown tools, limits ending in one final call without tools, full_text across iterations, history.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  runAgentLoop,
  type AgentLoopOptions,
  type ChatMessage,
  type LoopEvent,
  type ModelCall,
  type ModelRequest,
  type NativeToolCall,
  type ToolDefinition,
  type ToolRequest,
} from "../../../src/zino/daemon/index.js";
import { contentText } from "../../../src/zino/protocol/index.js";

const text = (message: ChatMessage | undefined): string => (message ? contentText(message) : "");

interface Reply {
  deltas: string[];
  toolCalls?: NativeToolCall[];
}

interface FakeModel {
  call: ModelCall;
  requests: Array<{ messages: ChatMessage[]; tools: ToolDefinition[] | undefined }>;
  /** Per request: whether the loop stopped reading before the end of the reply (generation cancelled). */
  cancelled: boolean[];
}

function fakeModel(replies: Reply[]): FakeModel {
  const model: FakeModel = { requests: [], cancelled: [], call: undefined as unknown as ModelCall };
  model.call = async function* (request: ModelRequest) {
    const index = model.requests.length;
    model.requests.push({ messages: structuredClone(request.messages), tools: request.tools });
    model.cancelled[index] = true;
    const reply = replies[index] ?? { deltas: ["(no more replies)"] };
    for (const text of reply.deltas) yield { type: "delta", text };
    yield {
      type: "done",
      text: reply.deltas.join(""),
      toolCalls: reply.toolCalls ?? [],
      usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
    };
    model.cancelled[index] = false;
  };
  return model;
}

const TOOLS: ToolDefinition[] = [
  { type: "function", function: { name: "execute_bash", description: "Run bash code", parameters: { type: "object" } } },
  { type: "function", function: { name: "run_skill", description: "Run a skill", parameters: { type: "object" } } },
];

interface Run {
  result: Awaited<ReturnType<typeof runAgentLoop>>;
  events: LoopEvent[];
  toolRequests: ToolRequest[];
  model: FakeModel;
}

async function run(replies: Reply[], overrides: Partial<AgentLoopOptions> = {}): Promise<Run> {
  const model = fakeModel(replies);
  const events: LoopEvent[] = [];
  const toolRequests: ToolRequest[] = [];
  const result = await runAgentLoop({
    messages: [
      { role: "system", content: "sys" },
      { role: "user", content: "hi" },
    ],
    tools: TOOLS,
    toolStyle: "auto",
    limits: { maxIterations: 5, maxToolCalls: 10, maxIdenticalCalls: 3 },
    model: model.call,
    tool: async (request) => {
      toolRequests.push(request);
      return { ok: true, result: { exit_code: 0, stdout: `ran ${JSON.stringify(request.arguments)}`, stderr: "", truncated: false } };
    },
    emit: async (event) => {
      events.push(event);
    },
    signal: new AbortController().signal,
    ...overrides,
  });
  return { result, events, toolRequests, model };
}

const chunks = (events: LoopEvent[]) => events.flatMap((e) => (e.type === "chunk" ? [e.delta] : [])).join("");
const ofType = (events: LoopEvent[], type: LoopEvent["type"]) => events.filter((e) => e.type === type);
const bash = (code: string) => `<tool_call>{"name":"execute_bash","arguments":{"code":"${code}"}}</tool_call>`;

void describe("agent loop", () => {
  void it("DMN-21 answers without tools in one model call", async () => {
    const { result, events } = await run([{ deltas: ["Hel", "lo"] }]);
    assert.equal(result.fullText, "Hello");
    assert.equal(result.iterations, 1);
    assert.deepEqual(result.messages, [{ role: "assistant", content: "Hello" }]);
    assert.deepEqual(result.usage, { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 });
    assert.equal(chunks(events), "Hello");
  });

  void it("DMN-16 DMN-17 DMN-19 runs an inline call, cancels generation at the block, feeds the result back and shows only text", async () => {
    const { result, events, toolRequests, model } = await run([
      { deltas: ["Checking. <tool", '_call>{"name":"execute_bash",', '"arguments":{"code":"ls"}}</tool_call>', " never seen"] },
      { deltas: ["Found 3 files."] },
    ]);
    assert.deepEqual(toolRequests, [{ kind: "tool", name: "execute_bash", arguments: { code: "ls" } }]);
    assert.equal(model.cancelled[0], true, "the first generation was cut at the call");
    assert.equal(result.fullText, "Checking. \n\nFound 3 files.");
    assert.equal(chunks(events), result.fullText);
    assert.equal(result.iterations, 2);
    const second = model.requests[1]!.messages;
    assert.deepEqual(second[2], { role: "assistant", content: `Checking. ${bash("ls")}` });
    assert.equal(second[3]?.role, "user");
    assert.match(
      text(second[3]),
      /^<tool_response>\n\{"name":"execute_bash","content":\{"exit_code":0,"stdout":"ran \{\\"code\\":\\"ls\\"\}"/,
    );
    assert.deepEqual(
      result.messages.map((m) => m.role),
      ["assistant", "user", "assistant"],
    );
    const [start, done] = [ofType(events, "tool_start")[0], ofType(events, "tool_done")[0]];
    assert.deepEqual(start, { type: "tool_start", kind: "tool", name: "execute_bash", description: "ls" });
    assert.equal(done?.type === "tool_done" ? done.ok : undefined, true);
  });

  void it("DMN-17 DMN-21 runs native calls as tool messages with their tool_call_id", async () => {
    const { result, toolRequests, model } = await run([
      {
        deltas: [],
        toolCalls: [
          { id: "c1", name: "execute_bash", arguments: '{"code":"date"}' },
          { id: "c2", name: "execute_bash", arguments: { code: "pwd" } },
        ],
      },
      { deltas: ["Done."] },
    ]);
    assert.deepEqual(
      toolRequests.map((r) => r.arguments),
      [{ code: "date" }, { code: "pwd" }],
    );
    assert.deepEqual(model.requests[0]!.tools, TOOLS, "tools are offered natively in auto style");
    assert.deepEqual(result.messages[0], {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "c1", type: "function", function: { name: "execute_bash", arguments: '{"code":"date"}' } },
        { id: "c2", type: "function", function: { name: "execute_bash", arguments: '{"code":"pwd"}' } },
      ],
    });
    assert.equal(result.messages[1]?.role, "tool");
    assert.equal(result.messages[1]?.tool_call_id, "c1");
    assert.equal(result.messages[2]?.tool_call_id, "c2");
    assert.equal(result.fullText, "Done.");
    assert.deepEqual(result.usage, { prompt_tokens: 20, completion_tokens: 4, total_tokens: 24 });
  });

  void it("DMN-23 runs a <task> block as run_skill and reports it as a skill", async () => {
    const { events, toolRequests, model } = await run([
      { deltas: ['<task>{"skill":"summarize","request":"the log"}</task>'] },
      { deltas: ["Summary."] },
    ]);
    assert.deepEqual(toolRequests, [{ kind: "skill", name: "run_skill", arguments: { skill: "summarize", request: "the log" } }]);
    assert.deepEqual(ofType(events, "tool_start")[0], { type: "tool_start", kind: "skill", name: "summarize", description: "the log" });
    assert.match(text(model.requests[1]!.messages.at(-1)), /^<task_response>\n\{"skill":"summarize"/);
  });

  void it("DMN-19 answers an unknown tool with an error result the model reads, without running anything", async () => {
    const { toolRequests, model, events } = await run([
      { deltas: ['<tool_call>{"name":"rm_rf","arguments":{}}</tool_call>'] },
      { deltas: ["Sorry."] },
    ]);
    assert.equal(toolRequests.length, 0);
    assert.match(text(model.requests[1]!.messages.at(-1)), /Unknown tool \\"rm_rf\\". Available tools: execute_bash, run_skill/);
    assert.equal(ofType(events, "tool_start").length, 0);
  });

  void it("DMN-15 gives malformed call JSON back to the model as an error", async () => {
    const { toolRequests, model } = await run([{ deltas: ["<tool_call>{oops}</tool_call>"] }, { deltas: ["Retrying."] }]);
    assert.equal(toolRequests.length, 0);
    assert.match(text(model.requests[1]!.messages.at(-1)), /not valid JSON/);
  });

  void it("DMN-20 DMN-22 stops an identical call repeated three times in a row and asks for a final answer without tools", async () => {
    const { result, events, toolRequests, model } = await run([
      { deltas: [bash("ls")] },
      { deltas: [bash("ls")] },
      { deltas: [bash("ls")] },
      { deltas: ["Here is what I found."] },
    ]);
    assert.equal(toolRequests.length, 2, "the third call in a row is not executed");
    assert.equal(result.limit, "repeated_call");
    assert.equal(result.iterations, 4);
    assert.equal(model.requests[3]!.tools, undefined, "the final call has no tools");
    assert.match(text(model.requests[3]!.messages.at(-1)), /No more tool calls in this turn: the model repeated an identical tool call/);
    assert.match(text(result.messages[5]), /Not executed/);
    const limits = events.flatMap((e) => (e.type === "status" && e.phase === "limit" ? [e.reason] : []));
    assert.deepEqual(limits, ["repeated_call"]);
    assert.equal(result.fullText, "Here is what I found.");
    assert.equal(result.messages.at(-1)?.content, "Here is what I found.");
    assert.ok(!result.messages.some((m) => text(m).includes("[zino]")), "the final-call instruction is not history");
  });

  void it("DMN-20b counts only repeats in a row: test, edit, test, edit, test all run", async () => {
    const { result, toolRequests } = await run(
      [
        { deltas: [bash("npm test")] },
        { deltas: [bash("edit 1")] },
        { deltas: [bash("npm test")] },
        { deltas: [bash("edit 2")] },
        { deltas: [bash("npm test")] },
        { deltas: ["All green."] },
      ],
      { limits: { maxIterations: 10, maxToolCalls: 10, maxIdenticalCalls: 3 } },
    );
    assert.equal(toolRequests.length, 5);
    assert.equal(result.limit, undefined);
    assert.equal(result.fullText, "All green.");
  });

  void it("DMN-20 DMN-21 makes its last allowed model call without tools when the iteration limit is reached", async () => {
    const { result, model, toolRequests } = await run(
      [{ deltas: ["one ", bash("1")] }, { deltas: ["two ", bash("2")] }, { deltas: ["Final answer."] }],
      { limits: { maxIterations: 3, maxToolCalls: 10, maxIdenticalCalls: 3 } },
    );
    assert.equal(result.iterations, 3);
    assert.equal(toolRequests.length, 2);
    assert.equal(result.limit, "max_iterations");
    assert.equal(model.requests[2]!.tools, undefined);
    assert.equal(result.fullText, "one \n\ntwo \n\nFinal answer.");
  });

  void it("DMN-20 does not execute a call made in the final model call and says why when nothing else was written", async () => {
    const { result, toolRequests, events } = await run([{ deltas: [bash("1")] }, { deltas: [bash("2")] }], {
      limits: { maxIterations: 2, maxToolCalls: 10, maxIdenticalCalls: 3 },
    });
    assert.equal(toolRequests.length, 1);
    assert.match(result.fullText, /^\(Stopped: the model-call limit/);
    assert.equal(chunks(events), result.fullText);
    assert.equal(result.messages.at(-1)?.content, result.fullText);
  });

  void it("DMN-20 DMN-17 stops when the tool-call budget is used up", async () => {
    const { result, toolRequests, model } = await run(
      [
        {
          deltas: [],
          toolCalls: [
            { id: "a", name: "execute_bash", arguments: { code: "1" } },
            { id: "b", name: "execute_bash", arguments: { code: "2" } },
          ],
        },
        { deltas: ["ok"] },
      ],
      { limits: { maxIterations: 5, maxToolCalls: 1, maxIdenticalCalls: 3 } },
    );
    assert.equal(toolRequests.length, 1);
    assert.equal(result.limit, "max_tool_calls");
    // The call past the budget never enters the conversation (every call there has its answer); the note counts it.
    assert.equal(result.messages.filter((m) => m.role === "tool").length, 1, "every native call kept gets an answer");
    const kept = result.messages.find((m) => m.role === "assistant" && Array.isArray(m.tool_calls));
    assert.equal(kept?.tool_calls?.length, 1);
    assert.match(JSON.stringify(model.requests[1]!.messages.at(-1)?.content), /1 further tool call\(s\) you asked for were not run/);
    assert.equal(model.requests[1]!.tools, undefined);
  });

  void it("DMN-18 in native style shows tag-like text as is and offers tools; in inline style offers none", async () => {
    const native = await run([{ deltas: [bash("x")] }], { toolStyle: "native" });
    assert.equal(native.result.fullText, bash("x"));
    assert.equal(native.toolRequests.length, 0);
    const inline = await run([{ deltas: ["hi"] }], { toolStyle: "inline" });
    assert.equal(inline.model.requests[0]!.tools, undefined);
  });

  void it("DMN-13 gives a failing tool's outcome to the model instead of failing the turn", async () => {
    const { result, model, events } = await run([{ deltas: [bash("x")] }, { deltas: ["It failed."] }], {
      tool: async () => {
        throw new Error("socket reset");
      },
    });
    assert.equal(result.fullText, "It failed.");
    assert.match(text(model.requests[1]!.messages.at(-1)), /The tool failed: socket reset/);
    const done = events.find((e) => e.type === "tool_done");
    assert.equal(done?.type === "tool_done" ? done.ok : undefined, false);
  });

  void it("DMN-10 propagates cancellation from a running tool", async () => {
    const controller = new AbortController();
    await assert.rejects(
      run([{ deltas: [bash("sleep")] }], {
        signal: controller.signal,
        tool: async (_request, signal) => {
          controller.abort(new Error("client gone"));
          signal.throwIfAborted();
          return { ok: true, result: {} };
        },
      }),
      /client gone/,
    );
  });
});
