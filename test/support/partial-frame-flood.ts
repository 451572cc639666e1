// The issue-11 memory probe: many connections each send most of a large frame and hold it unfinished, while the
// target process's resident memory is sampled from /proc. Used by the wire-limit tests with real processes.
import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

export interface FloodResult {
  baselineBytes: number;
  peakBytes: number;
  /** After every connection closed and a moment passed. */
  afterBytes: number;
  refused: number;
}

/** Opens `connections` connections, each sending `bodyBytes` of a frame declaring `declaredBytes`, and holds them. */
export async function floodPartialFrames(options: {
  socketPath: string;
  pid: number;
  connections: number;
  declaredBytes: number;
  bodyBytes: number;
  holdMs: number;
}): Promise<FloodResult> {
  const { socketPath, pid } = options;
  const baselineBytes = residentBytes(pid);
  let peakBytes = baselineBytes;
  let refused = 0;
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, residentBytes(pid));
  }, 20);
  const sockets: Socket[] = [];
  const header = Buffer.alloc(4);
  header.writeUInt32BE(options.declaredBytes, 0);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  await Promise.all(
    Array.from(
      { length: options.connections },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(socketPath);
          sockets.push(socket);
          socket.on("error", () => resolve());
          socket.on("data", () => {
            refused += 1;
          });
          socket.on("close", () => resolve());
          socket.on("connect", async () => {
            socket.write(header);
            for (let sent = 0; sent < options.bodyBytes && !socket.destroyed && socket.writable; sent += chunk.length) {
              if (!socket.write(chunk.subarray(0, Math.min(chunk.length, options.bodyBytes - sent)))) {
                await new Promise<void>((r) => {
                  // Both listeners go once either fires: 15 waits would otherwise leave 15 close listeners behind.
                  const done = () => {
                    socket.off("drain", done);
                    socket.off("close", done);
                    r();
                  };
                  socket.once("drain", done);
                  socket.once("close", done);
                });
              }
            }
            resolve();
          });
        }),
    ),
  );
  await sleep(options.holdMs);
  peakBytes = Math.max(peakBytes, residentBytes(pid));
  for (const socket of sockets) socket.destroy();
  await sleep(1500);
  clearInterval(sampler);
  return { baselineBytes, peakBytes, afterBytes: residentBytes(pid), refused };
}
