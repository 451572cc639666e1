// Test wiring of the engine: a fixed clock, sequential ids and the reference corpus compiled and loaded.
import type { ConfigurationChange } from "../../../src/zelinqa/contracts/index.js";
import { applyChanges, compileArtifact, loadArtifact } from "../../../src/zelinqa/engine/index.js";
import type { CompiledArtifact, DraftConfiguration, EngineDeps, EngineResult } from "../../../src/zelinqa/engine/index.js";
import { referenceCorpusChanges } from "../../support/zelinqa-reference-corpus.js";

export function testDeps(extra: Partial<EngineDeps> = {}): EngineDeps {
  let n = 0;
  return {
    now: () => new Date("2026-09-01T09:14:22.000Z"),
    newId: (prefix) => `${prefix}_${String(++n).padStart(4, "0")}`,
    ...extra,
  };
}

export function draftOf(changes: ConfigurationChange[]): DraftConfiguration {
  const result = applyChanges(null, changes, { domainName: "test" });
  if (!result.ok) throw new Error(`fixture draft rejected: ${JSON.stringify(result.issues)}`);
  return result.draft;
}

export function artifactOf(changes: ConfigurationChange[]): CompiledArtifact {
  // Round-trip through JSON as the store does.
  return loadArtifact(JSON.parse(JSON.stringify(compileArtifact(draftOf(changes)))) as unknown);
}

export function referenceArtifact(): CompiledArtifact {
  return artifactOf(referenceCorpusChanges());
}

export function valueOf<T>(result: EngineResult<T>): T {
  if (!result.ok) throw new Error(`unexpected engine error: ${JSON.stringify(result.error)}`);
  return result.value;
}
