// A directory of this user inside a directory every user can write (src/zino/exc/user-dir.ts): made with its mode,
// used again, and refused when it is not a real directory of this user that only this user can write.
import assert from "node:assert/strict";
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statfsSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { memorySandboxRoot, onTmpfs, SHARED_MEMORY_DIR, userDirIn } from "../../../src/zino/exc/user-dir.js";

const parent = mkdtempSync(join(tmpdir(), "zx-userdir-"));
chmodSync(parent, 0o1777); // as /tmp and /dev/shm
after(() => rmSync(parent, { recursive: true, force: true }));
const uid = process.getuid!();

void describe("a user's own directory in a shared one", () => {
  void it("is made with the mode asked for, and the same directory is given again", () => {
    const dir = userDirIn(parent, "mine", 0o711);
    assert.equal(dir, join(parent, "mine"));
    const stat = lstatSync(dir);
    assert.equal(stat.mode & 0o777, 0o711, "past the process umask");
    assert.equal(stat.uid, uid);
    writeFileSync(join(dir, "kept"), "x");
    assert.equal(userDirIn(parent, "mine", 0o711), dir);
    assert.equal(lstatSync(join(dir, "kept")).isFile(), true, "an existing directory is used as it is");
  });

  void it("an own directory that only differs in what others may read or enter gets the mode asked for", () => {
    mkdirSync(join(parent, "narrow"), { mode: 0o700 });
    chmodSync(join(parent, "narrow"), 0o700);
    assert.equal(userDirIn(parent, "narrow", 0o711), join(parent, "narrow"));
    assert.equal(lstatSync(join(parent, "narrow")).mode & 0o777, 0o711);
  });

  void it("refuses a symlink, a file, and a directory others can write", () => {
    mkdirSync(join(parent, "target"), { mode: 0o700 });
    symlinkSync(join(parent, "target"), join(parent, "link"));
    assert.equal(userDirIn(parent, "link", 0o700), undefined, "a symlink another user planted");
    writeFileSync(join(parent, "file"), "x");
    assert.equal(userDirIn(parent, "file", 0o700), undefined);
    mkdirSync(join(parent, "open"));
    chmodSync(join(parent, "open"), 0o777);
    assert.equal(userDirIn(parent, "open", 0o711), undefined, "others may have put entries in it");
    assert.equal(lstatSync(join(parent, "open")).mode & 0o777, 0o777, "and it is left as it was");
  });

  void it("refuses another user's directory", { skip: uid === 0 ? false : "needs root to make another user's directory" }, () => {
    mkdirSync(join(parent, "theirs"), { mode: 0o711 });
    chownSync(join(parent, "theirs"), 65534, 65534);
    assert.equal(userDirIn(parent, "theirs", 0o711), undefined);
  });

  void it("the sandboxed executions' default root is this user's own directory in /dev/shm when that is a tmpfs", () => {
    const root = memorySandboxRoot();
    if (!onTmpfs(SHARED_MEMORY_DIR)) {
      assert.equal(root, undefined, "no tmpfs at /dev/shm: the work root");
      return;
    }
    assert.equal(root, join(SHARED_MEMORY_DIR, `zino-exc-${uid}`));
    assert.equal(statfsSync(root).type, 0x01021994, "on the tmpfs");
    assert.equal(lstatSync(root).mode & 0o777, 0o711, "a sandbox user passes through to the code dirs");
  });

  void it("tells a tmpfs from a disk filesystem and from a path that does not exist", () => {
    assert.equal(onTmpfs(join(parent, "nowhere")), false);
    const tmpfsType = 0x01021994;
    assert.equal(onTmpfs(parent), statfsSync(parent).type === tmpfsType);
  });
});
