// What the engine already holds, not yet confirmed, for the question the guide is about to ask: a value read in
// passing from an earlier answer ("une table, pour la salle à manger" said to the first question) or a hedged one
// ("environ 1500"). The engine asks the question again to confirm it; the guide shows what it understood with the
// question, and an empty line keeps it. What is then recorded is an ordinary answer (it spends the turn): the labels
// of the choices that give the value, or, for an open question, the value in words, checked first by a preview to
// read back as the same value, confirmed. Where no such answer exists, the person is asked to answer as usual.
import type { AnswerInput, Candidate, Session } from "../zelinqa/sdk/index.js";
import { ZelinqaError } from "../zelinqa/sdk/index.js";
import { formatValue } from "./conversation-report.js";
import type { DomainLabels } from "./domain-labels.js";

export interface UnderstoodEarlier {
  /** Each held value by its label, as the person would read it ("Pièces concernées: Salle à manger"). */
  text: string;
  /** The answer that keeps it, sent on an empty line; null when none reads back as the same value. */
  keep: AnswerInput | null;
}

/** A value the session holds, or a preview read, for one data target. */
export interface Held {
  id: string;
  value: unknown;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The labels of the candidate's choices that give `value` (each element of an array), or null when one has none. */
function choiceLabelsFor(candidate: Candidate, held: Held, labels: DomainLabels): string[] | null {
  const valueLabels = labels.targets.get(held.id)?.valueLabels;
  const shown = new Set(candidate.choices.map((choice) => choice.label));
  const found: string[] = [];
  for (const element of Array.isArray(held.value) ? held.value : [held.value]) {
    const label = valueLabels?.get(JSON.stringify(element));
    if (label === undefined || !shown.has(label)) return null;
    if (!found.includes(label)) found.push(label);
  }
  return found.length > 0 ? found : null;
}

/** The answer that records `held` confirmed for this question, or null when there is none (see the file's comment). */
export async function keepingAnswer(session: Session, candidate: Candidate, held: Held, labels: DomainLabels): Promise<AnswerInput | null> {
  if (candidate.choices.length > 0) {
    const picked = choiceLabelsFor(candidate, held, labels);
    const multiple = candidate.type === "multiple_choice" || candidate.selection_mode === "multiple";
    if (picked === null || (picked.length > 1 && !multiple)) return null;
    return { choiceLabels: picked, userText: picked.join(", ") };
  }
  const words = formatValue(held.value);
  try {
    const preview = await session.preview(words, { questionId: candidate.question_id });
    const read = preview.targets[held.id];
    return preview.outcome === "asked_answered" && read?.status === "confirmed" && sameValue(read.value, held.value)
      ? { userText: words }
      : null;
  } catch (err) {
    if (err instanceof ZelinqaError) return null;
    throw err;
  }
}

/**
 * The tentative values the session holds for the question's data targets (`dataTargets`), or null when it holds
 * none. An empty line keeps them only when the question has one data target and it is held.
 */
export async function understoodEarlier(
  session: Session,
  candidate: Candidate,
  dataTargets: readonly string[],
  labels: DomainLabels,
): Promise<UnderstoodEarlier | null> {
  let state = session.state;
  // An answer moves the session on without returning its targets: read them again when they are older.
  if (state.versions?.state_version !== session.stateVersion) {
    try {
      state = await session.refresh();
    } catch (err) {
      if (err instanceof ZelinqaError) return null;
      throw err;
    }
  }
  const held: Held[] = [];
  for (const id of dataTargets) {
    const target = state.targets[id];
    if (target?.status === "tentative" && target.value !== undefined && target.value !== null) held.push({ id, value: target.value });
  }
  if (held.length === 0) return null;
  const text = held.map((h) => heldText(h, labels)).join("; ");
  const keep = held.length === 1 && dataTargets.length === 1 ? await keepingAnswer(session, candidate, held[0]!, labels) : null;
  return { text, keep };
}

/** A held value as the person reads it: its label, then the value as the choice's label ("Pièces concernées: Salon"). */
export function heldText(held: Held, labels: DomainLabels): string {
  return `${labels.data.get(held.id) ?? held.id}: ${formatValue(held.value, labels.targets.get(held.id)?.valueLabels)}`;
}

/** The line shown under the question. */
export function understoodLine(understood: UnderstoodEarlier): string {
  return understood.keep
    ? `Understood earlier, not confirmed: ${understood.text}. Press Enter to keep it, or answer.\n`
    : `Understood earlier, not confirmed: ${understood.text}. Please answer to confirm or correct it.\n`;
}
