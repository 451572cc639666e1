// Raw socket exchanges for protocol-conformance tests: bytes that no well-behaved client would send.
import { createConnection, type Socket } from "node:net";
import { FrameDecoder, type Frame } from "../../src/wire/index.js";

/** Writes raw bytes on a fresh connection and collects every frame answered until the server closes. */
export function rawExchange(socketPath: string, bytes: Buffer): Promise<Frame[]> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    const decoder = new FrameDecoder();
    const frames: Frame[] = [];
    socket.on("connect", () => socket.write(bytes));
    socket.on("data", (chunk: Buffer) => {
      for (const item of decoder.push(chunk)) if (item.kind === "frame") frames.push(item.frame);
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(frames));
  });
}

/**
 * Writes raw bytes on a fresh connection, then shuts its write side (`shutdown(SHUT_WR)`, as `nc -N` and many Python
 * clients do) and collects every frame answered until the server closes.
 */
export function halfClosedExchange(socketPath: string, bytes: Buffer): Promise<Frame[]> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ path: socketPath, allowHalfOpen: true });
    const decoder = new FrameDecoder();
    const frames: Frame[] = [];
    socket.on("connect", () => socket.end(bytes));
    socket.on("data", (chunk: Buffer) => {
      for (const item of decoder.push(chunk)) if (item.kind === "frame") frames.push(item.frame);
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(frames));
  });
}

/** A connection whose answer frames are collected as they arrive; `until` waits for what they must hold. */
export interface RawConnection {
  socket: Socket;
  frames: Frame[];
  /** Resolves once `check(frames)` holds (checked at each frame). */
  until: (check: (frames: Frame[]) => boolean) => Promise<void>;
}

export function rawConnection(socketPath: string): RawConnection {
  const socket = createConnection(socketPath);
  const decoder = new FrameDecoder();
  const frames: Frame[] = [];
  const waiters = new Set<{ check: (frames: Frame[]) => boolean; resolve: () => void }>();
  socket.on("data", (chunk: Buffer) => {
    for (const item of decoder.push(chunk)) if (item.kind === "frame") frames.push(item.frame);
    for (const waiter of waiters) {
      if (!waiter.check(frames)) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  });
  return {
    socket,
    frames,
    until: (check) => (check(frames) ? Promise.resolve() : new Promise((resolve) => waiters.add({ check, resolve }))),
  };
}

/** A frame around any body, valid JSON or not; `declaredBytes` lets a header lie about the length. */
export function framed(body: string | Buffer, declaredBytes?: number): Buffer {
  const data = Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8");
  const header = Buffer.alloc(4);
  header.writeUInt32BE(declaredBytes ?? data.length, 0);
  return Buffer.concat([header, data]);
}
