// Frame types with each run of `chunk` frames written `chunk+`: rtr sends the text of one network read from the
// provider as one chunk, so how many chunks a reply makes depends on how the provider's writes were read.
import type { Frame } from "../../src/wire/index.js";

export function typesWithChunkRuns(frames: readonly Frame[]): string[] {
  return frames.flatMap((frame, i) => (frame.type !== "chunk" ? [String(frame.type)] : frames[i - 1]?.type === "chunk" ? [] : ["chunk+"]));
}
