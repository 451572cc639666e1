// One suite for both ctx store adapters (SQLite, PostgreSQL): the CtxStore port's behaviour, whatever holds the
// rows. Two stores opened on one database stand for two ZINO hosts (or two processes on one SQLite file).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { searchHardMemories, type ChatMessage, type CtxStore, type HardMemory } from "../../../src/zino/ctx/index.js";
import { HistoryTooLargeError } from "../../../src/zino/ctx/history-bound.js";
import { PG_MIGRATIONS } from "../../../src/zino/ctx/pg-migrations.js";
import { SQLITE_MIGRATIONS } from "../../../src/zino/ctx/sqlite-migrations.js";
import {
  STORE_BACKENDS,
  createStoreBackend,
  eventually,
  postgresSkipReason,
  type BackendName,
  type StoreBackend,
} from "./store-backends.js";

const TOOL = { name: "bash", description: "d", meta: { executor: "bash" } };

interface Opened {
  backend: StoreBackend;
  /** Two stores on one database: two hosts (or two processes on one SQLite file). */
  store: CtxStore;
  other: CtxStore;
}

for (const name of STORE_BACKENDS) {
  const skip = name === "postgres" ? postgresSkipReason() : undefined;
  void describe(`the ctx store on ${name}`, { skip }, () => {
    const opened = {} as Opened;
    before(async () => {
      opened.backend = await createStoreBackend(name);
      opened.store = await opened.backend.open();
      opened.other = await opened.backend.open();
    });
    after(async () => {
      await opened.store?.close();
      await opened.other?.close();
      await opened.backend?.drop();
    });
    rowTests(opened);
    sharingTests(opened);
    hardMemoryTests(opened);
    pastTheStoreTests(opened);
  });
}

function rowTests(opened: Opened): void {
  void it("CTX-11 a history append that fails half-way stores none of its messages", async () => {
    await opened.store.appendHistory("atomic", [{ role: "user", content: "kept" }]);
    // A value JSON cannot encode fails after the first message was encoded.
    const poisoned = { role: "assistant", content: "x", extra: 1n } as unknown as ChatMessage;
    await assert.rejects(opened.store.appendHistory("atomic", [{ role: "user", content: "lost" }, poisoned]), /BigInt/);
    assert.deepEqual(await opened.store.history("atomic"), [{ role: "user", content: "kept" }]);
  });

  void it("CTX-08 tools, skills and prompts of a ctxkey override the default rows by name; a later import keeps them", async () => {
    const agents = { systemTemplate: "SYS", personality: undefined, skills: [], tools: [TOOL] };
    await opened.store.importInstance({ defaults: {}, agents });
    assert.equal(await opened.store.prompt("k", "system"), "SYS");
    assert.equal(await opened.store.prompt("k", "personality"), undefined);
    assert.deepEqual(
      (await opened.store.tools("k")).map((t) => t.name),
      ["bash"],
    );
    await opened.store.importInstance({ defaults: { agent: { max_iterations: 2 } }, agents: undefined });
    assert.deepEqual(
      (await opened.store.tools("k")).map((t) => t.name),
      ["bash"],
      "no agents/ folder keeps the previous import",
    );
    assert.deepEqual(await opened.store.configLayers("k"), { inherited: [{ agent: { max_iterations: 2 } }], own: undefined });
  });

  void it("CTX-09 set layers: a ctxkey inherits default's overrides, and its own update sees its current row", async () => {
    await opened.store.updateOwnConfig("default", () => ({ history: { max_messages: 5 } }));
    await opened.store.updateOwnConfig("k2", (current) => ({ ...current, agent: { max_iterations: 3 } }));
    await opened.store.updateOwnConfig("k2", (current) => ({ ...current, llm: { model: "m" } }));
    const layers = await opened.store.configLayers("k2");
    assert.deepEqual(layers.own, { agent: { max_iterations: 3 }, llm: { model: "m" } });
    assert.deepEqual(layers.inherited.at(-1), { history: { max_messages: 5 } });
    await assert.rejects(
      opened.store.updateOwnConfig("k2", () => {
        throw new Error("refused");
      }),
      /refused/,
    );
    assert.deepEqual((await opened.store.configLayers("k2")).own, { agent: { max_iterations: 3 }, llm: { model: "m" } });
  });

  void it("CTX-28 appendTurn stores a turn id once per ctxkey and keeps its answer", async () => {
    const messages: ChatMessage[] = [
      { role: "user", content: "q" },
      { role: "assistant", content: "a" },
    ];
    assert.deepEqual(await opened.store.appendTurn("tk", messages, { id: "t", fullText: "a", iterations: 1 }), {
      count: 2,
      duplicate: false,
    });
    assert.deepEqual(await opened.other.appendTurn("tk", messages, { id: "t", fullText: "x", iterations: 9 }), {
      count: 0,
      duplicate: true,
    });
    assert.deepEqual(await opened.store.appendTurn("tk2", messages, { id: "t", fullText: undefined, iterations: undefined }), {
      count: 2,
      duplicate: false,
    });
    assert.deepEqual(await opened.store.history("tk"), messages);
    assert.deepEqual(await opened.other.storedTurn("tk", "t"), { id: "t", fullText: "a", iterations: 1 });
    const fingerprinted = { id: "t", fullText: "b", iterations: 2, messageSha256: "0f".repeat(32) };
    await opened.store.appendTurn("tk3", messages, fingerprinted);
    assert.deepEqual(await opened.other.storedTurn("tk3", "t"), fingerprinted, "the user message's SHA-256 is kept with the turn");
    assert.equal(await opened.store.storedTurn("tk", "nope"), undefined);
  });

  void it("CTX-45 a history read with maxChars stops past that many characters of stored text (HistoryTooLargeError)", async () => {
    const messages: ChatMessage[] = ["a", "b", "c", "d"].map((letter) => ({ role: "user", content: letter.repeat(1000) }));
    for (const message of messages) await opened.store.appendHistory("bounded", [message]);
    const stored = JSON.stringify(messages[0]).length;
    assert.deepEqual(await opened.store.history("bounded", undefined, 4 * stored), messages, "exactly the bound is read");
    assert.deepEqual(await opened.other.history("bounded", 2, 2 * stored), messages.slice(2), "a limit within the bound");
    await assert.rejects(opened.store.history("bounded", undefined, 4 * stored - 1), HistoryTooLargeError);
    await assert.rejects(opened.other.history("bounded", 3, 3 * stored - 1), HistoryTooLargeError);
    await assert.rejects(
      opened.store.history("bounded", 10, 100),
      (err: unknown) => err instanceof HistoryTooLargeError && err.maxChars === 100,
    );
    assert.deepEqual(await opened.store.history("bounded"), messages, "nothing lost; without a bound the whole history");
    assert.deepEqual(await opened.store.history("nothing-here", undefined, 10), []);
  });

  void it("CTX-50 a prompt's history read keeps the newest messages within maxChars and leaves out the one past it and older ones", async () => {
    const messages: ChatMessage[] = ["a", "b", "c", "d"].map((letter) => ({ role: "user", content: letter.repeat(1000) }));
    for (const message of messages) await opened.store.appendHistory("newest", [message]);
    const stored = JSON.stringify(messages[0]).length;
    for (const reader of [opened.store, opened.other]) {
      assert.deepEqual(await reader.newestHistory("newest", 10, 4 * stored), messages, "exactly the bound is read");
      assert.deepEqual(await reader.newestHistory("newest", 10, 3 * stored - 1), messages.slice(2), "cut, not refused");
      assert.deepEqual(await reader.newestHistory("newest", 1, 4 * stored), messages.slice(3), "the limit holds");
      assert.deepEqual(await reader.newestHistory("newest", 10, stored - 1), [], "a newest message past the bound alone");
      assert.deepEqual(await reader.newestHistory("newest", 0, 4 * stored), []);
    }
    // Read again after a window was kept in memory, and after an append followed it.
    assert.deepEqual(await opened.store.newestHistory("newest", 3, 4 * stored), messages.slice(1));
    await opened.store.appendHistory("newest", [{ role: "user", content: "e" }]);
    const withE = await opened.store.newestHistory("newest", 3, 2 * stored + 40);
    assert.deepEqual(withE, [messages[2], messages[3], { role: "user", content: "e" }]);
    assert.deepEqual(await opened.store.newestHistory("newest", 3, stored + 40), [messages[3], { role: "user", content: "e" }]);
  });
}

function sharingTests(opened: Opened): void {
  void it("CTX-06 a conversation continued through the opened.other opened.store sees its whole history, windows included", async () => {
    await opened.store.appendHistory("conv", [{ role: "user", content: "one" }]);
    assert.deepEqual(await opened.store.history("conv", 10), [{ role: "user", content: "one" }]);
    await opened.other.appendHistory("conv", [{ role: "assistant", content: "two" }]);
    await opened.store.appendHistory("conv", [{ role: "user", content: "three" }]);
    assert.deepEqual(
      (await opened.store.history("conv", 10)).map((m) => m.content),
      ["one", "two", "three"],
    );
    assert.deepEqual(
      (await opened.other.history("conv", 2)).map((m) => m.content),
      ["two", "three"],
    );
    assert.equal(await opened.other.clearHistory("conv"), 3);
    assert.deepEqual(await opened.store.history("conv", 10), []);
  });

  void it("CTX-06 memories and values written through one opened.store are read through the other", async () => {
    assert.equal(await opened.store.softMemory("mem"), undefined);
    await opened.other.setSoftMemory("mem", "note");
    await eventually(async () => assert.equal(await opened.store.softMemory("mem"), "note"));
    await opened.store.setSoftMemory("default", "fallback");
    await eventually(async () => assert.equal(await opened.other.softMemory("nobody"), "fallback"));
    const stored = await opened.other.storeHardMemory("mem", [{ role: "user", content: "remember the blue door" }], "door", {
      maxPerCtxkey: 10,
    });
    assert.ok(stored.stored);
    const { id } = stored;
    await eventually(async () =>
      assert.deepEqual(
        (await opened.store.searchHardMemories(["mem"], "the blue door", { topK: 10 })).map(({ memory }) => [memory.id, memory.tag]),
        [[id, "door"]],
      ),
    );
    await opened.store.setValue("guide", "session", { id: "s-1", key: "zk-secret" }, { maxValues: 10, maxChars: 1000 });
    assert.deepEqual(await opened.other.value("guide", "session"), { id: "s-1", key: "zk-secret" });
    assert.equal(await opened.other.value("guide", "none"), undefined);
  });

  void it("CTX-06 a configuration change made through one opened.store reaches the other's cached reads", async () => {
    assert.equal((await opened.other.configLayers("cfg")).own, undefined);
    await opened.store.updateOwnConfig("cfg", () => ({ agent: { max_iterations: 4 } }));
    await eventually(async () => assert.deepEqual((await opened.other.configLayers("cfg")).own, { agent: { max_iterations: 4 } }));
    const before = opened.other.revision?.();
    await opened.store.importInstance({ defaults: {}, agents: { systemTemplate: "NEW", personality: "P", skills: [], tools: [] } });
    await eventually(async () => assert.equal(await opened.other.prompt("cfg", "system"), "NEW"));
    await eventually(async () => assert.notEqual(opened.other.revision?.(), before, "the revision moves: derived values are recomputed"));
  });

  void it("CTX-30 appends of one ctxkey racing through both stores keep each append together and in order", async () => {
    const appends = Array.from({ length: 40 }, (_, i) => {
      const target = i % 2 === 0 ? opened.store : opened.other;
      const messages = [0, 1, 2].map((part): ChatMessage => ({ role: "user", content: `a${i}.${part}` }));
      return target.appendHistory("race", messages);
    });
    await Promise.all(appends);
    const contents = (await opened.store.history("race")).map((m) => m.content as string);
    assert.equal(contents.length, 120);
    for (let at = 0; at < contents.length; at += 3) {
      const append = contents[at]!.split(".")[0]!;
      assert.deepEqual(contents.slice(at, at + 3), [`${append}.0`, `${append}.1`, `${append}.2`]);
    }
    assert.deepEqual(
      (await opened.other.history("race", 120)).map((m) => m.content as string),
      contents,
    );
  });

  void it("CTX-18 reports itself healthy and closes idempotently", async () => {
    assert.deepEqual(await opened.store.health(), { ok: true });
    assert.equal(opened.store.kind, opened.backend.name);
    const extra = await opened.backend.open();
    await extra.close();
    await extra.close();
  });
}

/** A deterministic word soup: common and rare words, accents, CJK, words past the index's 64 characters. */
function wordSoup(seed: number): () => string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const vocabulary = [
    ...Array.from({ length: 60 }, (_, i) => `w${i}`),
    "Café",
    "café",
    "日本語",
    "Ünïcödé",
    "x".repeat(65),
    "y".repeat(300),
    `${"z".repeat(70)}1`,
  ];
  return () =>
    Array.from({ length: 1 + Math.floor(next() * 12) }, () => vocabulary[Math.floor(vocabulary.length * next() ** 2)]).join(
      next() < 0.5 ? " " : ", ",
    );
}

function hardMemoryTests(opened: Opened): void {
  void it("CTX-16 search through the word index finds what scoring every stored memory finds, in the same order", async () => {
    const soup = wordSoup(7);
    const stored: HardMemory[] = [];
    for (let i = 0; i < 120; i++) {
      const ctxkey = i % 5 === 0 ? "default" : i % 2 === 0 ? "hx" : "hy";
      const messages: ChatMessage[] = [
        { role: "user", content: soup() },
        { role: "assistant", content: i % 7 === 0 ? [{ type: "text", text: soup() }] : soup() },
      ];
      const tag = i % 4 === 0 ? soup() : undefined;
      const result = await (i % 3 === 0 ? opened.other : opened.store).storeHardMemory(ctxkey, messages, tag, { maxPerCtxkey: 1000 });
      assert.ok(result.stored);
      // The reference search scores tags and messages only: the time a memory was stored plays no part.
      stored.push({ id: result.id, ctxkey, tag: tag ?? null, messages, createdAt: "" });
    }
    // Past 1,000 distinct query words, memories sharing one or two of them round to the same score: newest first.
    const wide = [...Array.from({ length: 1500 }, (_, i) => `q${i}`), "w0", "w1"].join(" ");
    const queries = [soup(), soup(), soup(), "w0", "CAFÉ w1", "日本語", "x".repeat(65), "y".repeat(300), "nothing here", "", wide];
    for (const ctxkey of ["hx", "hy", "default"]) {
      const keys = ctxkey === "default" ? ["default"] : [ctxkey, "default"];
      const all = stored.filter((m) => keys.includes(m.ctxkey)).sort((a, b) => b.id - a.id);
      for (const query of queries) {
        for (const options of [{ topK: 1 }, { topK: 5 }, { topK: 100 }, { topK: 3, minScore: 0.5 }]) {
          const expected = searchHardMemories(all, query, options).map(({ memory, score }) => [memory.id, score]);
          await eventually(async () => {
            const found = await opened.other.searchHardMemories(keys, query, options);
            assert.deepEqual(
              found.map(({ memory, score }) => [memory.id, score]),
              expected,
              `${ctxkey} ${query.slice(0, 40)} ${JSON.stringify(options)}`,
            );
          });
        }
      }
    }
  });

  void it("CTX-51 the bounds on a ctxkey's values hold when both stores write at once; a rewrite frees its old size, null removes", async () => {
    const limits = { maxValues: 4, maxChars: 100 };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? opened.store : opened.other).setValue("vals", `k${i}`, "v", limits)),
    );
    assert.equal(results.filter((r) => r.stored).length, 4);
    for (const refused of results.filter((r) => !r.stored))
      assert.deepEqual(refused, { stored: false, limit: "max_values", count: 4, chars: 20 });
    const held = results.flatMap((r, i) => (r.stored ? [`k${i}`] : []));
    // 4 values of 5 characters each ("k0" and '"v"'); a rewrite of one counts its new size only.
    assert.deepEqual(await opened.store.setValue("vals", held[0]!, "x".repeat(81), limits), { stored: true });
    assert.deepEqual(await opened.other.setValue("vals", held[1]!, "x".repeat(2), limits), {
      stored: false,
      limit: "max_values_chars",
      count: 4,
      chars: 100,
    });
    assert.equal(await opened.other.value("vals", held[1]!), "v", "a refused write leaves the value it would replace");
    assert.deepEqual(await opened.other.setValue("vals", held[0]!, null, limits), { stored: true });
    assert.equal(await opened.store.value("vals", held[0]!), undefined);
    assert.deepEqual(await opened.store.setValue("vals", "new", "v", limits), { stored: true }, "a removed value makes room");
    assert.deepEqual(await opened.store.setValue("other-ctxkey", "k", "v", { maxValues: 1, maxChars: 100 }), { stored: true });
  });

  void it("CTX-42 the bound on hard memories per ctxkey holds when both stores store at once; deleted memories are not found", async () => {
    const note = (text: string): ChatMessage[] => [{ role: "user", content: `bounded ${text}` }];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? opened.store : opened.other).storeHardMemory("bound", note(`n${i}`), undefined, { maxPerCtxkey: 5 }),
      ),
    );
    const stored = results.filter((r) => r.stored);
    assert.equal(stored.length, 5);
    for (const refused of results.filter((r) => !r.stored)) assert.deepEqual(refused, { stored: false, count: 5 });
    const ids = stored.map((r) => (r.stored ? r.id : 0));
    assert.deepEqual(
      (await opened.store.searchHardMemories(["bound"], "bounded", { topK: 10 })).map((m) => m.memory.id).sort(),
      [...ids].sort(),
    );
    assert.equal(await opened.other.deleteHardMemories("elsewhere", ids), 0, "another ctxkey's ids are left alone");
    assert.equal(await opened.other.deleteHardMemories("bound", ids.slice(0, 2)), 2);
    await eventually(async () =>
      assert.deepEqual(
        (await opened.store.searchHardMemories(["bound"], "bounded", { topK: 10 })).map((m) => m.memory.id).sort(),
        ids.slice(2).sort(),
      ),
    );
    assert.equal(await opened.store.deleteHardMemories("bound", "all"), 3);
    await eventually(async () => assert.deepEqual(await opened.other.searchHardMemories(["bound"], "bounded", { topK: 10 }), []));
  });
}

/** Per backend: its latest schema version, and the names the tests below change rows by, past the store. */
const RAW: Record<BackendName, { latestSchema: number; beforeWordIndex: string; turnsTable: string }> = {
  sqlite: {
    latestSchema: SQLITE_MIGRATIONS.length,
    beforeWordIndex:
      'DROP TABLE hard_memory_words; ALTER TABLE turns DROP COLUMN message_sha256; ALTER TABLE "values" DROP COLUMN chars; UPDATE schema_version SET version = 2',
    turnsTable: "turns",
  },
  postgres: {
    latestSchema: PG_MIGRATIONS.length,
    beforeWordIndex:
      "DROP TABLE zino_ctx_hard_memory_words; ALTER TABLE zino_ctx_turns DROP COLUMN message_sha256; ALTER TABLE zino_ctx_values DROP COLUMN chars; UPDATE zino_ctx_schema SET version = 1",
    turnsTable: "zino_ctx_turns",
  },
};

/** What a store finds at open: rows an older ctx left, or rows grown old. */
function pastTheStoreTests(opened: Opened): void {
  void it("CTX-16 the migrations to the word index and to turn fingerprints keep what was stored before them", async () => {
    const raw = RAW[opened.backend.name];
    // A database of its own: the suite's stores stay open on theirs, and this one is taken back to an older schema.
    const backend = await createStoreBackend(opened.backend.name);
    try {
      const store = await backend.open();
      const stored = await store.storeHardMemory("k", [{ role: "user", content: "the blue door is locked" }], "house", { maxPerCtxkey: 9 });
      await store.appendTurn("k", [{ role: "user", content: "q" }], { id: "old", fullText: "a", iterations: 1 });
      await store.close();
      await backend.exec(raw.beforeWordIndex);
      const reopened = await backend.open();
      try {
        assert.equal(reopened.schemaVersion, raw.latestSchema);
        const found = await reopened.searchHardMemories(["k"], "which door? the house", { topK: 5 });
        assert.deepEqual(
          found.map(({ memory, score }) => [memory.id, score]),
          [[stored.stored ? stored.id : -1, 0.75]],
        );
        assert.deepEqual(
          await reopened.storedTurn("k", "old"),
          { id: "old", fullText: "a", iterations: 1 },
          "a turn from before: no fingerprint",
        );
        const turn = { id: "new", fullText: "b", iterations: 2, messageSha256: "ab".repeat(32) };
        await reopened.appendTurn("k", [{ role: "user", content: "q2" }], turn);
        assert.deepEqual(await reopened.storedTurn("k", "new"), turn);
      } finally {
        await reopened.close();
      }
    } finally {
      await backend.drop();
    }
  });

  void it("CTX-28 an open prunes the turn records past 30 days only", async () => {
    const messages: ChatMessage[] = [{ role: "user", content: "q" }];
    const turn = { id: "t", fullText: "a", iterations: 1 };
    await opened.store.appendTurn("pruned-old", messages, turn);
    await opened.store.appendTurn("pruned-new", messages, turn);
    const { turnsTable } = RAW[opened.backend.name];
    await opened.backend.exec(`UPDATE ${turnsTable} SET created_at = '2000-01-01T00:00:00.000Z' WHERE ctxkey = 'pruned-old'`);
    const reopened = await opened.backend.open();
    try {
      assert.equal(await reopened.storedTurn("pruned-old", "t"), undefined);
      assert.deepEqual(await reopened.storedTurn("pruned-new", "t"), turn);
    } finally {
      await reopened.close();
    }
  });
}
