// Where the runtime folder is: ZINO_RUNTIME_DIR, else [paths] runtime_dir, else .zino/run; an empty
// ZINO_RUNTIME_DIR counts as unset, as an empty ZINO_CONFIG does (it put the sockets in the instance folder itself).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { loadInstanceConfig } from "../../../src/zino/config/index.js";

const dir = mkdtempSync(join(tmpdir(), "zr-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const path = join(dir, "ZINO.toml");
writeFileSync(path, '[paths]\nruntime_dir = "run"\n');

void describe("the runtime folder", () => {
  void it("[Z7-PATHS] ZINO_RUNTIME_DIR wins over [paths] runtime_dir", () => {
    assert.equal(loadInstanceConfig({ path, env: { ZINO_RUNTIME_DIR: "/x/zr" } }).runtimeDir, "/x/zr");
  });

  void it("[Z7-PATHS] an empty ZINO_RUNTIME_DIR counts as unset", () => {
    const instance = loadInstanceConfig({ path, env: { ZINO_RUNTIME_DIR: "" } });
    assert.equal(instance.runtimeDir, join(dir, "run"));
    assert.equal(instance.sockets.ctx, join(dir, "run", "ctx.sock"));
  });
});
