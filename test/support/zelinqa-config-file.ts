// The docs/zelinqa-api.md §15 reference corpus as a whole-configuration document, the format of `zelinqa config import/export`.
import { referenceCorpusChanges } from "../../harness/zelinqa-reference-corpus.js";

/** The reference corpus as a whole-configuration file. */
export function corpusDocument(): Record<string, unknown> {
  const doc: Record<string, unknown> = { dimensions: [], questions: [], success_informations: [] };
  for (const change of referenceCorpusChanges()) {
    if (change.entity === "objective") doc.objective = change.objective;
    if (change.entity === "dimension") (doc.dimensions as unknown[]).push(change.dimension);
    if (change.entity === "question") (doc.questions as unknown[]).push(change.question);
    if (change.entity === "success_information") (doc.success_informations as unknown[]).push(change.success_information);
  }
  return doc;
}
