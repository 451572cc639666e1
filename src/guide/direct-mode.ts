// The guide without a model: the terminal asks the engine's questions itself. Choices are a numbered menu (several
// numbers separated by commas for a multiple choice), open questions take free text; `/skip` records "asked, no
// answer" and `/refuse` a refusal. Words are first previewed (`session.preview`): an answer that gives no value for
// the question's success informations is asked again with the expected form, without spending a turn, and so is one
// read only loosely (a tentative value), unless typed the same again. CRM facts
// are applied first as client updates. Progress bars follow each turn; the stop reason and the collected data
// (as the labels the person picked) end it.
import type { Candidate, NextResponse, ProgressView, Session } from "../zelinqa/sdk/index.js";
import {
  ZelinqaAnswerError,
  ZelinqaAPIError,
  ZelinqaError,
  ZelinqaRequestValidationError,
  type AnswerInput,
} from "../zelinqa/sdk/index.js";
import { terminalWriter } from "../shared/terminal-text.js";
import type { GuideIo } from "./guide-host.js";
import { questionHint } from "./answer-forms.js";
import { collectedData, stopReasonText } from "./conversation-report.js";
import type { DomainLabels } from "./domain-labels.js";
import { applyKnownFacts, pendingQuestionAlreadyKnown } from "./known-facts.js";
import type { LineReader } from "./line-reader.js";
import { renderProgress } from "./progress-bars.js";
import { promptCommand, type PromptCommandOptions } from "./prompt-commands.js";
import { heldText, keepingAnswer, understoodEarlier, understoodLine, type Held } from "./understood-earlier.js";

/** The API's limit on a turn's `user_text` (docs/zelinqa-api.md: 1 to 8000 characters). */
export const MAX_ANSWER_CHARS = 8000;

export interface DirectModeOptions {
  io: GuideIo;
  session: Session;
  labels: DomainLabels;
  reader: LineReader;
  /** CRM facts of the ctxkey (`zino ctx crm`): success-information id → value. */
  facts?: Record<string, unknown>;
  /** The date the hints' examples are built from. */
  today?: () => Date;
}

export type GuideEnd = "finished" | "paused" | "failed";

const DIRECT_COMMANDS: PromptCommandOptions = {
  answerCommands: ["/skip", "/refuse"],
  howToAnswer: "Answer with the number of a choice or in your own words (an empty line keeps a value shown as not confirmed)",
};

export function objectiveAchieved(progress: ProgressView): boolean {
  return progress.objective.effective_status === "covered";
}

function isMultiple(candidate: Candidate): boolean {
  return candidate.type === "multiple_choice" || (candidate.type === "semi_open" && candidate.selection_mode === "multiple");
}

/**
 * The question; an open question shows its expected form (`hint`) up front, a choice question its menu, saying that
 * words are taken too when they are (a semi-open question, or `wordsReadable`: see {@link parseAnswer}).
 */
export function renderQuestion(candidate: Candidate, hint?: string | null, options: { wordsReadable?: boolean } = {}): string {
  const lines = [`\n${candidate.text}`];
  candidate.choices.forEach((choice, index) => lines.push(`  ${index + 1}. ${choice.label}`));
  if (candidate.choices.length > 0) {
    const hint = isMultiple(candidate) ? "numbers separated by commas" : "a number";
    lines.push(candidate.type === "semi_open" || options.wordsReadable === true ? `(${hint}, or your own words)` : `(${hint})`);
  } else if (hint) {
    lines.push(`(${hint})`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The person's line as an answer, or a message saying what is expected. `wordsReadable`: the engine can read a
 * value from words for this question (it has success informations), so a choice question takes words too.
 */
export function parseAnswer(candidate: Candidate, line: string, options: { wordsReadable?: boolean } = {}): AnswerInput | string {
  const text = line.trim();
  if (text.toLowerCase() === "/skip") return { outcome: "asked_no_answer" };
  if (text.toLowerCase() === "/refuse") return { outcome: "refused" };
  if (text === "") return "please answer (or /skip, /refuse; /help; /quit or Ctrl-C pauses)";
  if (candidate.choices.length === 0) return { userText: text };
  const numbers = text.split(/[\s,]+/).filter((part) => part !== "");
  if (numbers.every((part) => /^\d+$/.test(part))) {
    const labels: string[] = [];
    for (const part of numbers) {
      const choice = candidate.choices[Number(part) - 1];
      if (!choice) return `choose between 1 and ${candidate.choices.length}`;
      if (!labels.includes(choice.label)) labels.push(choice.label);
    }
    if (labels.length > 1 && !isMultiple(candidate)) return "only one choice here";
    return { choiceLabels: labels, userText: labels.join(", ") };
  }
  const exact = candidate.choices.find((choice) => choice.label.toLowerCase() === text.toLowerCase());
  if (exact) return { choiceLabels: [exact.label], userText: text };
  if (candidate.type === "semi_open" || options.wordsReadable === true) return { userText: text };
  return `type the number of a choice (1-${candidate.choices.length})`;
}

/** The question's success informations (exploration targets have no value to read). */
export function dataTargetIds(candidate: Candidate, labels: DomainLabels): string[] {
  return candidate.target_ids.filter((id) => labels.targets.has(id) || !id.startsWith("exploration:"));
}

type Reading = { kind: "nothing" } | { kind: "loose"; values: string[]; held: Held[] } | { kind: "read" };

/**
 * What the preview shows these words would record for the question's success informations: nothing (answered
 * without any value), values of which some only loosely (`tentative`: never confirmed later, since an answered
 * question is not asked again), or values. Refusals and don't-knows are answers (they spend the turn); a preview
 * that fails leaves the decision to the turn itself.
 */
async function readingOf(
  session: Session,
  candidate: Candidate,
  text: string,
  dataTargets: readonly string[],
  labels: DomainLabels,
): Promise<Reading> {
  let preview;
  try {
    preview = await session.preview(text, { questionId: candidate.question_id });
  } catch (err) {
    if (err instanceof ZelinqaError) return { kind: "read" };
    throw err;
  }
  if (preview.outcome !== "asked_answered") return { kind: "read" };
  const read = dataTargets.filter((id) => {
    const target = preview.targets[id];
    return target !== undefined && (target.value !== undefined || target.status === "not_applicable");
  });
  if (read.length === 0) return { kind: "nothing" };
  const loose = read.filter((id) => preview.targets[id]?.status === "tentative");
  if (loose.length === 0) return { kind: "read" };
  const values = loose.map((id) => heldText({ id, value: preview.targets[id]?.value }, labels));
  return { kind: "loose", values, held: loose.map((id) => ({ id, value: preview.targets[id]?.value })) };
}

function readLoosely(values: readonly string[], hint: string | null, canKeep: boolean): string {
  const exact = hint ? ` (${hint})` : "";
  const choices = canKeep
    ? `Press Enter to confirm it, type the exact value${exact}, or the same answer again to keep it unconfirmed.`
    : `Type the exact value${exact}, or the same answer again to keep it so.`;
  return `Read loosely: ${values.join(", ")} would stay unconfirmed (tentative), and this question is not asked again. ${choices}\n`;
}

/** One question being asked: what its answers are read against, and what an empty line and a repeat mean. */
interface Asking {
  dataTargets: readonly string[];
  labels: DomainLabels;
  hint: string | null;
  /** The answer an empty line sends: a value understood earlier or just read loosely, confirmed. */
  keep: AnswerInput | null;
  /** The loosely read answer last typed: typed again in a row, it is recorded as it is (the person was told). */
  looseLine?: string;
}

/** Words checked by a preview before they are recorded: what to tell the person before asking again, or null. */
async function screenWords(
  session: Session,
  candidate: Candidate,
  answer: AnswerInput,
  line: string,
  asking: Asking,
): Promise<string | null> {
  const { dataTargets, labels, hint } = asking;
  const wordsOnly = answer.userText && !answer.choiceLabels && !answer.outcome;
  if (!wordsOnly || dataTargets.length === 0) return null;
  const reading = await readingOf(session, candidate, answer.userText ?? "", dataTargets, labels);
  if (reading.kind === "nothing") return notUnderstood(candidate, dataTargets, labels, hint);
  if (reading.kind !== "loose" || line.trim() === asking.looseLine) return null;
  asking.looseLine = line.trim();
  // An empty line now confirms what was read, as for a value understood earlier.
  const only = reading.held.length === 1 && dataTargets.length === 1 ? reading.held[0] : undefined;
  asking.keep = only ? await keepingAnswer(session, candidate, only, labels) : null;
  return readLoosely(reading.values, hint, asking.keep !== null);
}

function notUnderstood(candidate: Candidate, dataTargets: readonly string[], labels: DomainLabels, hint: string | null): string {
  const names = dataTargets.map((id) => `"${labels.data.get(id) ?? id}"`).join(", ");
  const count = candidate.choices.length;
  const menu = count > 0 ? `a number from 1 to ${count}${hint ? ", or " : ""}` : "";
  const expected = `${menu}${hint ?? (menu === "" ? "other words" : "")}`;
  return `Not understood, nothing recorded for ${names}. Expected: ${expected} (/skip or /refuse to pass).\n`;
}

const MOVED_ON =
  "Not recorded: this conversation moved on meanwhile (answered in another terminal or by another client). Continuing where it is now.\n";

/** Re-reads the session after a refused answer: true when its turns moved past the question this terminal showed. */
async function movedOnElsewhere(session: Session): Promise<boolean> {
  const shown = session.stateVersion;
  try {
    await session.refresh();
  } catch (err) {
    if (err instanceof ZelinqaError) return false;
    throw err;
  }
  return session.stateVersion !== shown;
}

async function applyFacts(
  session: Session,
  facts: Record<string, unknown>,
  labels: DomainLabels,
  out: (text: string) => void,
): Promise<NextResponse | undefined> {
  if (Object.keys(facts).length === 0) return undefined;
  const report = await applyKnownFacts(session, facts, labels);
  // One write for the whole report, so a reader of the pipe never sees it half printed.
  const lines = [
    ...(report.applied.length > 0 ? [`Known facts applied: ${report.applied.join(", ")}`] : []),
    ...report.ignored.map((line) => `Known fact ignored: ${line}`),
  ];
  if (lines.length > 0) out(`${lines.join("\n")}\n`);
  // A pending question that a fact now answers is replaced (a /next without previous_turn spends no turn).
  return pendingQuestionAlreadyKnown(session, labels) ? session.next({}) : undefined;
}

/** Sends an answer: the engine's next step, or why nothing was recorded (said to the person). */
async function record(
  session: Session,
  candidate: Candidate,
  answer: AnswerInput,
  out: (text: string) => void,
): Promise<NextResponse | "again" | "moved_on"> {
  try {
    return await session.answer({ ...answer, candidateRank: 1, assistantText: candidate.text });
  } catch (err) {
    const refused =
      err instanceof ZelinqaAnswerError ||
      err instanceof ZelinqaRequestValidationError ||
      (err instanceof ZelinqaAPIError && err.statusCode < 500);
    if (!refused) throw err;
    if (await movedOnElsewhere(session)) {
      // Another terminal or client answered meanwhile: asking this question again could never succeed.
      out(MOVED_ON);
      return "moved_on";
    }
    out(`not recorded: ${err.message}\n`);
    return "again";
  }
}

export async function runDirectMode({
  io,
  session,
  labels,
  reader,
  facts = {},
  today = () => new Date(),
}: DirectModeOptions): Promise<GuideEnd> {
  // Question texts and labels come from the configuration (a configuration:write key), answers from the person.
  const out = terminalWriter(io.stdout);
  let last: NextResponse | undefined = await applyFacts(session, facts, labels, out);
  for (;;) {
    const state = session.state;
    // The objective achieved ends the guide even when the engine could still ask optional questions.
    const stopped = last
      ? last.action === "stop" || objectiveAchieved(last.progress)
      : state.status !== "active" || objectiveAchieved(state.progress);
    if (!stopped && session.pendingDecision === null) {
      last = await session.next({});
      if (last.action === "stop") continue;
    }
    if (stopped) break;
    const candidate = session.pendingDecision?.candidates.find((c) => c.rank === 1);
    if (!candidate) break;
    const dataTargets = dataTargetIds(candidate, labels);
    const hint = questionHint(dataTargets, labels.targets, today());
    const wordsReadable = dataTargets.length > 0;
    out(renderQuestion(candidate, candidate.type === "open" ? hint : null, { wordsReadable }));
    // A value read earlier but not confirmed: shown, and kept by an empty line.
    const understood = await understoodEarlier(session, candidate, dataTargets, labels);
    if (understood) out(understoodLine(understood));
    const asking: Asking = { dataTargets, labels, hint, keep: understood?.keep ?? null };
    let answered = false;
    while (!answered) {
      const line = await reader.read("> ");
      const command = line === null ? undefined : promptCommand(line, DIRECT_COMMANDS);
      if (line === null || command?.kind === "quit") {
        out("\nPaused. Run the same command again to continue at this question.\n");
        return "paused";
      }
      if (command) {
        out(`${command.text}\n`);
        continue;
      }
      if (line.length > MAX_ANSWER_CHARS) {
        out(`Answer too long (${line.length} characters, at most ${MAX_ANSWER_CHARS}): nothing recorded. Please answer more briefly.\n`);
        out(`${candidate.text}\n`);
        continue;
      }
      const answer = line.trim() === "" && asking.keep ? asking.keep : parseAnswer(candidate, line, { wordsReadable });
      if (typeof answer === "string") {
        out(`${answer}\n`);
        continue;
      }
      const again = answer === asking.keep ? null : await screenWords(session, candidate, answer, line, asking);
      if (again !== null) {
        out(again);
        out(`${candidate.text}\n`);
        continue;
      }
      const recorded = await record(session, candidate, answer, out);
      if (recorded === "again") continue;
      // Moved on elsewhere: the outer loop shows the conversation where it is now.
      last = recorded === "moved_on" ? undefined : recorded;
      answered = true;
    }
    if (last) out(`\n${renderProgress(last.progress, labels, { count: last.turn_count, remaining: last.turns_remaining })}`);
  }
  const final = await session.refresh();
  if (last && objectiveAchieved(final.progress)) {
    await session.submitFeedback({ result: "success" }).catch(() => undefined);
  }
  if (!last) out(`\n${renderProgress(final.progress, labels, { count: final.turn_count, remaining: final.turns_remaining })}`);
  out(
    `Stopped: ${stopReasonText({ status: final.status, stopReason: last?.stop_reason, warnings: last?.warnings, objectiveCovered: objectiveAchieved(final.progress) })}\n`,
  );
  out(collectedData(final, labels));
  return "finished";
}
