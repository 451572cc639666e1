// Reading a file a person named (ZINO.toml, agents/ files, a Zelinqa domain or change batch): a regular file, at
// most a bound of bytes, UTF-8. The checks run on the open descriptor before any byte is read, so a device
// (/dev/zero grew the process to 8 GB), a FIFO (blocked forever) or a huge file is refused at once.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

export type InputFileErrorCode = "file_unreadable" | "file_not_regular" | "file_too_large" | "file_not_utf8";

export class InputFileError extends Error {
  override readonly name = "InputFileError";
  constructor(
    readonly code: InputFileErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface InputFileOptions {
  maxBytes: number;
  /** What the file is, for messages: "the configuration file", "the domain file". */
  what: string;
}

const MIB = 1024 * 1024;

/** A Zelinqa configuration or change batch (`zelinqa config import`, the guide's domain file): four times the
 * 16 Mi characters of JSON a draft may hold, room for YAML and indentation. */
export const MAX_CONFIGURATION_FILE_BYTES = 64 * MIB;
const sizeText = (bytes: number) => (bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${bytes} bytes`);

function kindOf(stat: ReturnType<typeof fstatSync>): string {
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  if (stat.isSocket()) return "a socket";
  return "not a regular file";
}

function openForReading(path: string, what: string): number {
  try {
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever before fstat could refuse it.
    return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (code ?? "unreadable");
    throw new InputFileError("file_unreadable", `cannot read ${what} ${path} (${why}): check the path and its permissions`);
  }
}

/** The whole file as UTF-8 text (a leading byte order mark dropped), or an InputFileError saying what to fix. */
export function readInputFile(path: string, options: InputFileOptions): string {
  const { maxBytes, what } = options;
  const fd = openForReading(path, what);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      throw new InputFileError("file_not_regular", `${what} ${path} is ${kindOf(stat)}: give the path of a regular file`);
    }
    const tooLarge = () =>
      new InputFileError(
        "file_too_large",
        `${what} ${path} is larger than ${sizeText(maxBytes)} (the bound on ${what}): give a smaller file`,
      );
    if (stat.size > maxBytes) throw tooLarge();
    // The size can change between fstat and the reads: grow up to one byte past the bound to notice.
    let buffer = Buffer.alloc(stat.size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) throw tooLarge();
        buffer = Buffer.concat([buffer, Buffer.alloc(Math.min(buffer.length, maxBytes + 1 - buffer.length))]);
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(buffer.subarray(0, length));
    } catch {
      throw new InputFileError("file_not_utf8", `${what} ${path} is not UTF-8 text: save it as UTF-8`);
    }
  } finally {
    closeSync(fd);
  }
}
