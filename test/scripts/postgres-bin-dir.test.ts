// Where the test command looks for the PostgreSQL server programs (test/support/system-requirements.ts, used by
// scripts/postgres-cluster.ts too): PATH first, then every versioned folder of the distributions, newest first, and
// only a folder holding both initdb and pg_ctl. A file tree under a temporary root stands for `/`.
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { postgresBinDir } from "../support/system-requirements.js";

let root: string;

function program(dir: string, name: string): void {
  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, dir, name), "#!/bin/sh\n");
  chmodSync(join(root, dir, name), 0o755);
}

before(() => {
  root = mkdtempSync(join(tmpdir(), "zino-pgroot-"));
});

after(() => {
  rmSync(root, { recursive: true, force: true });
});

void it("[TEST-CMD-5] finds any Debian version (14, 18, ...) newest first, never mixes two, and prefers PATH", () => {
  const none = { PATH: join(root, "empty") };
  assert.equal(postgresBinDir(none, root), undefined);
  program("usr/lib/postgresql/14/bin", "initdb");
  program("usr/lib/postgresql/14/bin", "pg_ctl");
  assert.equal(postgresBinDir(none, root), join(root, "usr/lib/postgresql/14/bin"), "a version no fixed list named");
  program("usr/lib/postgresql/18/bin", "initdb");
  assert.equal(postgresBinDir(none, root), join(root, "usr/lib/postgresql/14/bin"), "18 has no pg_ctl: not half of it");
  program("usr/lib/postgresql/18/bin", "pg_ctl");
  assert.equal(postgresBinDir(none, root), join(root, "usr/lib/postgresql/18/bin"), "the newest complete one");
  program("opt/pg/bin", "initdb");
  program("opt/pg/bin", "pg_ctl");
  assert.equal(postgresBinDir({ PATH: join(root, "opt/pg/bin") }, root), join(root, "opt/pg/bin"), "what PATH names comes first");
});
