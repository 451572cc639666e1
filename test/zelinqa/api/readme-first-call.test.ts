// README's "First API call" snippet, run as written (bash and curl) against a real `zelinqa serve` on SQLite with
// the sample domain: only the two placeholder lines (the URL and the key) get this server's values. The session it
// creates must exist, the first question must come back, and the answer must move the session to its next question.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serveFurniture, type ServeProcess } from "../../support/zelinqa-processes.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** The ```sh block under README's "### First API call" heading. */
function readmeSnippet(): string {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.split(/^### First API call$/m)[1];
  assert.ok(section, 'README has no "### First API call" section');
  const block = /```sh\n([\s\S]*?)```/.exec(section.split(/^#{2,3} /m)[0]!)?.[1];
  assert.ok(block, "the First API call section has no sh block");
  return block;
}

function hasCurl(): boolean {
  return spawnSync("curl", ["--version"], { stdio: "ignore" }).status === 0;
}

interface Decision {
  session_id: string;
  action: string;
  candidates: Array<{ question_id: string; text: string }>;
  versions: { state_version: number };
}

void describe("README: first API call", { skip: hasCurl() ? undefined : "curl is not installed" }, () => {
  let dir: string;
  let server: ServeProcess;
  let key = "";

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zelinqa-readme-"));
    ({ server, key } = await serveFurniture(dir));
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  void it("creates a session, gets its first question, answers it and gets the next one", async () => {
    const snippet = readmeSnippet();
    assert.match(snippet, /^ZELINQA_URL=.*$/m);
    assert.match(snippet, /^ZELINQA_KEY=.*$/m);
    const script = snippet.replace(/^ZELINQA_URL=.*$/m, `ZELINQA_URL=${server.baseUrl}`).replace(/^ZELINQA_KEY=.*$/m, `ZELINQA_KEY=${key}`);
    const stdout = execFileSync("bash", ["-euo", "pipefail", "-c", `${script}\necho "SESSION=$SESSION"`], {
      encoding: "utf8",
      timeout: 60_000,
    });
    const lines = stdout.trim().split("\n");
    assert.equal(lines.length, 3, stdout);
    const session = /^SESSION=(ses_\S+)$/.exec(lines[2]!)?.[1];
    assert.ok(session, `no session id: ${stdout}`);
    const first = JSON.parse(lines[0]!) as Decision;
    const second = JSON.parse(lines[1]!) as Decision;
    assert.equal(first.session_id, session);
    assert.equal(first.action, "ask");
    assert.ok(first.candidates.length > 0, lines[0]);
    assert.equal(second.action, "ask", lines[1]);
    assert.equal(second.versions.state_version, 2);
    assert.notEqual(second.candidates[0]?.question_id, first.candidates[0]?.question_id);

    const state = await fetch(`${server.baseUrl}/v1/sessions/${session}`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(state.status, 200);
    const body = (await state.json()) as { turn_count: number; versions: { state_version: number } };
    assert.equal(body.versions.state_version, 2);
  });
});
