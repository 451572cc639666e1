// The daemon's queue of turns ctx could not store (pending-history.ts) and its turn ledger (turn-ledger.ts),
// with ctx's append replaced by a function (the process boundary): order, bounds, spool, retries, idempotency.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { WireError, silentLogger, type Frame } from "../../../src/wire/index.js";
import { createPendingHistory, type PendingTurn } from "../../../src/zino/daemon/pending-history.js";
import { createTurnLedger, messageSha256 } from "../../../src/zino/daemon/turn-ledger.js";

const dir = mkdtempSync(join(tmpdir(), "zp-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const turnOf = (ctxkey: string, id: string): PendingTurn => ({ ctxkey, turn_id: id, messages: [{ role: "user", content: id }] });

/** A ctx stand-in: stores turn ids per ctxkey while up, refuses with `unavailable` while down. */
function fakeCtx() {
  const stored: string[] = [];
  let up = true;
  return {
    stored,
    setUp: (value: boolean) => (up = value),
    append: async (turn: PendingTurn) => {
      await sleep(1);
      if (!up) throw new WireError("unavailable", "zino-ctx is not running");
      stored.push(`${turn.ctxkey}:${turn.turn_id}`);
    },
  };
}

void describe("pending history", () => {
  void it("DMN-31 queues while ctx is down and writes the queue, in order, before the next turn of the ctxkey", async () => {
    const ctx = fakeCtx();
    const history = createPendingHistory({ append: ctx.append, logger: silentLogger(), retryMs: 60_000 });
    history.start();
    assert.equal(await history.store(turnOf("k", "1")), "stored");
    ctx.setUp(false);
    assert.equal(await history.store(turnOf("k", "2")), "queued");
    assert.equal(await history.store(turnOf("other", "a")), "queued");
    assert.equal(await history.store(turnOf("k", "3")), "queued");
    ctx.setUp(true);
    assert.equal(await history.store(turnOf("k", "4")), "stored");
    assert.deepEqual(ctx.stored, ["k:1", "k:2", "k:3", "k:4"]);
    assert.equal(history.size(), 1, "another ctxkey's turn waits for its own flush or the retry");
    await history.flush("other");
    assert.equal(history.size(), 0);
    await history.close();
  });

  void it("DMN-31 retries on its own, and keeps concurrent stores of one ctxkey in order", async () => {
    const ctx = fakeCtx();
    const history = createPendingHistory({ append: ctx.append, logger: silentLogger(), retryMs: 30 });
    history.start();
    ctx.setUp(false);
    await Promise.all(["1", "2", "3"].map((id) => history.store(turnOf("r", id))));
    ctx.setUp(true);
    for (let i = 0; i < 100 && history.size() > 0; i += 1) await sleep(10);
    assert.deepEqual(ctx.stored, ["r:1", "r:2", "r:3"]);
    await history.close();
  });

  void it("DMN-31 is bounded: past maxTurns or maxBytes a turn is dropped, not queued", async () => {
    const ctx = fakeCtx();
    ctx.setUp(false);
    const history = createPendingHistory({ append: ctx.append, logger: silentLogger(), maxTurns: 2, retryMs: 60_000 });
    assert.deepEqual(
      [await history.store(turnOf("b", "1")), await history.store(turnOf("b", "2")), await history.store(turnOf("b", "3"))],
      ["queued", "queued", "dropped"],
    );
    await history.close();
    const bySize = createPendingHistory({ append: ctx.append, logger: silentLogger(), maxBytes: 300, retryMs: 60_000 });
    const big = { ...turnOf("b", "big"), messages: [{ role: "tool" as const, content: "x".repeat(400) }] };
    assert.equal(await bySize.store(big), "dropped");
    assert.equal(await bySize.store(turnOf("b", "small")), "queued");
    await bySize.close();
  });

  void it("DMN-31 drops a queued turn ctx refuses for good (bad_request) instead of blocking the ctxkey", async () => {
    let up = false;
    const stored: string[] = [];
    const history = createPendingHistory({
      logger: silentLogger(),
      retryMs: 60_000,
      append: async (turn) => {
        if (!up) throw new WireError("unavailable", "down");
        if (turn.turn_id === "bad") throw new WireError("bad_request", "no");
        stored.push(turn.turn_id);
      },
    });
    assert.equal(await history.store(turnOf("p", "bad")), "queued");
    assert.equal(await history.store(turnOf("p", "good")), "queued");
    up = true;
    assert.equal(await history.store(turnOf("p", "next")), "stored");
    assert.deepEqual(stored, ["good", "next"]);
    assert.equal(history.size(), 0);
    await assert.rejects(history.store(turnOf("p", "bad")), /no/, "a fresh turn ctx refuses is the caller's failure, not queued");
    assert.equal(history.size(), 0);
    await history.close();
  });

  void it("DMN-31 keeps its queue in a 0600 spool file across a restart, and sets an unreadable spool aside", async () => {
    const spoolPath = join(dir, "spool.json");
    const ctx = fakeCtx();
    ctx.setUp(false);
    const first = createPendingHistory({ append: ctx.append, logger: silentLogger(), spoolPath, retryMs: 60_000 });
    first.start();
    await first.store(turnOf("s", "1"));
    await first.store(turnOf("s", "2"));
    await first.close();
    assert.equal(statSync(spoolPath).mode & 0o777, 0o600);
    ctx.setUp(true);
    const second = createPendingHistory({ append: ctx.append, logger: silentLogger(), spoolPath, retryMs: 60_000 });
    second.start();
    assert.equal(second.size(), 2);
    await second.flush("s");
    assert.deepEqual(ctx.stored, ["s:1", "s:2"]);
    assert.equal(readdirSync(dir).includes("spool.json"), false, "removed once empty");
    await second.close();
    writeFileSync(spoolPath, "{not json");
    const third = createPendingHistory({ append: ctx.append, logger: silentLogger(), spoolPath });
    third.start();
    assert.equal(third.size(), 0);
    assert.ok(readdirSync(dir).some((name) => name.startsWith("spool.json.unreadable-")));
    await third.close();
  });

  void it("DMN-31 waits at close for a write to ctx under way, and spools it when ctx does not answer in time", async () => {
    const spoolPath = join(dir, "closing.json");
    const stored: string[] = [];
    const answers: Array<() => void> = [];
    // ctx takes the write and answers only when the test says so.
    const append = (turn: PendingTurn) =>
      new Promise<void>((resolve) => {
        answers.push(() => {
          stored.push(turn.turn_id);
          resolve();
        });
      });
    const history = createPendingHistory({ append, logger: silentLogger(), spoolPath, retryMs: 60_000 });
    history.start();
    const outcome = history.store(turnOf("c", "answered"));
    await sleep(5);
    let closed = false;
    const closing = history.close(5000).then(() => (closed = true));
    await sleep(50);
    assert.equal(closed, false, "close waits while ctx has not answered");
    answers.shift()!();
    await closing;
    assert.equal(await outcome, "stored");
    assert.deepEqual(stored, ["answered"]);
    assert.equal(readdirSync(dir).includes("closing.json"), false, "nothing spooled");

    const late = createPendingHistory({ append, logger: silentLogger(), spoolPath, retryMs: 60_000 });
    late.start();
    // The second turn of the ctxkey waits behind the first, whose write ctx does not answer.
    const lateOutcomes = [late.store(turnOf("c", "unanswered")), late.store(turnOf("c", "behind"))];
    await sleep(5);
    const started = Date.now();
    await late.close(100);
    assert.ok(Date.now() - started >= 90, "close waited for ctx first");
    const spooled = JSON.parse(readFileSync(spoolPath, "utf8")) as { turns: PendingTurn[] };
    assert.deepEqual(
      spooled.turns.map((turn) => turn.turn_id),
      ["unanswered", "behind"],
    );
    // The next start writes them, in order.
    const next = createPendingHistory({ append: async (turn) => void stored.push(turn.turn_id), logger: silentLogger(), spoolPath });
    next.start();
    assert.equal(next.size(), 2);
    await next.flush("c");
    assert.deepEqual(stored, ["answered", "unanswered", "behind"]);
    await next.close();
    // ctx's late answers to the closed daemon's writes: its spool no longer holds them, and each turn went out once more
    // at most (the turn id keeps ctx from storing it twice).
    writeFileSync(spoolPath, JSON.stringify(spooled));
    answers.shift()!();
    assert.equal(await lateOutcomes[0], "stored");
    await sleep(5);
    answers.shift()!();
    assert.equal(await lateOutcomes[1], "stored");
    assert.equal(answers.length, 0, "the second turn was written once, from the queue");
    assert.equal(late.size(), 0);
    assert.equal(readdirSync(dir).includes("closing.json"), false, "the spool was emptied");
  });
});

void describe("turn ledger", () => {
  const SHA_A = messageSha256("hello");
  /** An attempt that answers `done` after 30 ms, counting its runs. */
  const slowDone = () => {
    const slow = {
      runs: 0,
      attempt: async (): Promise<Frame> => {
        slow.runs += 1;
        await sleep(30);
        return { type: "done", full_text: "x" };
      },
    };
    return slow;
  };

  void it("DMN-32 runs a turn id once: a retry during the first attempt waits for it and gets its done frame", async () => {
    const ledger = createTurnLedger();
    const slow = slowDone();
    const attempt = slow.attempt;
    const [a, b] = await Promise.all([ledger.run("k", "t", SHA_A, attempt), ledger.run("k", "t", SHA_A, attempt)]);
    assert.equal(slow.runs, 1);
    assert.deepEqual(a, b);
    assert.deepEqual(ledger.done("k", "t"), { type: "done", full_text: "x" });
    assert.equal(ledger.done("other", "t"), undefined);
  });

  void it("DMN-32 runs the turn again when the first attempt ended without done (cancelled or failed)", async () => {
    const ledger = createTurnLedger();
    await assert.rejects(ledger.run("k", "f", SHA_A, () => Promise.reject(new Error("cancelled"))));
    assert.equal(await ledger.run("k", "f", SHA_A, () => Promise.resolve(undefined)), undefined);
    assert.deepEqual(await ledger.run("k", "f", SHA_A, () => Promise.resolve({ type: "done" })), { type: "done" });
  });

  void it("DMN-32 remembers answers up to a bound on their characters too: the oldest are forgotten, a longer one is not kept", async () => {
    const ledger = createTurnLedger(1000, 100);
    const answer = (chars: number) => () => Promise.resolve<Frame>({ type: "done", full_text: "a".repeat(chars) });
    for (const id of ["t1", "t2", "t3"]) await ledger.run("k", id, SHA_A, answer(40));
    assert.equal(ledger.done("k", "t1"), undefined, "120 characters went past the bound of 100: the oldest went");
    assert.equal((ledger.done("k", "t3")?.full_text as string).length, 40);
    assert.ok(ledger.done("k", "t2"));
    await ledger.run("k", "long", SHA_A, answer(101));
    assert.equal(ledger.done("k", "long"), undefined, "an answer longer than the bound alone is left to ctx's record");
    assert.ok(ledger.done("k", "t3"), "and drops nothing remembered");
  });

  void it("DMN-32 refuses an ended turn's id sent with another message (turn_id_reused), also while the first still runs", async () => {
    const ledger = createTurnLedger();
    const slow = slowDone();
    const attempt = slow.attempt;
    const other = messageSha256("hello!");
    const [first, second] = await Promise.allSettled([ledger.run("k", "t", SHA_A, attempt), ledger.run("k", "t", other, attempt)]);
    assert.deepEqual(first, { status: "fulfilled", value: { type: "done", full_text: "x" } });
    assert.ok(second.status === "rejected");
    const err = second.reason as WireError;
    assert.equal(err.code, "turn_id_reused");
    assert.match(err.message, /new message needs a new turn_id/);
    assert.deepEqual(err.extra, { turn_id: "t" });
    assert.equal(slow.runs, 1, "the other message did not run");
    assert.deepEqual(await ledger.run("k", "t", SHA_A, attempt), { type: "done", full_text: "x" }, "the same message is still replayed");
    await assert.rejects(ledger.run("k", "t", other, attempt), { code: "turn_id_reused" });
    assert.deepEqual(await ledger.run("other-key", "t", other, attempt), { type: "done", full_text: "x" }, "ids are per ctxkey");
    assert.equal(slow.runs, 2);
  });
});
