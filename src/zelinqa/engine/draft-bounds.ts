// [ext] Bounds on a whole draft (docs/zelinqa-api.md §12.4 `configuration_too_large`): every change batch is bounded, but
// batches add up, and each later edit, publish and compile reads and rewrites the whole draft. Checked after a batch
// is applied and before it is saved, so a draft never grows past them.
import type { ConfigurationIssue } from "../contracts/index.js";
import type { DraftConfiguration } from "./draft.js";

/** Entities of one kind a draft may hold: far above a real interview, well below where an edit takes seconds. */
export const MAX_DRAFT_ENTITIES = { questions: 2_000, dimensions: 500, success_informations: 2_000 } as const;
/** The draft's JSON text, in characters: 2,000 questions of ordinary size take about 3 MB. */
export const MAX_DRAFT_CHARS = 16 * 1024 * 1024;

const ENTITY_OF = { questions: "question", dimensions: "dimension", success_informations: "success_information" } as const;

/**
 * The issue of a draft a batch takes over one of the bounds, or null. A batch that does not grow what is over a bound
 * passes (a draft saved before the bounds existed can still be edited down).
 */
export function draftSizeIssue(draft: DraftConfiguration, before: DraftConfiguration | null): ConfigurationIssue | null {
  for (const kind of ["questions", "dimensions", "success_informations"] as const) {
    const count = draft[kind].length;
    if (count > MAX_DRAFT_ENTITIES[kind] && count > (before?.[kind].length ?? 0)) {
      return {
        code: "configuration_too_large",
        message:
          `The draft would hold ${count} ${kind.replace("_", " ")}, over the limit of ${MAX_DRAFT_ENTITIES[kind]}: ` +
          `delete unused ones, or split the interview into several domains.`,
        entity: ENTITY_OF[kind],
      };
    }
  }
  const chars = JSON.stringify(draft).length;
  if (chars <= MAX_DRAFT_CHARS || (before !== null && chars <= JSON.stringify(before).length)) return null;
  return {
    code: "configuration_too_large",
    message:
      `The draft would take ${chars} characters of JSON, over the limit of ${MAX_DRAFT_CHARS}: ` +
      `shorten question texts, choice labels and synonyms, or delete unused entities.`,
  };
}
