// The ready handshake once per ctxkey and configuration version [ext], with the real ctx, rtr and daemon
// processes: observed from exc's side (a stand-in exc on the exc socket that logs every request), a turn without
// tool calls does not reach exc after the ctxkey's first turn, a configuration change readies again and reaches
// rtr on the next turn, and an exc that speaks one request per connection (like the Python ZINO's) still works.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:net";
import { after, before, describe, it } from "node:test";
import {
  FrameDecoder,
  createFrameServer,
  encodeFrame,
  requestAll,
  requestOne,
  silentLogger,
  type Frame,
  type FrameServer,
} from "../../../src/wire/index.js";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import {
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../../../harness/zino-processes.js";

const TOOLS = [
  {
    type: "function",
    function: { name: "execute_bash", description: "Run bash", parameters: { type: "object", properties: { code: { type: "string" } } } },
  },
];

/** What exc answers: ready with the tool list, a result for a tool call. */
function excAnswer(request: Frame): Frame {
  if (request.message === null || request.message === undefined) return { type: "ready", ctxkey: request.ctxkey, tools: TOOLS };
  return { type: "result", exit_code: 0, stdout: "hi\n", stderr: "", truncated: false, ms: 1 };
}

interface Stack {
  provider: FakeProvider;
  instance: TempInstance;
  services: ZinoProcess[];
}

async function startStack(): Promise<Stack> {
  const provider = await startFakeProvider();
  const instance = writeTempInstance({ providerUrl: provider.url, llm: { max_retries: 0 } });
  const services = await startZinoServices(instance, ["ctx", "rtr", "daemon"]);
  return { provider, instance, services };
}

async function stopStack(stack: Stack): Promise<void> {
  await stopZinoServices(stack.services);
  await stack.provider.close();
  stack.instance.cleanup();
}

const turn = (stack: Stack, ctxkey: string, message = "hello") => requestAll(stack.instance.sockets.daemon, { message, ctxkey });

void describe("daemon: ready once per ctxkey and configuration version (real processes)", { timeout: 180_000 }, () => {
  let stack: Stack;
  let exc: FrameServer;
  const seen: Frame[] = [];

  before(async () => {
    stack = await startStack();
    exc = createFrameServer({
      socketPath: stack.instance.sockets.exc,
      logger: silentLogger(),
      handler: async (request, out) => {
        seen.push(request.raw);
        await out.send(excAnswer(request.raw));
      },
    });
    await exc.start();
  });

  after(async () => {
    await exc.close();
    await stopStack(stack);
  });

  void it("contacts exc for the ctxkey's first turn only, while no tool is called", async () => {
    const first = await turn(stack, "r1");
    assert.equal(first.at(-1)?.type, "done");
    assert.equal(seen.length, 1, "the first turn readies exc");
    assert.equal(seen[0]?.message, null);
    assert.equal(seen[0]?.include_tools, true);
    for (let i = 0; i < 3; i += 1) assert.equal((await turn(stack, "r1")).at(-1)?.type, "done");
    assert.equal(seen.length, 1, "later turns without tool calls never reach exc");
    const offered = stack.provider.chatRequests().at(-1)?.body as { tools?: unknown };
    assert.deepEqual(offered.tools, TOOLS, "the tools of the first handshake are still offered");
  });

  void it("reaches exc for a tool call with the configuration version, without a new handshake", async () => {
    stack.provider.enqueue({ toolCalls: [{ id: "c1", name: "execute_bash", arguments: { code: "echo hi" } }] }, { text: "done" });
    const before = seen.length;
    const frames = await turn(stack, "r1", "run it");
    assert.equal(frames.at(-1)?.full_text, "done");
    const requests = seen.slice(before);
    assert.equal(requests.length, 1, "only the tool call");
    assert.deepEqual(requests[0]?.message, { name: "execute_bash", arguments: { code: "echo hi" } });
    assert.equal(typeof requests[0]?.config_version, "string");
  });

  void it("readies again after a configuration change, and rtr uses the new configuration on that turn", async () => {
    const set = await requestOne(stack.instance.sockets.ctx, {
      type: "set_config",
      ctxkey: "r1",
      config: { llm: { model: "second-model" } },
    });
    assert.equal(set.type, "ok");
    const before = seen.length;
    assert.equal((await turn(stack, "r1")).at(-1)?.type, "done");
    assert.equal(stack.provider.chatRequests().at(-1)?.model, "second-model");
    assert.deepEqual(
      seen.slice(before).map((request) => request.message),
      [null],
      "one new handshake for the new version",
    );
    assert.equal((await turn(stack, "r1")).at(-1)?.type, "done");
    assert.equal(seen.length, before + 1, "and none after it");
  });

  void it("reads the agent section of the new configuration after a change (it is kept per configuration version)", async () => {
    const toolsSent = () => (stack.provider.chatRequests().at(-1)?.body as { tools?: unknown[] }).tools?.length ?? 0;
    assert.equal((await turn(stack, "a1")).at(-1)?.type, "done");
    assert.equal(toolsSent(), TOOLS.length, "auto: exc's tools go to the provider natively");
    const set = await requestOne(stack.instance.sockets.ctx, {
      type: "set_config",
      ctxkey: "a1",
      config: { agent: { tool_style: "inline" } },
    });
    assert.equal(set.type, "ok");
    assert.equal((await turn(stack, "a1")).at(-1)?.type, "done");
    assert.equal(toolsSent(), 0, "inline: no native tools once the new version is read");
    assert.equal((await turn(stack, "a2")).at(-1)?.type, "done");
    assert.equal(toolsSent(), TOOLS.length, "another ctxkey keeps its own agent section");
  });

  void it("readies each ctxkey on its own", async () => {
    const before = seen.length;
    await turn(stack, "r2");
    await turn(stack, "r2");
    assert.deepEqual(
      seen.slice(before).map((request) => [request.ctxkey, request.message]),
      [["r2", null]],
    );
  });
});

void describe("daemon: an exc that speaks one request per connection (real processes)", { timeout: 180_000 }, () => {
  let stack: Stack;
  let exc: Server;
  const seen: Frame[] = [];

  before(async () => {
    stack = await startStack();
    // Like the Python ZINO's exc: one frame per connection, an answer, then the connection is closed;
    // `hello` is an unknown type there.
    exc = createServer((socket) => {
      const decoder = new FrameDecoder();
      socket.on("error", () => {});
      socket.on("data", (chunk: Buffer) => {
        const [first] = decoder.push(chunk);
        if (first?.kind !== "frame") return;
        seen.push(first.frame);
        const answer =
          first.frame.type === undefined ? excAnswer(first.frame) : { type: "error", code: "unknown_type", message: "unknown type" };
        socket.end(encodeFrame(answer));
      });
    });
    await new Promise<void>((resolve) => exc.listen(stack.instance.sockets.exc, resolve));
  });

  after(async () => {
    await new Promise((resolve) => exc.close(resolve));
    await stopStack(stack);
  });

  void it("offers its tools and runs a tool call through it", async () => {
    stack.provider.enqueue({ toolCalls: [{ id: "c1", name: "execute_bash", arguments: { code: "echo hi" } }] }, { text: "it said hi" });
    const frames = await turn(stack, "p1", "run it");
    assert.equal(frames.at(-1)?.full_text, "it said hi");
    assert.deepEqual(
      frames.filter((f) => f.type === "tool_done").map((f) => f.ok),
      [true],
    );
    const kinds = seen.map((request) => (request.type === "hello" ? "hello" : request.message === null ? "ready" : "call"));
    assert.deepEqual(kinds, ["hello", "ready", "call"], "one hello refused, then one request per connection");
  });
});
