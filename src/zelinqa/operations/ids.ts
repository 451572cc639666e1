// Identifier generation of docs/zelinqa-api.md §3 and §2.4: ULIDs (`req_`, `ses_`, `dec_`, `fbk_`, `cmp_`), UUID v4 audit ids and
// base32 key ids. Injected into the app so tests can make them deterministic.
import { randomBytes, randomUUID } from "node:crypto";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export interface IdGenerator {
  /** `prefix` + `_` + a 26-character ULID, e.g. `ses_01J…`. */
  newId(prefix: string): string;
  uuid(): string;
  /** Random bytes for API keys. */
  randomBytes(size: number): Buffer;
}

function encodeTime(ms: number): string {
  let out = "";
  let value = ms;
  for (let i = 0; i < 10; i += 1) {
    out = CROCKFORD[value % 32]! + out;
    value = Math.floor(value / 32);
  }
  return out;
}

function encodeRandom(bytes: Buffer): string {
  let out = "";
  let bits = 0;
  let buffer = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(buffer >> (bits - 5)) & 31]!;
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

/** Monotonic within a millisecond so ids created in one request still sort by creation. */
export function createIdGenerator(now: () => Date = () => new Date()): IdGenerator {
  let lastMs = -1;
  let lastRandom: Buffer = Buffer.alloc(10);
  // Random bytes drawn 2560 at a time: one randomFillSync per 256 new milliseconds instead of one per id.
  let pool: Buffer = Buffer.alloc(0);
  let offset = 0;
  const random10 = (): Buffer => {
    if (offset + 10 > pool.length) {
      pool = randomBytes(2560);
      offset = 0;
    }
    offset += 10;
    return Buffer.from(pool.subarray(offset - 10, offset));
  };
  const ulid = (): string => {
    const ms = now().getTime();
    if (ms === lastMs) {
      for (let i = lastRandom.length - 1; i >= 0; i -= 1) {
        if (lastRandom[i]! < 255) {
          lastRandom[i] = lastRandom[i]! + 1;
          break;
        }
        lastRandom[i] = 0;
      }
    } else {
      lastMs = ms;
      lastRandom = random10();
    }
    return encodeTime(ms) + encodeRandom(lastRandom);
  };
  return {
    newId: (prefix) => `${prefix}_${ulid()}`,
    uuid: () => randomUUID(),
    randomBytes: (size) => randomBytes(size),
  };
}

/** Base32 (Crockford, lowercase) of random bytes, for `key_` + 12 characters. */
export function base32(bytes: Buffer, length: number): string {
  return encodeRandom(bytes).slice(0, length).toLowerCase();
}
