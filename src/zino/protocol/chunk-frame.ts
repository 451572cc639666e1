// A streamed piece of text, `{type:"chunk", delta}`: what rtr streams to the daemon and the daemon to its
// clients (docs/zino-protocol.md §3).
import { z } from "zod";

export const ChunkFrameSchema = z.looseObject({ type: z.literal("chunk"), delta: z.string() });

/**
 * The `delta` of a chunk frame when ChunkFrameSchema accepts it, checked by hand: every streamed piece of every
 * turn comes through here (test/zino/protocol/fast-paths.property.test.ts keeps the two equal).
 */
export function chunkDelta(frame: Record<string, unknown>): string | undefined {
  return frame.type === "chunk" && typeof frame.delta === "string" ? frame.delta : undefined;
}
