// The single optional model call of a request (docs/zelinqa-api.md §10.6): only when text left a target without a deterministic
// value; any failure degrades the request, the deterministic results stand.
import type { JsonValue } from "../contracts/index.js";
import type { SemanticExtractor } from "../understand/semantic-extractor.js";
import type { EvidenceItem, EvidencePlan } from "./evidence-plan.js";
import type { CompiledArtifact } from "./load-artifact.js";

export interface SemanticOutcome {
  items: EvidenceItem[];
  failed: boolean;
}

export async function runSemanticStep(
  artifact: CompiledArtifact,
  plan: EvidencePlan,
  semantic: SemanticExtractor | undefined,
  signal?: AbortSignal,
): Promise<SemanticOutcome> {
  if (!semantic || plan.modelTargets.size === 0 || plan.modelTexts.length === 0) return { items: [], failed: false };
  const targets = [...plan.modelTargets].flatMap(([id, direct]) => {
    const t = artifact.dataTargetById.get(id);
    if (!t) return [];
    const labels = new Set<string>();
    for (const q of artifact.questionsByTarget.get(id) ?? []) if (q.active) for (const c of q.choices) labels.add(c.label);
    return [{ id, label: t.label, schema: t.schema, choice_labels: [...labels], direct }];
  });
  try {
    const values = await semantic.extract({ texts: [...new Set(plan.modelTexts)], targets }, signal);
    const items: EvidenceItem[] = [];
    for (const v of values) {
      const direct = plan.modelTargets.get(v.id);
      const target = artifact.dataTargetById.get(v.id);
      if (direct === undefined || !target || plan.deterministic.has(v.id) || !target.validate(v.value)) continue;
      items.push({ targetId: v.id, value: v.value as JsonValue, priority: direct ? (v.certain ? 2 : 1) : 0 });
    }
    return { items, failed: false };
  } catch {
    return { items: [], failed: true };
  }
}
