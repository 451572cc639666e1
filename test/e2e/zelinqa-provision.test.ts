// exc's MCP `provision` hook with the Zelinqa provisioner, outside the guide: a ctxkey configured with zelinqa-mcp
// but no session gets one created host-side when its server first starts (stored in ctx, never shown to the
// model), and after exc is killed the next turn continues that same session.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { requestOne } from "../../src/wire/index.js";
import { ZelinqaClient } from "../../src/zelinqa/sdk/index.js";
import { provisionerProgram, zelinqaProgram } from "../../src/guide/zelinqa-entries.js";
import { startFakeProvider, type FakeProvider } from "../../harness/fake-provider.js";
import { fakeInterviewer } from "../support/fake-interviewer.js";
import { runZelinqa, startServe, type ServeProcess } from "../support/zelinqa-processes.js";
import { guideInstance } from "../support/zino-guide.js";
import {
  runZinoCli,
  spawnZinoService,
  startZinoServices,
  stopZinoServices,
  waitForPing,
  type TempInstance,
  type ZinoProcess,
} from "../../harness/zino-processes.js";

let provider: FakeProvider;
let instance: TempInstance;
let services: ZinoProcess[] = [];
let api: ServeProcess | undefined;
let apiKey: string;

const ctx = (frame: Record<string, unknown>) => requestOne(instance.sockets.ctx, { message: null, ...frame }, { idleTimeoutMs: 5000 });

before(async () => {
  provider = await startFakeProvider({ defaultReply: fakeInterviewer });
  instance = guideInstance(provider.url);
  const sqlite = join(instance.dir, "z.sqlite");
  const key = await runZelinqa(["keys", "create", "--sqlite-path", sqlite, "--scopes", "runtime"]);
  apiKey = (JSON.parse(key.stdout) as { api_key: string }).api_key;
  const imported = await runZelinqa(["config", "import", "--sqlite-path", sqlite, "examples/zelinqa/furniture.json", "--publish"]);
  assert.equal(imported.code, 0, imported.stderr);
  api = await startServe(["--sqlite-path", sqlite]);
  services = await startZinoServices(instance, ["ctx", "rtr", "exc", "daemon"]);
  const mcp = zelinqaProgram("mcp");
  const baseUrl = api.baseUrl;
  await ctx({
    type: "set_config",
    ctxkey: "frank",
    config: {
      mcp_servers: {
        zelinqa: {
          command: mcp.command,
          args: mcp.args,
          env: { ZELINQA_BASE_URL: baseUrl, ZELINQA_CONVERSATION: "frank" },
          env_from_ctx: { ZELINQA_API_KEY: "zelinqa_api_key", ZELINQA_SESSION_ID: "zelinqa_session_id" },
          provision: provisionerProgram(),
        },
      },
    },
  });
  await ctx({ type: "set_value", ctxkey: "frank", key: "zelinqa_api_key", value: apiKey });
  await ctx({ type: "set_soft", ctxkey: "frank", content: "Conversation name: frank" });
});

after(async () => {
  await stopZinoServices(services);
  await api?.stop();
  await provider.close();
  instance.cleanup();
});

void it("GUIDE-PROVISION-1 the provision hook creates the session host-side and stores it in ctx; after exc is killed the next turn continues it", async () => {
  const first = await runZinoCli(["ask", "--ctx", "frank", "Start the guided conversation now: ask me the first question."], { instance });
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /QUESTION: Quel meuble cherchez-vous \?/);
  const stored = await ctx({ type: "get_value", ctxkey: "frank", key: "zelinqa_session_id" });
  assert.equal(typeof stored.value, "string");
  const sessionId = stored.value as string;
  const client = new ZelinqaClient({ apiKey, baseUrl: api?.baseUrl ?? "" });
  const state = await client.getSession(sessionId);
  assert.equal(state.client_reference, "frank");
  assert.equal(state.pending_decision?.candidates[0]?.question_id, "fur_q_piece");

  const exc = services.find((s) => s.name === "exc");
  await exc?.kill("SIGKILL");
  const restarted = spawnZinoService("exc", instance);
  services = [...services.filter((s) => s !== exc), restarted];
  await waitForPing(instance.sockets.exc, 120_000, restarted);

  const second = await runZinoCli(["ask", "--ctx", "frank", "Un canapé"], { instance });
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stdout, /QUESTION: /);
  const after = await client.getSession(sessionId);
  assert.equal(after.turn_count, 1);
  assert.equal(after.targets.fur_piece?.value, "canape");
  assert.equal((await ctx({ type: "get_value", ctxkey: "frank", key: "zelinqa_session_id" })).value, sessionId);
  for (const request of provider.chatRequests()) {
    assert.ok(!request.rawBody.includes(sessionId));
    assert.ok(!request.rawBody.includes(apiKey));
  }
});
