// `zino chat` on a real terminal (tmux): streamed text, the tool spinner, Ctrl-C cancelling a running turn and
// returning to the prompt, readline history (saved to the history file), Ctrl-D at an empty prompt exiting, and a
// line counting the seconds while the model has not answered (with each retry's reason).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { FrameServer } from "../../../src/wire/index.js";
import { CLI_MAIN, TSX_LOADER } from "../../../harness/zino-processes.js";
import { needs } from "../../support/system-requirements.js";
import { waitForScreen as waitForTerminal } from "../../support/terminal-screen.js";
import { waitFor } from "../../support/eventually.js";
import { scratchDir, startFakeDaemon, type ScratchDir } from "./cli-harness.js";

void describe("zino chat in a terminal", { skip: needs("tmux") }, () => {
  let scratch: ScratchDir;
  let daemon: FrameServer;
  const server = `zt${process.pid}`;
  const tmux = (...args: string[]) => execFileSync("tmux", ["-L", server, ...args], { encoding: "utf8" });
  let session = "chat";
  const screen = () => tmux("capture-pane", "-p", "-t", session);
  const cancelled: string[] = [];
  /** Every message the daemon was sent, in order. */
  const received: string[] = [];
  /** Z7-CHAT-WAIT's terminal has shown the counting line: only then does the fake daemon report rtr's retry. */
  let countingShown!: () => void;
  const counting = new Promise<void>((resolve) => (countingShown = resolve));

  const waitForScreen = (pattern: RegExp) => waitForTerminal(screen, pattern);

  before(async () => {
    scratch = scratchDir();
    daemon = await startFakeDaemon(scratch.runtimeDir, async (request, out, signal) => {
      const message = typeof request.message === "string" ? request.message : "";
      received.push(message);
      if (message === "quiet") {
        // A model endpoint that accepts the request and does not answer; then rtr retries after a failed attempt.
        if (request.raw.events !== "all") throw new Error("the terminal client did not ask for status frames");
        const aborted = new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
        await out.send({ type: "status", phase: "model", iteration: 1 });
        // Not a fixed delay: a screen read late on a loaded machine could miss a counting line 1.5 s long.
        await Promise.race([counting, aborted]);
        await out.send({ type: "status", phase: "retry", source: "rtr", attempt: 2, delay_ms: 500, reason: "connection error ECONNRESET" });
        await aborted;
        cancelled.push(message);
        return;
      }
      if (message === "slow") {
        await out.send({ type: "tool_start", kind: "tool", name: "execute_bash", description: "sleep 60" });
        await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
        cancelled.push(message);
        return;
      }
      if (message === "escapes") {
        // What a model led on by what it read could answer: a window title, a clipboard write (OSC 52), a clear screen,
        // and a carriage return that writes over the start of its line; the same in a tool call's arguments.
        await out.send({ type: "tool_start", kind: "tool", name: "execute_bash", description: "echo \u001b]2;TOOL-TITLE\u0007 done" });
        await out.send({ type: "tool_done", kind: "tool", name: "execute_bash", ok: true, ms: 1 });
        await out.send({ type: "chunk", delta: "\u001b]2;EVIL-TITLE\u0007\u001b]52;c;ZWNobyBwd25lZA==\u0007\u001b[2J" });
        await out.send({ type: "chunk", delta: "SAFE-TEXT\rEVIL\n" });
        await out.send({ type: "done", full_text: "", iterations: 1 });
        return;
      }
      await out.send({ type: "chunk", delta: "echo: " });
      await out.send({ type: "chunk", delta: message });
      await out.send({ type: "done", full_text: `echo: ${message}`, iterations: 1 });
    });
  });
  after(async () => {
    try {
      tmux("kill-server");
    } catch {
      // already gone
    }
    await daemon.close();
    scratch.cleanup();
  });

  void it("[Z7-CHAT Z7-CHAT-CANCEL] streams answers, cancels a turn with Ctrl-C, recalls history and exits on Ctrl-D", async () => {
    const historyFile = join(scratch.dir, "chat_history");
    const command = `ZINO_HISTORY_FILE=${historyFile} ZINO_CONFIG= ${process.execPath} --import ${TSX_LOADER} ${CLI_MAIN} chat --ctx term; echo EXITED=$?; sleep 30`;
    tmux("new-session", "-d", "-s", "chat", "-x", "100", "-y", "30", "-c", scratch.dir, command);
    await waitForScreen(/^term>\s*$/m);
    tmux("send-keys", "-t", "chat", "hi", "Enter");
    await waitForScreen(/echo: hi\n/);

    tmux("send-keys", "-t", "chat", "slow", "Enter");
    await waitForScreen(/execute_bash: sleep 60/);
    tmux("send-keys", "-t", "chat", "C-c");
    await waitForScreen(/turn cancelled/);
    await waitFor("the daemon saw the turn cancelled", () => cancelled.length > 0, 15_000);
    assert.deepEqual(cancelled, ["slow"]);

    tmux("send-keys", "-t", "chat", "Up");
    await waitForScreen(/^term> slow\s*$/m);
    tmux("send-keys", "-t", "chat", "C-c");
    await sleep(100);
    tmux("send-keys", "-t", "chat", "C-d");
    await waitForScreen(/EXITED=0/);
    assert.ok(existsSync(historyFile));
    assert.deepEqual(readFileSync(historyFile, "utf8").trim().split("\n"), ["hi", "slow"]);
  });

  void it("[Z7-CHAT-ESCAPES] control characters in an answer or a tool call are shown, not obeyed by the terminal", async () => {
    session = "escapes";
    const command = `ZINO_HISTORY_FILE= ZINO_CONFIG= ${process.execPath} --import ${TSX_LOADER} ${CLI_MAIN} chat --ctx term; echo EXITED=$?; sleep 30`;
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", "-c", scratch.dir, command);
    await waitForScreen(/^term>\s*$/m);
    tmux("send-keys", "-t", session, "escapes", "Enter");
    const shown = await waitForScreen(/SAFE-TEXT.*EVIL/);
    // The escape sequences are printed as symbols; the clear screen left the prompt above in place.
    assert.match(shown, /␛\]2;EVIL-TITLE␇␛\]52;c;ZWNobyBwd25lZA==␇␛\[2J/);
    assert.match(shown, /^term> escapes\s*$/m);
    // The carriage return did not let "EVIL" write over "SAFE".
    assert.match(shown, /SAFE-TEXTEVIL/);
    assert.match(shown, /✓ execute_bash/);
    assert.doesNotMatch(tmux("display-message", "-p", "-t", session, "#{pane_title}"), /EVIL-TITLE|TOOL-TITLE/);
    tmux("send-keys", "-t", session, "C-d");
    await waitForScreen(/EXITED=0/);
  });

  void it("[Z7-CHAT-WAIT] while the model has not answered, a line counts the seconds, then names the retry and its reason; Ctrl-C clears it", async () => {
    session = "wait";
    const command = `ZINO_HISTORY_FILE= ZINO_CONFIG= ${process.execPath} --import ${TSX_LOADER} ${CLI_MAIN} chat --ctx term; echo EXITED=$?; sleep 30`;
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", "-c", scratch.dir, command);
    await waitForScreen(/^term>\s*$/m);
    tmux("send-keys", "-t", session, "quiet", "Enter");
    await waitForScreen(/waiting for the model… [1-9]\d* s \(Ctrl-C cancels\)/);
    countingShown();
    await waitForScreen(/waiting for the model: attempt 2 after connection error ECONNRESET… \d+ s \(Ctrl-C cancels\)/);
    tmux("send-keys", "-t", session, "C-c");
    const after = await waitForScreen(/turn cancelled\n(.|\n)*term>/);
    assert.doesNotMatch(after, /waiting for the model/, "the waiting line is cleared");
    await waitFor("the daemon saw the turn cancelled", () => cancelled.includes("quiet"), 15_000);
  });

  void it("[Z7-CHAT-COMMANDS] /help is answered by zino chat and never sent; an unknown /word is named, not sent; //text sends /text; /quit exits", async () => {
    session = "commands";
    const command = `ZINO_HISTORY_FILE= ZINO_CONFIG= ${process.execPath} --import ${TSX_LOADER} ${CLI_MAIN} chat --ctx term; echo EXITED=$?; sleep 30`;
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "30", "-c", scratch.dir, command);
    await waitForScreen(/\/help for more\n(.|\n)*^term>\s*$/m);
    const before = received.length;
    tmux("send-keys", "-t", session, "/help", "Enter");
    await waitForScreen(/Each line is a message to the model\. \/help shows this; \/quit, \/exit or Ctrl-D leaves/);
    tmux("send-keys", "-t", session, "/hepl", "Enter");
    await waitForScreen(/\/hepl is not a chat command \(\/help lists them\); to send it to the model, type \/\/hepl/);
    tmux("send-keys", "-t", session, "//help me", "Enter");
    await waitForScreen(/echo: \/help me\n/);
    tmux("send-keys", "-t", session, "/etc/hosts is a path", "Enter");
    await waitForScreen(/echo: \/etc\/hosts is a path\n/);
    tmux("send-keys", "-t", session, "/quit", "Enter");
    await waitForScreen(/EXITED=0/);
    assert.deepEqual(received.slice(before), ["/help me", "/etc/hosts is a path"]);
  });
});
