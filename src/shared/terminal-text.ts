// Text from elsewhere (a model's answer, a tool call's arguments, a provider's error) as a terminal shows it: its
// control characters are shown, not obeyed. A model can be led to write anything by what it reads (a page, a tool's
// output), and an escape sequence in its answer could retitle the window, write the clipboard (OSC 52), move the cursor
// to write over what was shown, or on some terminals make them type input of their own.

/** C0 controls but tab and line feed, DEL, and the C1 controls (U+009B alone is a CSI on some terminals). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

const shown = (c: string): string => {
  const code = c.charCodeAt(0);
  if (code === 0x0d) return ""; // a carriage return would let what follows it hide what precedes it
  if (code < 0x20) return String.fromCharCode(0x2400 + code); // ␛ for ESC, ␇ for BEL, ...
  return code === 0x7f ? "\u2421" : "\uFFFD";
};

/**
 * The text with each control character other than a tab or a line feed replaced by a visible symbol (a carriage
 * return is dropped: "\r\n" stays a line break). Character by character, so a sequence split across streamed
 * chunks is made harmless in each of them.
 */
export function terminalText(text: string): string {
  return text.replace(CONTROLS, shown);
}

/**
 * Writes text from elsewhere to `stream`: through terminalText on a terminal, as given to a pipe (a program reading
 * it gets the text as sent).
 */
export function terminalWriter(stream: { write(text: string): unknown; isTTY?: boolean }): (text: string) => void {
  return (text) => {
    stream.write(stream.isTTY ? terminalText(text) : text);
  };
}
