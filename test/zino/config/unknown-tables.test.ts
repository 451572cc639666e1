// A misspelt top-level table in ZINO.toml ([lmm], [histroy]), or a misspelt key in one of our tables (`modle` in
// [llm]), is warned about with the closest known name, by the CLI on stderr, instead of its settings being dropped
// without a word; known tables and keys, ours and Python's, are not.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { loadInstanceConfig } from "../../../src/zino/config/index.js";
import { MAX_NAME_WARNINGS } from "../../../src/zino/config/unknown-tables.js";
import { runInProcess } from "../cli/cli-harness.js";

void describe("unknown ZINO.toml tables", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "zt-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const write = (toml: string) => {
    const path = join(dir, "ZINO.toml");
    writeFileSync(path, toml);
    return path;
  };

  void it("names each unknown table with the closest known one", () => {
    const path = write('[paths]\nruntime_dir = "run"\n[lmm]\nmodel = "x"\n[histroy]\nmax_messages = 2\n[zzzqqq]\na = 1\n');
    assert.deepEqual(loadInstanceConfig({ path, env: {} }).unknownTables, [
      "[lmm] is not a ZINO.toml table, its settings are ignored (did you mean [llm]?)",
      "[histroy] is not a ZINO.toml table, its settings are ignored (did you mean [history]?)",
      "[zzzqqq] is not a ZINO.toml table, its settings are ignored",
    ]);
  });

  void it("lists at most MAX_NAME_WARNINGS unknown names, each cut short, quickly however many or long they are", () => {
    const many = Array.from({ length: 100_000 }, (_, i) => `[t${i}]`).join("\n");
    const long = "q".repeat(1_000_000);
    const path = write(`${many}\n["${long}"]\n[llm]\n"${long}" = 1\nmodle = "x"\n`);
    const started = performance.now();
    const warnings = loadInstanceConfig({ path, env: {} }).unknownTables ?? [];
    const ms = performance.now() - started;
    assert.equal(warnings.length, MAX_NAME_WARNINGS + 1 + 2);
    assert.equal(warnings[MAX_NAME_WARNINGS], `… and ${100_001 - MAX_NAME_WARNINGS} more unknown tables, also ignored`);
    assert.ok(warnings.includes(`[llm] ${"q".repeat(64)}… is not a setting of [llm], it is ignored`), warnings.join("\n"));
    assert.ok(warnings.includes("[llm] modle is not a setting of [llm], it is ignored (did you mean model?)"));
    assert.ok(warnings.every((line) => line.length < 200));
    // The previous check took over 100 s on the long names alone; this leaves room for a loaded machine.
    assert.ok(ms < 30_000, `checked in ${Math.round(ms)} ms`);
  });

  void it("says nothing of our tables and the Python ZINO's", () => {
    const path = write(
      [
        "[paths]",
        'runtime_dir = "run"',
        "[limits]",
        "[llm]",
        "[agent]",
        "[history]",
        "[exec]",
        "[context]",
        "[mcp_servers]",
        "[api]",
        "[service]",
        "[ctx]",
        "[tools]",
        "[logging]",
        "",
      ].join("\n"),
    );
    assert.deepEqual(loadInstanceConfig({ path, env: {} }).unknownTables, []);
  });

  void it("names each key of our tables that nothing reads, with the closest known key", () => {
    const path = write(
      [
        "[paths]",
        'runtime_dir = "run"',
        "[llm]",
        'base_url = "http://127.0.0.1:9/v1"',
        'modle = "gpt-x"',
        "temprature = 0.2",
        "[history]",
        "max_messages = 10",
        "[agent]",
        "colour = 1",
        "[mcp_servers.files]",
        'command = "npx"',
        'arg = ["-y"]',
        "",
      ].join("\n"),
    );
    const warnings = loadInstanceConfig({ path, env: {} }).unknownTables;
    assert.deepEqual(warnings, [
      "[llm] modle is not a setting of [llm], it is ignored (did you mean model?)",
      "[llm] temprature is not a setting of [llm], it is ignored (did you mean temperature?)",
      "[agent] colour is not a setting of [agent], it is ignored",
      "[mcp_servers.files] arg is not a setting of [mcp_servers.files], it is ignored (did you mean args?)",
    ]);
  });

  void it("says nothing of every key our tables read", () => {
    const path = write(
      [
        "[paths]",
        'runtime_dir = "run"',
        "[llm]",
        'base_url = "http://127.0.0.1:9/v1"',
        'model = "m"',
        "temperature = 0.2",
        "max_retries = 1",
        "[history]",
        "max_messages = 10",
        "[exec]",
        'sandbox = "none"',
        "[mcp_servers.files]",
        'command = "npx"',
        'args = ["-y"]',
        "",
      ].join("\n"),
    );
    assert.deepEqual(loadInstanceConfig({ path, env: {} }).unknownTables, []);
  });

  void it("[Z7-USAGE] zino warns on stderr, once, and goes on", async () => {
    const path = write('[paths]\nruntime_dir = "run"\n[lmm]\nmodel = "x"\n');
    const result = await runInProcess(["down"], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stderr
        .split("\n")
        .filter((line) => line.includes("[lmm]"))
        .join("\n"),
      `zino: warning: ${path}: [lmm] is not a ZINO.toml table, its settings are ignored (did you mean [llm]?)`,
    );
  });
});
