// Waiting for a terminal (a tmux pane) to show something: polls the captured screen until the pattern matches.
import { setTimeout as sleep } from "node:timers/promises";

/** Resolves with the screen once `pattern` matches it; throws with the last screen after `timeoutMs`. */
export async function waitForScreen(screen: () => string, pattern: RegExp, timeoutMs = 180_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = screen();
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`the terminal never showed ${String(pattern)}:\n${text}`);
    await sleep(50);
  }
}
