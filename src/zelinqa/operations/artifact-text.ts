// Loading a stored artefact on the request thread without holding it (docs/zelinqa-api.md §12.5): a largest one is 44 MB of
// JSON and seconds of CPU, so its digest is verified, its JSON parsed and its indexes built in slices of about 20 ms,
// other requests being answered between them. Its seal (written with it) also spares the schema check, a third of the
// work, when this code wrote it; a text that does not match its digest is refused as corrupt.
import { createHash } from "node:crypto";
import { parseJsonInSteps } from "../../shared/json-in-steps.js";
import { runInSlices } from "../../shared/time-slices.js";
import { CorruptArtifact, artifactLoadSteps, artifactSchemaFingerprint } from "../engine/index.js";
import type { CompiledArtifact } from "../engine/index.js";
import type { ArtifactSeal, StoredArtifact } from "../store/index.js";

/** UTF-16 units hashed per step: about 2 ms. */
export const HASH_CHUNK_UNITS = 1 << 20;

/** The seal of an artefact this code has just compiled (its text fits the schema by construction). */
export function sealOf(text: string): ArtifactSeal {
  return { sha256: createHash("sha256").update(text, "utf8").digest("hex"), schema: artifactSchemaFingerprint() };
}

/** The SHA-256 of the UTF-8 text, as sealOf computes it, a chunk per step (never splitting a surrogate pair). */
function* sha256InSteps(text: string): Generator<void, string> {
  const hash = createHash("sha256");
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + HASH_CHUNK_UNITS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    hash.update(text.slice(at, end), "utf8");
    at = end;
    yield;
  }
  return hash.digest("hex");
}

function* storedArtifactSteps(stored: StoredArtifact): Generator<void, CompiledArtifact> {
  let checked = false;
  if (stored.seal !== null) {
    if ((yield* sha256InSteps(stored.text)) !== stored.seal.sha256) {
      throw new CorruptArtifact("its text does not match the SHA-256 stored with it");
    }
    checked = stored.seal.schema === artifactSchemaFingerprint();
  }
  let json: unknown;
  try {
    json = yield* parseJsonInSteps(stored.text);
  } catch (error) {
    throw new CorruptArtifact(error instanceof Error ? error.message : "not JSON");
  }
  return yield* artifactLoadSteps(json, { checked });
}

/** Loads a stored artefact in slices; rejects with CorruptArtifact when it is damaged or does not fit the schema. */
export function loadStoredArtifact(stored: StoredArtifact, options: { sliceMs?: number } = {}): Promise<CompiledArtifact> {
  return runInSlices(storedArtifactSteps(stored), options);
}
