// `zino ask -` and `zino exec -`: stdin read up to what one frame can carry ([limits] max_frame_bytes), so that a
// huge or endless input stops at the limit with a usage error instead of filling the memory.
import { usageError } from "../../shared/cli.js";

/** All of stdin as UTF-8, or a usage error as soon as it passes `maxBytes` (the rest is not read). */
export async function readStdinBounded(stream: NodeJS.ReadableStream, options: { maxBytes: number; what: string }): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  // Leaving the loop early destroys the stream: nothing more is read or buffered.
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > options.maxBytes) {
      throw usageError(
        `${options.what} on stdin is larger than ${formatBytes(options.maxBytes)}, the most one frame carries ` +
          "([limits] max_frame_bytes in ZINO.toml); nothing was sent",
      );
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
