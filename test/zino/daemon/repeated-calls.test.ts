// The identical-call rule through the service (docs/zino-protocol.md §3 "Loop limits"): only repeats in a row count, so
// a test → edit → test loop runs every call, and two identical calls in one parallel batch both run. The REAL ctx
// and rtr; exc is a stand-in frame server counting the calls it runs.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startHarness, type Harness } from "./daemon-harness.js";

const TOOLS = [{ type: "function", function: { name: "execute_bash", description: "Run bash", parameters: { type: "object" } } }];

void describe("repeated tool calls", () => {
  let h: Harness;
  let ran = 0;
  before(async () => {
    h = await startHarness();
    await h.startExc(async (request, out) => {
      if (request.type === "tools") return void (await out.send({ type: "tools", tools: TOOLS }));
      if (request.message === null) return void (await out.send({ type: "ready", ctxkey: request.ctxkey }));
      ran += 1;
      await out.send({ type: "result", exit_code: 0, stdout: `run ${ran}\n`, stderr: "", truncated: false, ms: 1 });
    });
  });
  after(async () => h.close());

  const bash = (id: string, code: string) => ({ toolCalls: [{ id, name: "execute_bash", arguments: { code } }] });

  void it("DMN-20b test, edit, test, edit, test: every call runs and the turn ends with the model's answer", async () => {
    ran = 0;
    h.provider.enqueue(
      bash("t1", "npm test"),
      bash("e1", "sed -i s/a/b/ x.ts"),
      bash("t2", "npm test"),
      bash("e2", "sed -i s/b/c/ x.ts"),
      bash("t3", "npm test"),
      { text: "All tests pass now." },
    );
    const frames = await h.ask({ message: "fix the tests", ctxkey: "rep1" });
    const done = frames.at(-1);
    assert.equal(done?.type, "done");
    assert.equal(done.stopped, undefined);
    assert.equal(done.full_text, "All tests pass now.");
    assert.equal(ran, 5);
  });

  void it("DMN-20b two identical calls in one parallel batch both run", async () => {
    ran = 0;
    h.provider.enqueue(
      {
        toolCalls: [
          { id: "d1", name: "execute_bash", arguments: { code: "date" } },
          { id: "d2", name: "execute_bash", arguments: { code: "date" } },
        ],
      },
      { text: "Done." },
    );
    const frames = await h.ask({ message: "date twice", ctxkey: "rep2" });
    assert.equal(frames.at(-1)?.stopped, undefined);
    assert.equal(ran, 2);
  });
});
