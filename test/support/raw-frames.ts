// Raw socket exchanges for protocol-conformance tests: bytes that no well-behaved client would send.
import { createConnection } from "node:net";
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

/** A frame around any body, valid JSON or not; `declaredBytes` lets a header lie about the length. */
export function framed(body: string | Buffer, declaredBytes?: number): Buffer {
  const data = Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8");
  const header = Buffer.alloc(4);
  header.writeUInt32BE(declaredBytes ?? data.length, 0);
  return Buffer.concat([header, data]);
}
