// ZINO.toml edited while the services run (a newcomer points [llm] at their endpoint after `npm start`): the services
// keep what they read at start, so every command but `down` warns once, naming them and the restart to run.
import assert from "node:assert/strict";
import { utimesSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { runZinoCli, writeTempInstance, type TempInstance } from "../../../harness/zino-processes.js";

void describe("ZINO.toml newer than the running services", () => {
  let instance: TempInstance;
  before(async () => {
    instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1" });
    const up = await runZinoCli(["up", "--detach"], { instance, timeoutMs: 60_000 });
    assert.equal(up.code, 0, up.stderr);
  });
  after(async () => {
    await runZinoCli(["down"], { instance, timeoutMs: 30_000 });
    instance.cleanup();
  });

  void it("[Z7-STALE-CONFIG] no warning while the file is older than the services", async () => {
    const r = await runZinoCli(["ctx", "show", "default"], { instance });
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /changed at/);
  });

  void it("[Z7-STALE-CONFIG] after an edit: a warning naming the file, the services and the restart; the command still runs", async () => {
    const later = new Date(Date.now() + 2000);
    utimesSync(instance.configPath, later, later);
    for (const args of [["status"], ["ctx", "show", "default"], ["up", "--detach"]]) {
      const r = await runZinoCli(args, { instance });
      assert.equal(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
      const warnings = r.stderr.match(/zino: warning: .*changed at .*/g) ?? [];
      assert.equal(warnings.length, 1, `${args.join(" ")}: once\n${r.stderr}`);
      assert.ok(warnings[0]?.includes(instance.configPath), warnings[0]);
      assert.match(warnings[0] ?? "", /after daemon, ctx, rtr, exc started: they still use the settings they read then/);
      // Named as the user runs zino: `npm run zino -- …` under npm (as `npm test` runs this), `zino …` otherwise.
      assert.match(warnings[0] ?? "", /Restart them to apply it: `(npm run zino --|zino) down`, then `(npm run zino --|zino) up --detach`/);
      // The README's quick start starts them with `npm start`: the warning names it too.
      assert.match(warnings[0] ?? "", /`(npm run zino --|zino) guide`, which `npm start` runs/);
    }
  });

  void it("[Z7-STALE-CONFIG] not from `zino down`, and not once they are stopped", async () => {
    const down = await runZinoCli(["down"], { instance, timeoutMs: 30_000 });
    assert.equal(down.code, 0, down.stderr);
    assert.doesNotMatch(down.stderr, /changed at/);
    const status = await runZinoCli(["status"], { instance });
    assert.doesNotMatch(status.stderr, /changed at/);
  });
});
