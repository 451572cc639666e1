// How deep a JSON frame nests, measured on its bytes before it is parsed: a frame nested 100,000 levels deep is a
// `bad_request` (docs/zino-protocol.md §2: malformed input never takes the process down), not a stack overflow in whatever walks
// the parsed value afterwards (zod, merges, clones). The scan itself is src/shared/json-shape.ts.
import { jsonShapeExcess } from "../shared/json-shape.js";

/** Deeper than any real ZINO frame (OpenAI tool schemas nest about ten levels); shallow enough for any recursion. */
export const DEFAULT_MAX_JSON_DEPTH = 128;

/**
 * Whether the JSON text in `bytes` nests objects and arrays more than `maxDepth` levels (brackets outside strings,
 * one linear pass). Unbalanced or otherwise malformed text is left to JSON.parse.
 */
export function exceedsJsonDepth(bytes: Buffer, maxDepth: number): boolean {
  return jsonShapeExcess(bytes, maxDepth) !== null;
}
