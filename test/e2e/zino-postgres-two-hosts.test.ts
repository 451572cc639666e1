// Issue 14, past one machine: two whole ZINO instances (ctx, rtr, daemon each, real processes) on one PostgreSQL
// database. A conversation started through one instance's daemon and continued through the other's is sent to the
// model with all of its history, and both instances store the turns of one ctxkey in the order they ended.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { requestAll, requestOne } from "../../src/wire/index.js";
import { startFakeProvider, type FakeProvider } from "../../harness/fake-provider.js";
import {
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../../harness/zino-processes.js";
import { createPostgresDatabase, postgresSkipReason } from "../support/zelinqa-databases.js";

const URL_ENV = "ZINO_E2E_CTX_DATABASE_URL";

async function turn(instance: TempInstance, ctxkey: string, message: string): Promise<Record<string, unknown>> {
  const frames = await requestAll(instance.sockets.daemon, { message, ctxkey }, { idleTimeoutMs: 20_000 });
  const done = frames.at(-1);
  assert.equal(done?.type, "done", JSON.stringify(frames.at(-1)));
  return done;
}

void describe("two ZINO instances on one PostgreSQL database (real processes)", { skip: postgresSkipReason() }, () => {
  let provider: FakeProvider;
  let database: { url: string; drop: () => Promise<void> };
  let shared: string;
  const instances: TempInstance[] = [];
  let services: ZinoProcess[] = [];

  before(async () => {
    provider = await startFakeProvider();
    database = await createPostgresDatabase();
    shared = mkdtempSync(join(tmpdir(), "ze-pg-"));
    const extraToml = `[store]\nurl_env = "${URL_ENV}"\npool_size = 3\nkey_file = "${join(shared, "ctx-store.key")}"\n`;
    for (let i = 0; i < 2; i += 1) instances.push(writeTempInstance({ providerUrl: provider.url, extraToml }));
    for (const instance of instances) {
      services = [...services, ...(await startZinoServices(instance, ["ctx", "rtr", "daemon"], { env: { [URL_ENV]: database.url } }))];
    }
  });
  after(async () => {
    await stopZinoServices(services);
    await provider?.close();
    await database?.drop();
    for (const instance of instances) instance.cleanup();
    if (shared) rmSync(shared, { recursive: true, force: true });
  });

  void it(
    "[Z14-PG-HOSTS] a conversation continued on the other instance is answered with its whole history",
    { timeout: 120_000 },
    async () => {
      const [a, b] = instances as [TempInstance, TempInstance];
      await turn(a, "traveller", "my name is Ada");
      await turn(b, "traveller", "what is my name?");
      await turn(a, "traveller", "and where am I?");
      const last = provider.chatRequests().at(-1)?.body as { messages: { role: string; content: string }[] };
      assert.deepEqual(
        last.messages.filter((m) => m.role !== "system").map((m) => m.content),
        ["my name is Ada", "echo: my name is Ada", "what is my name?", "echo: what is my name?", "and where am I?"],
      );
      const history = await requestOne(b.sockets.ctx, { type: "get_history", ctxkey: "traveller" }, { idleTimeoutMs: 5000 });
      assert.equal((history.messages as unknown[]).length, 6);
    },
  );

  void it(
    "[Z14-PG-HOSTS] turns of one ctxkey sent through both instances at once are each stored whole",
    { timeout: 120_000 },
    async () => {
      const sends = Array.from({ length: 12 }, (_, i) => turn(instances[i % 2]!, "busy", `message ${i}`));
      await Promise.all(sends);
      const history = await requestOne(instances[0]!.sockets.ctx, { type: "get_history", ctxkey: "busy" }, { idleTimeoutMs: 5000 });
      const contents = (history.messages as { content: string }[]).map((m) => m.content);
      assert.equal(contents.length, 24);
      for (let at = 0; at < contents.length; at += 2)
        assert.equal(contents[at + 1], `echo: ${contents[at]}`, `turn at ${at} kept together`);
    },
  );
});
