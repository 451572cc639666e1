// Collecting the evidence of one request (docs/zelinqa-api.md §10.4 text routing) before anything is merged, so that the single
// optional model call (docs/zelinqa-api.md §10.6) can see every gap, and model values never override deterministic ones.
import type { JsonValue, Outcome } from "../contracts/index.js";
import { answeredStems, describesAnotherThing, extractDirect, extractIndirect, indirectText } from "../understand/extract-value.js";
import { declinesTheThing, withoutHesitation } from "../understand/lexicons.js";
import { MAX_UNDERSTOOD_WORDS, understoodPart } from "../understand/normalise.js";
import { defersToSomeoneElse, handledBySomeoneElse, notSetYet } from "../understand/someone-else-knows.js";
import { asksForQuantity, choicePositions, labelNumbers } from "../understand/choice-positions.js";
import type { CompiledArtifact, DataTargetInfo, QuestionInfo } from "./load-artifact.js";
import type { Priority, SessionState } from "./session-state.js";

export interface EvidenceItem {
  readonly targetId: string;
  readonly value: JsonValue;
  readonly priority: Priority;
}

export interface EvidencePlan {
  readonly items: EvidenceItem[];
  /** Targets that received a deterministic value in this request. */
  readonly deterministic: Set<string>;
  readonly modelTexts: string[];
  /** target id → direct (true) or indirect (false). */
  readonly modelTargets: Map<string, boolean>;
  /** The words the deterministic extractors may still read in this request (MAX_REQUEST_UNDERSTOOD_WORDS at first). */
  readonly budget: { words: number };
}

/**
 * [ext] The words the deterministic extractors read in one request, all its texts together: as many as four replies
 * of the longest plain text (8,000 characters) hold. A request may carry up to 100 messages (`/events`), each read up
 * to MAX_UNDERSTOOD_WORDS words; without this bound, one body of 256 KiB kept the server busy for seconds. Texts past
 * it go to the model-based extractor alone, when one is configured.
 */
export const MAX_REQUEST_UNDERSTOOD_WORDS = 4_000;

export function emptyPlan(budget = { words: MAX_REQUEST_UNDERSTOOD_WORDS }): EvidencePlan {
  return { items: [], deterministic: new Set(), modelTexts: [], modelTargets: new Map(), budget };
}

/**
 * The start of `text` the extractors read in this request, at most MAX_UNDERSTOOD_WORDS words, taken from its budget.
 * Every extraction goes through here: the extractors themselves read what they are given.
 */
function budgeted(plan: EvidencePlan, text: string): string {
  const part = understoodPart(text, Math.min(MAX_UNDERSTOOD_WORDS, plan.budget.words));
  plan.budget.words -= part.words;
  return part.text;
}

const isComplete = (state: SessionState, id: string) => {
  const s = state.targets[id]?.status;
  return s === "confirmed" || s === "not_applicable";
};

function push(plan: EvidencePlan, targetId: string, value: unknown, priority: Priority): void {
  plan.items.push({ targetId, value: value as JsonValue, priority });
  plan.deterministic.add(targetId);
}

function dataTargetsOf(artifact: CompiledArtifact, q: QuestionInfo): DataTargetInfo[] {
  return q.targets
    .filter((t) => t.kind === "data")
    .map((t) => artifact.dataTargetById.get(t.id))
    .filter((t): t is DataTargetInfo => t !== undefined);
}

/** P2 values from selected choices (docs/zelinqa-api.md §10.4), arrays in the question's choice order (§11.1). */
function structuredEvidence(
  plan: EvidencePlan,
  q: QuestionInfo,
  t: DataTargetInfo,
  choiceIds: readonly string[],
  priority: Priority = 2,
): boolean {
  const values = q.choice_values[t.id] ?? {};
  const selected = q.choices.filter((c) => choiceIds.includes(c.id) && values[c.id] !== undefined).map((c) => values[c.id]);
  if (selected.length === 0) return false;
  if (t.extractor === "array_enum" || t.schema.type === "array") {
    if (!t.validate(selected)) return false;
    push(plan, t.id, selected, priority);
    return true;
  }
  const distinct = new Set(selected.map((v) => JSON.stringify(v)));
  if (distinct.size !== 1) return false;
  push(plan, t.id, selected[0], priority);
  return true;
}

const isChoiceTarget = (t: DataTargetInfo) => t.extractor === "enum" || t.extractor === "array_enum";

/**
 * [ext] The choices a reply names by their place in the menu ("the 3rd one", "1 et 3", "la dernière"), in the order
 * the question shows them (choice-positions.ts). Bare numbers only when the labels count nothing and the question asks
 * for no quantity: "3" to "How many rooms?" or to "1 room / 2 rooms / 3 rooms" is no third option.
 */
function placedEvidence(plan: EvidencePlan, q: QuestionInfo, t: DataTargetInfo, text: string): boolean {
  if (q.choices.length < 2) return false;
  const numbered = q.choices.map((c) => labelNumbers(c.label));
  // Two labels or more holding numbers ("1 room", "2 rooms"; "1-2 h", "3 h+") count things: a bare number is a count.
  const bareNumbers = !asksForQuantity(q.text) && numbered.filter((n) => n.length > 0).length < 2;
  const named = choicePositions(text, q.choices.length, { bareNumbers, labelNumbers: new Set(numbered.flat()) });
  if (named === null) return false;
  if (named.positions.length > 1 && q.selection_mode !== "multiple" && q.type !== "multiple_choice") return false;
  const ids = named.positions.map((i) => (q.choices[i] as { id: string }).id);
  return structuredEvidence(plan, q, t, ids, named.exact ? 2 : 1);
}

export interface AttributedReply {
  readonly question: QuestionInfo;
  readonly text?: string | undefined;
  readonly freeText?: string | undefined;
  readonly choiceIds?: readonly string[] | undefined;
  readonly today: string;
}

/** Direct extraction for the question's data targets, then indirect for every other data target. */
export function collectAttributed(artifact: CompiledArtifact, state: SessionState, plan: EvidencePlan, reply: AttributedReply): void {
  const direct = dataTargetsOf(artifact, reply.question);
  const directIds = new Set(direct.map((t) => t.id));
  const gaps: string[] = [];
  // What the extractors read of the reply; a free-text target keeps its text whole.
  const read = { text: reply.text && budgeted(plan, reply.text), freeText: reply.freeText && budgeted(plan, reply.freeText) };
  for (const t of direct) {
    if (reply.choiceIds && structuredEvidence(plan, reply.question, t, reply.choiceIds)) continue;
    const source = t.extractor === "string" ? (reply.freeText ?? reply.text) : read.text;
    const result = source === undefined ? null : extractDirect(source, t.extraction, reply.today);
    if (result) push(plan, t.id, result.value, result.certainty === "exact" ? 2 : 1);
    else if (!(isChoiceTarget(t) && read.text && placedEvidence(plan, reply.question, t, read.text)) && !isComplete(state, t.id))
      gaps.push(t.id);
  }
  const texts = [reply.text, reply.freeText].filter((s): s is string => s !== undefined && s.trim() !== "");
  const replyHasDate = direct.some((t) => t.extractor === "date" || t.extractor === "date-time");
  for (const text of [read.text, read.freeText])
    if (text !== undefined && text.trim() !== "")
      collectIndirect(artifact, state, plan, { text, today: reply.today, skip: directIds, datesAllowed: !replyHasDate });
  if (gaps.length > 0 && texts.length > 0) {
    plan.modelTexts.push(...texts);
    for (const id of gaps) plan.modelTargets.set(id, true);
  }
}

interface IndirectSource {
  readonly text: string;
  readonly today: string;
  readonly skip: ReadonlySet<string>;
  readonly datesAllowed: boolean;
}

/**
 * Indirect evidence (P0) for the other data targets. [ext] Numbers, dates and boolean facts go only to
 * incomplete targets, and a date only when exactly one incomplete date target could take it.
 */
function collectIndirect(artifact: CompiledArtifact, state: SessionState, plan: EvidencePlan, source: IndirectSource): void {
  const others = artifact.dataTargets.filter((t) => !source.skip.has(t.id));
  const openDates = others.filter((t) => (t.extractor === "date" || t.extractor === "date-time") && !isComplete(state, t.id));
  const openPast = openDates.filter((t) => t.extraction.words?.past === true);
  const read = indirectText(
    source.text,
    source.today,
    source.datesAllowed && openDates.length === 1,
    answeredStems(artifact.dataTargets.filter((t) => source.skip.has(t.id)).map((t) => t.extraction)),
    source.datesAllowed && openPast.length === 1,
  );
  // [ext] Several open date targets: a date fixed whatever the side may still go to the one of its side (extract-value.ts).
  const input =
    source.datesAllowed && openDates.length > 1
      ? { ...read, oneDateTargetBySide: { future: openDates.length - openPast.length === 1, past: openPast.length === 1 } }
      : read;
  for (const t of others) {
    const phraseKind = t.extractor === "enum" || t.extractor === "array_enum";
    if (!phraseKind && isComplete(state, t.id)) continue;
    const result = extractIndirect(input, t.extraction);
    if (result) push(plan, t.id, result.value, 0);
  }
}

/** Unattributed text (summaries, unattributed messages, unresolved turns): indirect evidence only. */
export function collectUnattributed(
  artifact: CompiledArtifact,
  state: SessionState,
  plan: EvidencePlan,
  text: string,
  today: string,
): void {
  if (text.trim() === "") return;
  const before = new Set(plan.deterministic);
  collectIndirect(artifact, state, plan, { text: budgeted(plan, text), today, skip: new Set(), datesAllowed: true });
  const gaps = artifact.dataTargets.filter((t) => !isComplete(state, t.id) && !plan.deterministic.has(t.id) && !before.has(t.id));
  if (gaps.length > 0) {
    plan.modelTexts.push(text);
    for (const t of gaps) if (!plan.modelTargets.has(t.id)) plan.modelTargets.set(t.id, false);
  }
}

const NUMBER_KINDS = new Set(["number", "integer"]);

/** Spaces and sentence punctuation: no extractor of a non-string target reads a value from them. */
const NOTHING_SAID = /^[\s.,;:!?…]*$/u;

/**
 * A hesitant reply that is nothing but its hesitation ("je ne sais pas.", "no idea!"), with no free text and no
 * choice: what remains can give none of the question's non-string targets a value, so the don't-know stands as it
 * is, without running every extractor over blanks. Its words count for nothing in the request's budget either way.
 */
function saysNothingMore(remainder: string, reply: AttributedReply): boolean {
  return reply.freeText === undefined && (reply.choiceIds?.length ?? 0) === 0 && NOTHING_SAID.test(remainder);
}

/**
 * Collects an attributed reply and returns its final outcome. [ext] A don't-know inferred from the text that
 * still states a value for the question ("je sais pas, peut-être 1000") is an answer held loosely: the outcome
 * becomes `asked_answered` and its values are at most P1 (tentative). A refusal is never extracted (docs/zelinqa-api.md §10.3).
 */
export function collectReply(
  artifact: CompiledArtifact,
  state: SessionState,
  plan: EvidencePlan,
  reply: AttributedReply,
  outcome: { value: Outcome; inferred: boolean },
): Outcome {
  // [ext] "rather not, I have confidential files" to a yes/no question declines the thing asked: a no, not a refusal
  // to answer (lexicons.ts declinesTheThing).
  const declines =
    outcome.value === "refused" &&
    outcome.inferred &&
    reply.text !== undefined &&
    dataTargetsOf(artifact, reply.question).every((t) => t.extractor === "boolean") &&
    declinesTheThing(reply.text);
  if (outcome.value === "asked_answered" || declines) {
    collectAttributed(artifact, state, plan, reply);
    // [ext] (s26) "c'est mon mari qui gère ça", "my wife handles that": no value, and the reason is that someone else
    // takes care of it: a don't-know said as a situation (someone-else-knows.ts).
    // (s27) "no budget yet, want to see the quote first": the thing asked does not exist yet, the same.
    const targets = dataTargetsOf(artifact, reply.question);
    const read = targets.some((t) => plan.deterministic.has(t.id));
    const text = reply.text;
    if (outcome.inferred && !read && text !== undefined) {
      if (handledBySomeoneElse(text) || targets.some((t) => notSetYet(text, t.extraction.words))) return "asked_no_answer";
    }
    return "asked_answered";
  }
  if (outcome.value !== "asked_no_answer" || !outcome.inferred || reply.text === undefined || reply.text.trim() === "")
    return outcome.value;
  // "aucune idée" must not read as "aucune" (no): the hesitation itself is blanked out first.
  const remainder = withoutHesitation(reply.text);
  // [ext] (s24) "no idea, my husband always walks him": the reason the person cannot say, no guess (someone-else-knows.ts).
  if (saysNothingMore(remainder, reply) || defersToSomeoneElse(remainder)) return outcome.value;
  const scratch = emptyPlan(plan.budget);
  collectAttributed(artifact, state, scratch, { ...reply, text: remainder });
  // What remains of a hesitant reply is no free-text answer ("aucune idée franchement" → "franchement"), nor a number
  // measuring another thing it describes ("je sais pas, c'est une maison de 100 m²" for a roof).
  const directIds = new Set(
    dataTargetsOf(artifact, reply.question)
      .filter((t) => t.extractor !== "string")
      .filter((t) => !(NUMBER_KINDS.has(t.extractor) && describesAnotherThing(remainder, t.extraction.words)))
      .map((t) => t.id),
  );
  if (!scratch.items.some((i) => directIds.has(i.targetId))) return outcome.value;
  const allDirect = new Set(dataTargetsOf(artifact, reply.question).map((t) => t.id));
  for (const item of scratch.items) {
    if (allDirect.has(item.targetId) && !directIds.has(item.targetId)) continue;
    push(plan, item.targetId, item.value, directIds.has(item.targetId) ? (Math.min(item.priority, 1) as Priority) : 0);
  }
  return "asked_answered";
}
