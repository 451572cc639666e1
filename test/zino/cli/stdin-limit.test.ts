// `zino ask -` and `zino exec -` stop reading stdin once it passes [limits] max_frame_bytes: a usage error (exit 2)
// naming the limit, at once, without reading or buffering the rest of an endless input.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { spawnZinoCli, writeTempInstance, type TempInstance } from "../../../harness/zino-processes.js";

const LIMIT = 65_536;
const CHUNK = Buffer.alloc(64 * 1024, "a");
/** Far more than the limit: a CLI that read it all would buffer it, then fail elsewhere. */
const MAX_WRITTEN = 64 * 1024 * 1024;

async function feedUntilExit(args: string[], instance: TempInstance): Promise<{ code: number | null; stderr: string; written: number }> {
  const cli = spawnZinoCli(args, { instance });
  let written = 0;
  let exited = false;
  void cli.exited.then(() => (exited = true));
  cli.child.stdin!.on("error", () => undefined); // EPIPE once the CLI stops reading
  while (!exited && written < MAX_WRITTEN && cli.child.stdin!.writable) {
    written += CHUNK.length;
    if (!cli.child.stdin!.write(CHUNK)) {
      await new Promise<void>((resolve) => {
        cli.child.stdin!.once("drain", resolve);
        cli.child.stdin!.once("close", resolve);
        void cli.exited.then(() => resolve());
      });
    }
  }
  cli.child.stdin!.end();
  const { code } = await cli.exited;
  return { code, stderr: cli.stderr(), written };
}

void describe("stdin bounded by the frame limit", () => {
  let instance: TempInstance;
  before(() => {
    instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1", extraToml: `[limits]\nmax_frame_bytes = ${LIMIT}\n` });
  });
  after(() => instance.cleanup());

  for (const [command, what] of [
    ["ask", "the message"],
    ["exec", "the code"],
  ] as const) {
    void it(`[Z7-CLI] zino ${command} - stops at ${LIMIT} bytes with a usage error naming the limit`, async () => {
      const result = await feedUntilExit([command, "-"], instance);
      assert.equal(result.code, 2, result.stderr);
      assert.equal(
        result.stderr,
        `zino: ${what} on stdin is larger than 64 KiB, the most one frame carries ([limits] max_frame_bytes in ZINO.toml); nothing was sent\n`,
      );
      assert.ok(result.written < 8 * 1024 * 1024, `stopped reading early, not after ${result.written} bytes`);
    });
  }
});
