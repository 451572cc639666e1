// Secrets at rest in the ctx database (issue 11): sealed with AES-256-GCM under a key kept in a file outside the
// database (`<database>.key`, 0600, created at first start), so a copy of the database, its -wal or a backup
// alone reveals no API key. Clear-text values are still read (databases written before sealing).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";

const PREFIX = "zino-sealed:v1:";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretKeyError extends Error {
  /** A stable code: zino-ctx exits 2 with this message (src/zino/runtime/run-service.ts). */
  readonly code = "secret_key_file";
  constructor(message: string) {
    super(message);
    this.name = "SecretKeyError";
  }
}

export interface SecretBox {
  readonly keyPath: string;
  seal(clear: string): string;
  /** The clear text of a sealed value; any other string is returned unchanged. */
  unseal(value: string): string;
}

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

/** Reads the key file, or creates it (0600) when it does not exist yet. */
export function openSecretBox(keyPath: string): SecretBox {
  const key = existsSync(keyPath) ? readKey(keyPath) : createKey(keyPath);
  return {
    keyPath,
    seal(clear) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(clear, "utf8"), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
    },
    unseal(value) {
      if (!isSealed(value)) return value;
      const bytes = Buffer.from(value.slice(PREFIX.length), "base64");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretKeyError(`a secret in the ctx database was sealed with another key than ${keyPath}; restore that key file`);
      }
    },
  };
}

/**
 * Writes a new key to a temp file, then links it into place: a ctx starting at the same time reads either no file or
 * the whole key, never an empty one, and when two create one at once the second finds the first's and uses it.
 */
function createKey(keyPath: string): Buffer {
  const key = randomBytes(KEY_BYTES);
  // The first host of a PostgreSQL store creates the key in a folder that may not exist yet (.zino/).
  mkdirSync(dirname(keyPath), { recursive: true, mode: 0o700 });
  const temp = `${keyPath}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const fd = openSync(temp, "wx", 0o600); // never follows or overwrites an existing file
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, `${key.toString("base64")}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, keyPath); // unlike rename, never replaces a key another process has just created
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return readKey(keyPath);
  } finally {
    unlinkSync(temp);
  }
  return key;
}

function readKey(keyPath: string): Buffer {
  const stats = statSync(keyPath);
  const uid = process.geteuid?.();
  if (!stats.isFile()) throw new SecretKeyError(`the ctx key file ${keyPath} is not a regular file`);
  if (uid !== undefined && stats.uid !== uid)
    throw new SecretKeyError(`the ctx key file ${keyPath} belongs to another user (uid ${stats.uid})`);
  if ((stats.mode & 0o077) !== 0) {
    throw new SecretKeyError(
      `the ctx key file ${keyPath} is readable by other users (mode ${(stats.mode & 0o777).toString(8)}); run chmod 600 on it`,
    );
  }
  const key = Buffer.from(readFileSync(keyPath, "utf8").trim(), "base64");
  if (key.length !== KEY_BYTES) throw new SecretKeyError(`the ctx key file ${keyPath} does not hold a ${KEY_BYTES}-byte key`);
  return key;
}
