// Large Zelinqa configurations for cost tests: `questions` single-choice questions of `choices` choices with three
// synonyms each, and one enum success information per question, across 20 dimensions (the largest allowed is 2,000
// questions of 50 choices: a 15 MB draft). Built by the engine, as a change batch would build it, then stored as the draft.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { applyChanges } from "../../src/zelinqa/engine/index.js";
import type { DraftConfiguration } from "../../src/zelinqa/engine/index.js";
import type { ZelinqaStore } from "../../src/zelinqa/store/index.js";

export function largeConfigurationChanges(size: { questions: number; choices: number }): ConfigurationChange[] {
  const changes: ConfigurationChange[] = [{ entity: "objective", operation: "update", objective: { name: "large", max_turns: 100 } }];
  for (let d = 0; d < 20; d++) {
    changes.push({
      entity: "dimension",
      operation: "create",
      dimension: { id: `d${d}`, name: `Dim ${d}`, order_position: d, completion_role: d < 5 ? "blocking" : "contributing" },
    });
  }
  for (let q = 0; q < size.questions; q++) {
    const values = Array.from({ length: size.choices }, (_, c) => `v${q}_${c}`);
    changes.push({
      entity: "question",
      operation: "create",
      question: {
        id: `q${q}`,
        text: `Question numéro ${q} sur le sujet ${q % 37} ?`,
        type: "single_choice",
        dimension_id: `d${q % 20}`,
        choices: values.map((value, c) => ({
          id: `c${q}_${c}`,
          label: `Choix ${c} de la question ${q}`,
          maps_to_value: value,
          synonyms: [`syn a ${c} ${q}`, `syn b ${c}`, `autre ${q} ${c}`],
        })),
      },
    });
    changes.push({
      entity: "success_information",
      operation: "create",
      success_information: { id: `s${q}`, label: `Info ${q}`, schema: { type: "string", enum: values }, primary_question_id: `q${q}` },
    });
  }
  return changes;
}

export function largeDraft(size: { questions: number; choices: number }): DraftConfiguration {
  const result = applyChanges(null, largeConfigurationChanges(size), { domainName: "large" });
  if (!result.ok) throw new Error(`the large configuration is refused: ${JSON.stringify(result.issues.slice(0, 3))}`);
  return result.draft;
}

/** Stores `draft` as the domain's draft (the domain must have none yet). */
export async function storeDraft(store: ZelinqaStore, domainId: string, draft: DraftConfiguration): Promise<void> {
  const saved = await store.saveDraft({
    domainId,
    expectedRevision: 0,
    revision: draft.draft_revision,
    content: draft,
    now: new Date().toISOString(),
  });
  if (!saved) throw new Error(`domain ${domainId} has a draft already`);
}
