// Messages name a command that works where the user is (issue 12): `npm run zino -- down` when npm started us,
// `zino down` otherwise; the services' own `zino up` hints are rewritten the same way on the CLI's stderr.
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import { localizeCommands, localizedStream, zinoCommand } from "../../../src/zino/cli/command-name.js";

const NPM = { npm_lifecycle_event: "zino", npm_command: "run-script" };

void describe("command names", () => {
  void it("[CLI-CMD-1] says `npm run zino -- …` under npm and `zino …` otherwise", () => {
    assert.equal(zinoCommand(NPM, "down"), "npm run zino -- down");
    assert.equal(zinoCommand({ npm_lifecycle_event: "start" }, "down"), "npm run zino -- down");
    assert.equal(zinoCommand({}, "down"), "zino down");
  });

  void it("[CLI-CMD-1] rewrites quoted zino commands in messages, leaves other text alone", () => {
    const text = "zino-rtr is not running; start it with `zino up` and retry. `zinc up` stays; zino alone stays.";
    assert.equal(
      localizeCommands(text, NPM),
      "zino-rtr is not running; start it with `npm run zino -- up` and retry. `zinc up` stays; zino alone stays.",
    );
    assert.equal(localizeCommands(text, {}), text);
  });

  void it("[CLI-CMD-1] rewrites what goes through the CLI's stderr and keeps the stream's other properties", () => {
    const target = Object.assign(new PassThrough(), { isTTY: true as const });
    let written = "";
    target.setEncoding("utf8").on("data", (t: string) => (written += t));
    const stream = localizedStream(target, NPM);
    stream.write("run `zino down --timeout 10`\n");
    assert.equal(stream.isTTY, true);
    assert.equal(written, "run `npm run zino -- down --timeout 10`\n");
    assert.equal(localizedStream(target, {}), target, "outside npm the stream is used as is");
  });
});
