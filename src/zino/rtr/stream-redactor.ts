// Redaction of text that leaves rtr in pieces (chunk deltas, a tool call's argument deltas): a key the provider streams
// split across two pieces is caught as well as one within a piece. Only the end of the text so far that could still
// be the start of a key is held back, so ordinary text is delayed by fewer characters than the longest key.
import { redact, secretStartAtEnd } from "./provider-targets.js";

export class StreamRedactor {
  private held = "";

  constructor(private readonly secrets: readonly string[]) {}

  /** What can be given out once `piece` is added: the text so far, redacted, less the end that may begin a key. */
  push(piece: string): string {
    const text = redact(this.held + piece, this.secrets);
    const hold = secretStartAtEnd(text, this.secrets);
    this.held = text.slice(text.length - hold);
    return text.slice(0, text.length - hold);
  }

  /** The text held back, now that no piece follows (it did not turn into a key). */
  flush(): string {
    const rest = this.held;
    this.held = "";
    return rest;
  }
}
