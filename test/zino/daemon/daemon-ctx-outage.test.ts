// Issue 11 "ZINO services and files": history survives a ctx outage, with real processes. Turns answered while
// zino-ctx is killed are queued by the daemon (spooled, so a daemon restart keeps them) and written when ctx is
// back, in order, before newer turns; a turn retried with its client `turn_id` [ext] is stored once.
import assert from "node:assert/strict";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { requestAll, requestOne, type Frame } from "../../../src/wire/index.js";
import { HISTORY_SPOOL_NAME } from "../../../src/zino/daemon/daemon-service.js";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import {
  spawnZinoService,
  startZinoServices,
  stopZinoServices,
  waitForPing,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../../../harness/zino-processes.js";

void describe("daemon history across a ctx outage (real processes)", () => {
  let provider: FakeProvider;
  let instance: TempInstance;
  let services: ZinoProcess[] = [];

  const turn = (message: string, ctxkey: string, extra: Frame = {}) =>
    requestAll(instance.sockets.daemon, { message, ctxkey, ...extra }, { idleTimeoutMs: 20_000 });
  const userTurns = async (ctxkey: string): Promise<string[]> => {
    const answer = await requestOne(instance.sockets.ctx, { type: "get_history", ctxkey }, { idleTimeoutMs: 5000 });
    return (answer.messages as { role: string; content: string }[]).filter((m) => m.role === "user").map((m) => m.content);
  };
  const restart = async (name: "ctx" | "daemon") => {
    const old = services.find((p) => p.name === name);
    await old?.kill("SIGKILL");
    const fresh = spawnZinoService(name, instance);
    services = [...services.filter((p) => p !== old), fresh];
    await waitForPing(instance.sockets[name], 30_000, fresh);
  };

  before(async () => {
    provider = await startFakeProvider();
    instance = writeTempInstance({ providerUrl: provider.url });
    services = await startZinoServices(instance, ["ctx", "rtr", "daemon"]);
  });
  after(async () => {
    await stopZinoServices(services, "SIGKILL");
    await provider.close();
    instance.cleanup();
  });

  void it(
    "DMN-31 keeps the turns answered while ctx is killed, across a daemon restart, and stores them in order once ctx is back",
    { timeout: 90_000 },
    async () => {
      assert.equal((await turn("one", "o")).at(-1)?.stored, true);
      await services.find((p) => p.name === "ctx")!.kill("SIGKILL");
      for (const message of ["two", "three"]) {
        const done = (await turn(message, "o")).at(-1);
        assert.equal(done?.type, "done", JSON.stringify(done));
        assert.equal(done?.stored, false);
        assert.equal(done?.queued, true);
      }
      const spool = join(dirname(instance.sockets.daemon), HISTORY_SPOOL_NAME);
      assert.equal(statSync(spool).mode & 0o777, 0o600);
      await restart("daemon"); // killed: only the spool remembers "two" and "three"
      assert.equal((await turn("four", "o")).at(-1)?.queued, true);
      await restart("ctx");
      // Written by the daemon's retry, without waiting for a new turn.
      for (let i = 0; i < 100 && (await userTurns("o")).length < 4; i += 1) await sleep(100);
      assert.deepEqual(await userTurns("o"), ["one", "two", "three", "four"]);
      assert.equal((await turn("five", "o")).at(-1)?.stored, true);
      assert.deepEqual(await userTurns("o"), ["one", "two", "three", "four", "five"]);
      assert.equal(existsSync(spool), false, "the spool is removed once empty");
    },
  );

  void it(
    "DMN-31 writes queued turns before a newer turn of the same ctxkey, even before the retry timer runs",
    { timeout: 60_000 },
    async () => {
      await services.find((p) => p.name === "ctx")!.kill("SIGKILL");
      assert.equal((await turn("q1", "order")).at(-1)?.queued, true);
      await restart("ctx");
      assert.equal((await turn("q2", "order")).at(-1)?.stored, true);
      assert.deepEqual(await userTurns("order"), ["q1", "q2"]);
    },
  );

  void it(
    "DMN-32 stores a turn retried with the same turn_id once and answers the retry without calling the model",
    { timeout: 60_000 },
    async () => {
      const first = (await turn("pay the invoice", "idem", { turn_id: "t-1" })).at(-1);
      assert.equal(first?.stored, true);
      assert.equal(first?.turn_id, "t-1");
      const calls = provider.chatRequests().length;
      const retry = await turn("pay the invoice", "idem", { turn_id: "t-1" });
      assert.equal(retry.at(-1)?.replayed, true);
      assert.equal(retry.at(-1)?.full_text, first?.full_text);
      assert.equal(retry[0]?.type, "chunk", "a basic client sees the answer text again");
      await restart("daemon"); // a new daemon knows the turn only from ctx's record
      const afterRestart = (await turn("pay the invoice", "idem", { turn_id: "t-1" })).at(-1);
      assert.equal(afterRestart?.replayed, true);
      assert.equal(afterRestart?.full_text, first?.full_text);
      assert.equal(provider.chatRequests().length, calls, "no model call for a retried turn");
      assert.deepEqual(await userTurns("idem"), ["pay the invoice"]);
      const other = (await turn("pay the invoice", "idem", { turn_id: "t-2" })).at(-1);
      assert.equal(other?.replayed, undefined);
      assert.deepEqual(await userTurns("idem"), ["pay the invoice", "pay the invoice"]);
    },
  );

  void it(
    "DMN-32 answers a retry of a turn still queued for ctx from the queue, after a daemon restart, and stores it once",
    { timeout: 60_000 },
    async () => {
      await services.find((p) => p.name === "ctx")!.kill("SIGKILL");
      const first = (await turn("while away", "idem-q", { turn_id: "q-1" })).at(-1);
      assert.equal(first?.queued, true);
      await restart("daemon");
      const calls = provider.chatRequests().length;
      const retry = (await turn("while away", "idem-q", { turn_id: "q-1" })).at(-1);
      assert.equal(retry?.replayed, true);
      assert.equal(retry?.queued, true);
      assert.equal(retry?.full_text, first?.full_text);
      assert.equal(provider.chatRequests().length, calls);
      await restart("ctx");
      for (let i = 0; i < 100 && (await userTurns("idem-q")).length < 1; i += 1) await sleep(100);
      assert.equal((await turn("while away", "idem-q", { turn_id: "q-1" })).at(-1)?.replayed, true);
      assert.deepEqual(await userTurns("idem-q"), ["while away"]);
    },
  );

  void it(
    "DMN-39 refuses a turn_id sent again with another message (turn_id_reused): from the daemon's memory, ctx's record and the queue",
    { timeout: 60_000 },
    async () => {
      const refused = async (message: string, ctxkey: string, turnId: string) => {
        const frames = await turn(message, ctxkey, { turn_id: turnId });
        assert.equal(frames.length, 1, JSON.stringify(frames));
        assert.equal(frames[0]?.type, "error");
        assert.equal(frames[0]?.code, "turn_id_reused");
        assert.equal(frames[0]?.turn_id, turnId);
        assert.match(String(frames[0]?.message), /another message.*new turn_id/);
      };
      const first = (await turn("cancel order 12", "reuse", { turn_id: "r-1" })).at(-1);
      assert.equal(first?.stored, true);
      const calls = provider.chatRequests().length;
      await refused("cancel order 13", "reuse", "r-1");
      await restart("daemon"); // now only ctx's record knows r-1
      await refused("cancel order 14", "reuse", "r-1");
      assert.equal(provider.chatRequests().length, calls, "no model call for a refused turn");
      assert.deepEqual(await userTurns("reuse"), ["cancel order 12"], "nothing stored for a refused turn");
      const retry = (await turn("cancel order 12", "reuse", { turn_id: "r-1" })).at(-1);
      assert.equal(retry?.replayed, true, "the same message is still answered from the record");
      assert.equal(retry?.full_text, first?.full_text);
      assert.equal((await turn("cancel order 13", "reuse-elsewhere", { turn_id: "r-1" })).at(-1)?.stored, true, "ids are per ctxkey");

      await services.find((p) => p.name === "ctx")!.kill("SIGKILL");
      assert.equal((await turn("while away 1", "reuse-q", { turn_id: "rq-1" })).at(-1)?.queued, true);
      await restart("daemon"); // only the spool knows rq-1
      await refused("while away 2", "reuse-q", "rq-1");
      await restart("ctx");
      for (let i = 0; i < 100 && (await userTurns("reuse-q")).length < 1; i += 1) await sleep(100);
      assert.deepEqual(await userTurns("reuse-q"), ["while away 1"]);
    },
  );

  void it("DMN-33 CTX-28 ctx ignores a second append_history with the same turn_id", async () => {
    const append = { type: "append_history", ctxkey: "dup", turn_id: "x", messages: [{ role: "user", content: "once" }] };
    assert.deepEqual(await requestOne(instance.sockets.ctx, append), { type: "ok", count: 1 });
    assert.deepEqual(await requestOne(instance.sockets.ctx, append), { type: "ok", count: 0, duplicate: true });
    assert.deepEqual(await userTurns("dup"), ["once"]);
  });
});
