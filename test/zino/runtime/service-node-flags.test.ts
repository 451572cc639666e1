import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import { SERVICE_NODE_FLAGS, SERVICE_RUNTIME_V8_FLAGS, applyServiceRuntimeFlags } from "../../../src/zino/runtime/service-node-flags.js";

void describe("service runtime V8 flags", () => {
  void it("applies each runtime flag the command line does not set", () => {
    const set: string[] = [];
    assert.deepEqual(
      applyServiceRuntimeFlags(["--max-semi-space-size=2"], (flag) => set.push(flag)),
      [...SERVICE_RUNTIME_V8_FLAGS],
    );
    assert.deepEqual(set, [...SERVICE_RUNTIME_V8_FLAGS]);
  });

  void it("leaves a flag the operator set on the command line alone, in either spelling", () => {
    for (const flag of SERVICE_RUNTIME_V8_FLAGS) {
      const name = flag.split("=")[0]!;
      for (const given of [`${name}=7`, `--${name.slice(2).replaceAll("-", "_")}=7`]) {
        const set: string[] = [];
        applyServiceRuntimeFlags([given], (f) => set.push(f));
        assert.ok(!set.includes(flag), `${given} overrides ${flag}`);
      }
    }
  });

  void it("lists only flags NODE_OPTIONS cannot carry as runtime flags, and launch flags NODE_OPTIONS accepts", () => {
    // The launch flags go to the systemd units as NODE_OPTIONS; a runtime flag exists because NODE_OPTIONS refuses it.
    const run = (options: string) =>
      spawnSync(process.execPath, ["-e", "0"], { env: { ...process.env, NODE_OPTIONS: options }, encoding: "utf8" }).status;
    assert.equal(run(SERVICE_NODE_FLAGS.join(" ")), 0);
    for (const flag of SERVICE_RUNTIME_V8_FLAGS) assert.notEqual(run(flag), 0, flag);
  });

  void it("takes effect in a running process (V8 accepts the flag after start)", () => {
    const script = `require("node:v8").setFlagsFromString(${JSON.stringify(SERVICE_RUNTIME_V8_FLAGS.join(" "))}); console.log("ok")`;
    const result = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout.trim(), "ok");
    assert.equal(result.stderr, "");
  });
});
