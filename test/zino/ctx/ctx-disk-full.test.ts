// zino-ctx on a database whose disk fills up (a real 2 MiB tmpfs, so root only): a write that no longer fits is
// answered `unavailable` with store_error `store_full` and a message saying what to do, not an internal error; what
// was stored stays, the service keeps serving, and writes succeed again once space is back.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { TEST_TOML, startCtx, type CtxHarness } from "./ctx-harness.js";

const mountDir = mkdtempSync(join(tmpdir(), "zfull-"));
const mounted = process.getuid?.() === 0 && spawnSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountDir]).status === 0;
let ctx: CtxHarness | undefined;

before(async () => {
  if (!mounted) return;
  ctx = await startCtx({
    toml: TEST_TOML.replace('database = "db/ctx.sqlite"', `database = ${JSON.stringify(join(mountDir, "ctx.sqlite"))}`),
  });
});
after(async () => {
  await ctx?.cleanup();
  if (mounted) spawnSync("umount", [mountDir]);
  rmSync(mountDir, { recursive: true, force: true });
});

function fillDisk(): string {
  const filler = join(mountDir, "filler");
  const block = Buffer.alloc(64 * 1024);
  const parts: Buffer[] = [];
  for (;;) {
    try {
      parts.push(block);
      writeFileSync(filler, Buffer.concat(parts));
    } catch {
      return filler;
    }
  }
}

void it(
  "CTX-41 a write on a full disk answers store_full, keeps what was stored, and works again once space is back",
  { skip: mounted ? false : "needs root to mount a 2 MiB tmpfs" },
  async () => {
    const h = ctx!;
    assert.equal((await h.request({ type: "set_value", ctxkey: "full", key: "kept", value: "before" })).type, "ok");
    const filler = fillDisk();
    const refused = await h.request({ type: "set_value", ctxkey: "full", key: "big", value: "x".repeat(40 * 1024) });
    assert.equal(refused.type, "error", JSON.stringify(refused));
    assert.equal(refused.code, "unavailable");
    assert.equal(refused.store_error, "store_full");
    assert.match(String(refused.message), /is full: nothing was stored; free space there .*then retry/);
    assert.equal((await h.request({ type: "get_value", ctxkey: "full", key: "kept" })).value, "before");
    rmSync(filler);
    assert.equal((await h.request({ type: "set_value", ctxkey: "full", key: "big", value: "x".repeat(40 * 1024) })).type, "ok");
    assert.equal(((await h.request({ type: "get_value", ctxkey: "full", key: "big" })).value as string).length, 40 * 1024);
  },
);
