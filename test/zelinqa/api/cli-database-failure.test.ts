// The `zelinqa` command on a database it cannot use, as a real process: a SQLite file in a folder that does not
// exist, a PostgreSQL that does not listen, a PostgreSQL database that does not exist. One line naming the database
// (never the URL's password) and what to check, exit 2 for a bad path and 1 for an unreachable server, at once.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../../src/shared/free-port.js";
import { postgresSkipReason } from "../../support/zelinqa-databases.js";
import { runZelinqa } from "../../support/zelinqa-processes.js";

/** `zelinqa ARGS` to its end (each of these exits at once: a server that started anyway would fail by timeout). */
const zelinqa = (args: string[]) => runZelinqa(args, { ZELINQA_LOG_LEVEL: "warn" });

void describe("zelinqa on a database it cannot use", () => {
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "zl-db-"));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  void it("serve with a SQLite file in a missing folder names the file and what to do (exit 2)", async () => {
    const file = join(dir, "no-such-folder", "z.sqlite");
    const r = await zelinqa(["serve", "--sqlite-path", file, "--port", "0"]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `^zelinqa: cannot open the SQLite database ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: .*; check that its folder exists`,
        "m",
      ),
    );
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
  });

  void it("serve and keys create with a PostgreSQL that does not listen say where and what to check, without the password (exit 1)", async () => {
    const port = await freePort();
    const url = `postgres://someone:s3cret-pw@127.0.0.1:${port}/zelinqa`;
    for (const args of [
      ["serve", "--database-url", url, "--port", "0"],
      ["keys", "create", "--scopes", "runtime", "--database-url", url],
    ]) {
      const r = await zelinqa(args);
      assert.equal(r.code, 1, `${args[0]}: ${r.stderr}`);
      assert.match(
        r.stderr,
        new RegExp(
          `^zelinqa: cannot use the PostgreSQL database postgres://someone:\\*\\*\\*@127\\.0\\.0\\.1:${port}/zelinqa: .*ECONNREFUSED.*; check that PostgreSQL runs there`,
          "m",
        ),
      );
      assert.doesNotMatch(r.stderr, /s3cret-pw/);
      assert.doesNotMatch(r.stderr, /^\s+at /m, "no stack trace");
    }
  });

  void it("a PostgreSQL database that does not exist is said so (exit 1)", { skip: postgresSkipReason() }, async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    base.pathname = "/no_such_database_here";
    const r = await zelinqa(["keys", "list", "--database-url", base.toString()]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      /^zelinqa: cannot use the PostgreSQL database [^ ]+\/no_such_database_here: .*\(3D000\); check that PostgreSQL runs there/m,
    );
  });
});
