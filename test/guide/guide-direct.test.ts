// `zino guide --direct` in a real terminal (tmux): a numbered menu answered with a number, a multiple choice, free
// text, progress bars after each turn, Ctrl-C pausing, and a second run resuming at the pending question.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { apiSession, cleanupGuide, guideInstance, petSurveyDomain } from "../support/zino-guide.js";
import { needs } from "../support/system-requirements.js";
import { waitForScreen as waitForTerminal } from "../support/terminal-screen.js";
import { CLI_MAIN, TSX_LOADER, type TempInstance } from "../../harness/zino-processes.js";

const skip = needs("tmux");

let instance: TempInstance;
let tmuxSocket: string;

const tmux = (...args: string[]) => execFileSync("tmux", ["-S", tmuxSocket, ...args], { encoding: "utf8" });
/** The tmux session the next `screen()` reads: each run of the guide gets its own. */
let session = "";
const screen = () => tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", session);

const waitForScreen = (pattern: RegExp) => waitForTerminal(screen, pattern);

/**
 * Runs the guide in a new tmux session named `name`. A run never reuses the session of a previous one: killing the
 * last session stops the tmux server, and a `new-session` racing that exit fails ("server exited unexpectedly").
 */
function openGuide(name: string, args: readonly string[] = []): void {
  session = name;
  const command = [process.execPath, "--import", TSX_LOADER, CLI_MAIN, "guide", "--direct", ...args].map((p) => `'${p}'`).join(" ");
  tmux(
    "new-session",
    "-d",
    "-s",
    name,
    "-x",
    "100",
    "-y",
    "60",
    "-c",
    instance.dir,
    "-e",
    `ZINO_CONFIG=${instance.configPath}`,
    "-e",
    "ZINO_LOG_LEVEL=warn",
    "-e",
    "ZELINQA_LOG_LEVEL=warn",
    `${command}; echo "guide exited $?"; sleep 60`,
  );
}

before(() => {
  if (skip) return;
  instance = guideInstance("http://127.0.0.1:9/v1");
  tmuxSocket = join(instance.dir, "tmux.sock");
});

after(async () => {
  if (skip) return;
  try {
    tmux("kill-server");
  } catch {
    // no server left
  }
  await cleanupGuide(instance);
});

void it(
  "GUIDE-DIRECT-1 the terminal asks the engine's questions: menu choice, multiple choice, free text, progress bars; Ctrl-C pauses and a new run resumes at the pending question",
  { skip },
  async () => {
    openGuide("first-run");
    await waitForScreen(/Quel meuble cherchez-vous \?[\s\S]*1\. Un canapé[\s\S]*4\. Un rangement[\s\S]*> $/m);
    tmux("send-keys", "-t", session, "1", "Enter");
    let text = await waitForScreen(/Pour quelles pièces \?[\s\S]*> $/m);
    assert.match(text, /Achat de mobilier\s+\[#+-+\]\s+\d+% in progress/);
    assert.match(text, /Besoin\s+\[#+-+\]\s+33% in progress/);
    assert.match(text, /turn 1, 9 left/);

    tmux("send-keys", "-t", session, "9", "Enter");
    await waitForScreen(/choose between 1 and 4/);
    tmux("send-keys", "-t", session, "1,2", "Enter");
    text = await waitForScreen(
      /Combien de personnes doivent pouvoir s'y installer \?\n\(a whole number from 1 to 12, for example 4\)\n> $/m,
    );
    assert.match(text, /Besoin\s+\[#+-+\]\s+67% in progress/);
    tmux("send-keys", "-t", session, "quatre personnes, 4", "Enter");
    await waitForScreen(/turn 3, 7 left[\s\S]*\?\n(.*\n)*> $/m);

    const pending = (await apiSession(instance, "guide")).state.pending_decision?.candidates[0]?.text;
    assert.ok(pending);
    tmux("send-keys", "-t", session, "C-c");
    text = await waitForScreen(/guide exited 130/);
    assert.match(text, /Paused\. Run the same command again/);

    openGuide("resumed-run");
    text = await waitForScreen(/> $/m);
    assert.match(text, /guided conversation "guide" \(resumed, direct mode/);
    assert.ok(text.includes(pending), `the pending question "${pending}" is asked again:\n${text}`);
    const after = await apiSession(instance, "guide");
    assert.equal(after.state.turn_count, 3);
    const seats = after.state.targets.fur_seats;
    assert.equal(seats?.value, 4);
  },
);

void it(
  "GUIDE-DIRECT-2 a configuration's texts reach the terminal as text: its escape sequences are shown, not obeyed (no retitle, no clear)",
  { skip },
  async () => {
    // Question texts and labels are written by whoever holds a configuration:write key, not by the person at the terminal.
    const question = "Which pet?\u001b]0;PWNED\u0007\u001b[2J";
    const domain = petSurveyDomain({ objective: "Pets\u001b]2;TITLE\u0007", question, dogLabel: "Dog\u001b[8m" });
    const file = join(instance.dir, "escapes.json");
    writeFileSync(file, JSON.stringify(domain));
    openGuide("escapes", ["--domain", file]);
    const text = await waitForScreen(/Which pet\?[\s\S]*1\. Dog[\s\S]*> $/m);
    assert.ok(text.includes("Which pet?\u241b]0;PWNED\u2407\u241b[2J"), `the question's escapes are shown as symbols:\n${text}`);
    assert.ok(text.includes("1. Dog\u241b[8m"), text);
    assert.match(text, /guided conversation/, "nothing cleared the screen before the question");
    const title = tmux("display-message", "-p", "-t", session, "#{pane_title}");
    assert.doesNotMatch(title, /PWNED|TITLE/);
    tmux("send-keys", "-t", session, "2", "Enter");
    await waitForScreen(/guide exited 0/);
  },
);
