// The `zino` command line without services: usage errors exit 2, unreachable services exit 1, help exits 0.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { runInProcess, scratchDir, type ScratchDir } from "./cli-harness.js";

void describe("zino command line", () => {
  let scratch: ScratchDir;
  before(() => {
    scratch = scratchDir();
  });
  after(() => scratch.cleanup());
  const run = (argv: string[]) => runInProcess(argv, { cwd: scratch.dir });

  void it("[Z7-USAGE] prints help on stdout and exits 0 with --help", async () => {
    const result = await run(["--help"]);
    assert.equal(result.code, 0);
    for (const command of ["up", "down", "status", "chat", "ask", "ctx"]) assert.match(result.stdout, new RegExp(`\\b${command}\\b`));
  });

  void it("[Z7-USAGE] prints help on stdout and exits 0 with zino help and zino help <command>", async () => {
    const all = await run(["help"]);
    assert.equal(all.code, 0, all.stderr);
    assert.match(all.stdout, /\bstatus\b/);
    const up = await run(["help", "up"]);
    assert.equal(up.code, 0, up.stderr);
    assert.match(up.stdout, /--detach/);
    assert.match(up.stdout, /Exit codes \(the same in the foreground and with --detach\):\n {2}0 .*\n {2}1 .*\n {2}2 /);
  });

  void it("[Z7-USAGE] exits 2 from a command group without its subcommand (help on stderr)", async () => {
    const result = await run(["ctx"]);
    assert.equal(result.code, 2);
    assert.equal(result.stdout, "");
    assert.match(result.stderr, /\bshow\b/);
  });

  void it("[Z7-USAGE] exits 2 without a command", async () => {
    assert.equal((await run([])).code, 2);
  });

  void it("[Z7-USAGE] exits 2 on an unknown command or option", async () => {
    assert.equal((await run(["fly"])).code, 2);
    assert.equal((await run(["status", "--colour"])).code, 2);
  });

  void it("[Z7-USAGE] exits 2 when ask has no text", async () => {
    const result = await run(["ask"]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /missing required argument/);
    assert.equal(result.stdout, "");
  });

  void it("[Z7-USAGE] exits 2 when ask is given only blank text", async () => {
    const result = await run(["ask", "  "]);
    assert.equal(result.code, 2);
  });

  void it("[Z7-USAGE] exits 2 on a malformed ctx set assignment", async () => {
    const result = await run(["ctx", "set", "work", "llm.model"]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /path\.to\.field=value/);
  });

  void it("[Z7-USAGE] exits 2 on a non-numeric --limit", async () => {
    assert.equal((await run(["ctx", "history", "work", "--limit", "ten"])).code, 2);
  });

  void it("[Z7-USAGE] exits 2 on a --limit past the largest safe integer, and on a --timeout past a day, before any request", async () => {
    const limit = await run(["ctx", "history", "work", "--limit", "99999999999999999999"]);
    assert.equal(limit.code, 2, limit.stderr);
    assert.match(limit.stderr, /--limit <n>.* expected a positive integer up to 9007199254740991/);
    const timeout = await run(["up", "--timeout", "3000000000"]);
    assert.equal(timeout.code, 2, timeout.stderr);
    assert.match(timeout.stderr, /--timeout <ms>.* expected a number of ms from 1 to 86400000 \(a day\)/);
    assert.doesNotMatch(timeout.stderr, /ready on/);
  });

  void it("[Z7-USAGE] exits 2 on an empty or too long ctxkey, as an option or an argument, before asking a service", async () => {
    for (const argv of [
      ["ask", "--ctx", "", "hi"],
      ["ctx", "show", ""],
      ["ctx", "history", "k".repeat(257)],
      ["exec", "--ctx", "", "true"],
    ]) {
      const result = await run(argv);
      assert.equal(result.code, 2, `${argv.join(" ")}: ${result.stderr}`);
      assert.match(result.stderr, /a ctxkey is 1 to 256 characters/);
      assert.doesNotMatch(result.stderr, /does not answer|Bad request envelope/);
    }
  });

  void it("[Z7-USAGE] exits 2 when the --config file does not exist, before or after the command", async () => {
    assert.equal((await run(["--config", "/nonexistent/ZINO.toml", "status"])).code, 2);
    const after = await run(["status", "--config", "/nonexistent/ZINO.toml"]);
    assert.equal(after.code, 2);
    assert.match(after.stderr, /does not exist/);
  });

  void it("[Z7-CRM-EXIT] exits 1 from ctx crm when no ctx answers, with the bridge's own message", async () => {
    // The bridge (src/guide) is imported by the command itself; its GuideError still becomes a plain CLI error.
    const result = await run(["ctx", "crm", "work"]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /zino-ctx does not answer on /);
    assert.doesNotMatch(result.stderr, /unexpected failure/);
  });

  void it("[Z7-ASK-EXIT] exits 1 from ask when no daemon answers, saying how to start it", async () => {
    const result = await run(["ask", "hello"]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /zino up/);
  });

  void it("[Z7-CTX] exits 1 from ctx commands when ctx does not answer", async () => {
    const result = await run(["ctx", "show"]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /zino-ctx does not answer/);
  });

  void it("[Z7-CHAT] exits 1 from chat at once when no daemon answers", async () => {
    const result = await run(["chat"]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /zino up/);
  });

  void it("[Z7-STATUS] reports every service down and exits 1 from status when nothing runs", async () => {
    const result = await run(["status", "--json"]);
    assert.equal(result.code, 1);
    const report = JSON.parse(result.stdout) as { ok: boolean; services: { service: string; state: string; required: boolean }[] };
    assert.equal(report.ok, false);
    assert.deepEqual(
      report.services.map((s) => s.service),
      ["ctx", "rtr", "exc", "daemon"],
    );
    for (const s of report.services) assert.notEqual(s.state, "up");
    assert.equal(report.services.find((s) => s.service === "exc")?.required, false);
  });

  void it("[Z7-DOWN] reports nothing to stop from down when nothing runs, and exits 0", async () => {
    const result = await run(["down"]);
    assert.equal(result.code, 0);
    assert.equal(result.stderr, "zino: nothing to stop (no service of this instance runs)\n");
  });
});
