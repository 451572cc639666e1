// Issue 11: every service process sets umask 077 itself (src/zino/runtime/run-service.ts). zino-exc still gives the
// sandbox user what it must read (the script and its folder), so sandboxed tools run as before.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { requestOne } from "../../../src/wire/index.js";
import {
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../../../harness/zino-processes.js";

let instance: TempInstance;
let services: ZinoProcess[];

before(async () => {
  instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1" });
  services = await startZinoServices(instance, ["ctx", "exc"]);
});

after(async () => {
  await stopZinoServices(services);
  instance.cleanup();
});

void it(
  "EXC-UMASK a zino-exc process with umask 077 runs a sandboxed bash tool, which sees umask 0077 itself",
  { timeout: 60_000 },
  async () => {
    const capabilities = await requestOne(instance.sockets.exc, { type: "capabilities" }, { idleTimeoutMs: 10_000 });
    const result = await requestOne(
      instance.sockets.exc,
      { message: { name: "execute_bash", arguments: { code: "echo hi; umask" } }, ctxkey: "u" },
      { idleTimeoutMs: 30_000 },
    );
    assert.equal(result.type, "result", JSON.stringify(result));
    assert.equal(result.exit_code, 0, `${JSON.stringify(result)}\n${JSON.stringify(capabilities)}`);
    assert.equal(result.stdout, "hi\n0077\n");
    assert.equal(result.isolation, "bwrap", JSON.stringify(result));
  },
);
