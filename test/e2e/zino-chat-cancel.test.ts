// `zino chat` against real services: Ctrl-C during a turn closes the connection, which cancels the turn end to
// end (the provider request is aborted), and the session goes on with the next line. With piped input the exit status
// then says a turn was cancelled (130), as `zino help chat` documents.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { spawnZinoCli } from "../../harness/zino-processes.js";
import { zinoServicesSuite } from "../support/zino-services-suite.js";

void describe("zino chat with real services", () => {
  const zino = zinoServicesSuite();

  void it(
    "[Z7-CHAT-CANCEL] cancels a running turn on SIGINT, aborting the provider request, and answers the next line",
    { timeout: 60_000 },
    async (t) => {
      zino.provider.enqueue({ hang: true });
      const cli = spawnZinoCli(["chat", "--ctx", "cancel"], { instance: zino.instance });
      t.after(() => {
        if (cli.child.exitCode === null) cli.child.kill("SIGKILL");
      });
      cli.child.stdin?.write("never answered\n");
      await zino.provider.waitFor((requests) => requests.some((r) => r.reply?.hang === true), 20_000);
      cli.child.kill("SIGINT");
      await cli.waitForStderr(/turn cancelled/);
      await zino.provider.waitFor((requests) => requests.some((r) => r.reply?.hang === true && r.aborted), 10_000);

      cli.child.stdin?.write("second try\n");
      for (let i = 0; i < 200 && !cli.stdout().includes("echo: second try\n"); i += 1) await sleep(50);
      assert.match(cli.stdout(), /echo: second try\n/);
      cli.child.stdin?.end();
      const { code } = await cli.exited;
      assert.equal(code, 130, cli.stderr());
    },
  );
});
