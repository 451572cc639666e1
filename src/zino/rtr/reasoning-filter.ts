// Removes `<think>…</think>` reasoning sections from streamed text (docs/zino-protocol.md §5 "final string checks"), including
// tags cut across deltas: a possible partial tag at the end of a delta is held back until the next one. A `<think>`
// after visible text is removed only when its section closes: an answer that merely mentions the tag gets it back
// at the end of the stream, instead of losing the rest of its text.

const OPEN = "<think>";
const CLOSE = "</think>";

export class ReasoningFilter {
  private held = "";
  private inside = false;
  private visibleSeen = false;
  private afterClose = false;
  /** The raw text of a section opened after visible text, given back if it never closes. */
  private late: string | undefined;

  /** Returns the visible part of this delta (possibly empty). */
  push(delta: string): string {
    let text = this.held + delta;
    this.held = "";
    let out = "";
    while (text.length > 0) {
      const tag = this.inside ? CLOSE : OPEN;
      const at = text.indexOf(tag);
      if (at >= 0) {
        if (!this.inside) {
          out += this.visible(text.slice(0, at));
          this.late = this.visibleSeen ? OPEN : undefined;
        } else if (this.late !== undefined) {
          this.late = undefined;
        }
        text = text.slice(at + tag.length);
        this.inside = !this.inside;
        if (!this.inside) this.afterClose = true;
        continue;
      }
      const keep = partialTagSuffix(text, tag);
      if (!this.inside) out += this.visible(text.slice(0, text.length - keep));
      else if (this.late !== undefined) this.late += text.slice(0, text.length - keep);
      this.held = text.slice(text.length - keep);
      break;
    }
    return out;
  }

  /**
   * End of stream: a held partial tag outside a section was ordinary text; an unclosed section before any visible
   * text is reasoning cut short (dropped), one after visible text was the answer mentioning the tag (given back).
   */
  flush(): string {
    let rest = "";
    if (!this.inside) rest = this.visible(this.held);
    else if (this.late !== undefined) rest = this.late + this.held;
    this.held = "";
    this.late = undefined;
    return rest;
  }

  /** Whitespace right after a closed section, before any visible text, is layout of the reasoning: dropped. */
  private visible(text: string): string {
    if (!this.visibleSeen && this.afterClose) text = text.replace(/^\s+/, "");
    if (/\S/.test(text)) this.visibleSeen = true;
    return text;
  }
}

/** The proper prefixes of each tag, longest first: computed once, not sliced again for every delta. */
const PROPER_PREFIXES = new Map(
  [OPEN, CLOSE].map((tag) => [tag, Array.from({ length: tag.length - 1 }, (_, i) => tag.slice(0, tag.length - 1 - i))]),
);

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialTagSuffix(text: string, tag: string): number {
  for (const prefix of PROPER_PREFIXES.get(tag)!) {
    if (prefix.length <= text.length && text.endsWith(prefix)) return prefix.length;
  }
  return 0;
}

/** Whole-string version, for non-streamed text. */
export function stripReasoning(text: string): string {
  const filter = new ReasoningFilter();
  return filter.push(text) + filter.flush();
}
