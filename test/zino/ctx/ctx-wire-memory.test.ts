// Issue 11 "ZINO services and files": 30 connections each holding a partial 16 MiB frame added about 450 MB to
// zino-ctx and to the daemon. Now the bytes of unfinished frames are capped per service (64 MiB by default), the
// connections past the cap are answered `overloaded`, and the processes grow by the cap plus garbage not yet
// collected (about +100 MiB measured, against +451 MiB before).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { floodPartialFrames } from "../../support/partial-frame-flood.js";
import {
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../../../harness/zino-processes.js";

const MiB = 1024 * 1024;

void describe("partial frames held open against real processes", () => {
  let provider: FakeProvider;
  let instance: TempInstance;
  let services: ZinoProcess[] = [];

  before(async () => {
    provider = await startFakeProvider();
    instance = writeTempInstance({ providerUrl: provider.url });
    services = await startZinoServices(instance, ["ctx", "daemon"]);
  });
  after(async () => {
    await stopZinoServices(services);
    await provider.close();
    instance.cleanup();
  });

  for (const name of ["ctx", "daemon"] as const) {
    void it(
      `CTX-27 DMN-34 zino-${name} grows by far less than 30 partial 16 MiB frames (cap: 64 MiB) and answers after`,
      { timeout: 60_000 },
      async () => {
        const proc = services.find((p) => p.name === name)!;
        const result = await floodPartialFrames({
          socketPath: instance.sockets[name],
          pid: proc.child.pid!,
          connections: 30,
          declaredBytes: 16 * MiB - 1,
          bodyBytes: 15 * MiB,
          holdMs: 1000,
        });
        const growthMiB = (result.peakBytes - result.baselineBytes) / MiB;
        process.stderr.write(
          `# zino-${name}: rss ${(result.baselineBytes / MiB).toFixed(0)} MiB -> peak ${(result.peakBytes / MiB).toFixed(0)} MiB ` +
            `(+${growthMiB.toFixed(0)}) -> after ${(result.afterBytes / MiB).toFixed(0)} MiB; ${result.refused} connections answered overloaded\n`,
        );
        assert.ok(growthMiB < 200, `grew by ${growthMiB.toFixed(0)} MiB`);
        assert.ok(result.refused >= 20, `${result.refused} refused`);
        assert.equal(proc.child.exitCode, null);
        const { requestOne } = await import("../../../src/wire/index.js");
        assert.deepEqual(await requestOne(instance.sockets[name], { type: "ping" }), { type: "pong" });
      },
    );
  }
});
