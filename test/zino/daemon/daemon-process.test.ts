// The zino-daemon process (src/zino/daemon/main.ts) with real ctx and rtr processes: a turn over the socket,
// then a clean stop on SIGTERM.
import assert from "node:assert/strict";
import { it } from "node:test";
import { requestAll } from "../../../src/wire/index.js";
import { startFakeProvider } from "../../../harness/fake-provider.js";
import { startZinoServices, stopZinoServices, writeTempInstance } from "../../../harness/zino-processes.js";
import { text, typesWithChunkRuns } from "./daemon-harness.js";

void it("DMN-24 zino-daemon --config answers a turn from real ctx and rtr processes and exits 0 on SIGTERM", async () => {
  const provider = await startFakeProvider();
  const instance = writeTempInstance({ providerUrl: provider.url });
  try {
    const processes = await startZinoServices(instance, ["ctx", "rtr", "daemon"]);
    try {
      provider.enqueue({ text: "from the processes" });
      const frames = await requestAll(instance.sockets.daemon, { message: "hello", channel_id: "proc" });
      assert.deepEqual(typesWithChunkRuns(frames), ["chunk+", "done"]);
      assert.equal(text(frames), "from the processes");
      assert.equal(frames.at(-1)?.full_text, "from the processes");
    } finally {
      await stopZinoServices(processes);
    }
    const daemon = processes.find((p) => p.name === "daemon")!;
    assert.deepEqual(await daemon.exited, { code: 0, signal: null }, daemon.stderr());
  } finally {
    await provider.close();
    instance.cleanup();
  }
});
