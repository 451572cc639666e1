// The guide without a model: the terminal asks the engine's questions itself. Choices are a numbered menu (several
// numbers separated by commas for a multiple choice), open questions take free text; `/skip` records "asked, no
// answer" and `/refuse` a refusal. Progress bars follow each turn; the stop reason and the collected data end it.
import type { Candidate, NextResponse, ProgressView, Session } from "../../../zelinqa/sdk/index.js";
import { ZelinqaAnswerError, ZelinqaAPIError, type AnswerInput } from "../../../zelinqa/sdk/index.js";
import type { CliIo } from "../cli-io.js";
import { collectedData, stopReasonText } from "./conversation-report.js";
import type { DomainLabels } from "./domain-labels.js";
import type { LineReader } from "./line-reader.js";
import { renderProgress } from "./progress-bars.js";

export interface DirectModeOptions {
  io: CliIo;
  session: Session;
  labels: DomainLabels;
  reader: LineReader;
}

export type GuideEnd = "finished" | "paused" | "failed";

export function objectiveAchieved(progress: ProgressView): boolean {
  return progress.objective.effective_status === "covered";
}

function isMultiple(candidate: Candidate): boolean {
  return candidate.type === "multiple_choice" || (candidate.type === "semi_open" && candidate.selection_mode === "multiple");
}

export function renderQuestion(candidate: Candidate): string {
  const lines = [`\n${candidate.text}`];
  candidate.choices.forEach((choice, index) => lines.push(`  ${index + 1}. ${choice.label}`));
  if (candidate.choices.length > 0) {
    const hint = isMultiple(candidate) ? "numbers separated by commas" : "a number";
    lines.push(candidate.type === "semi_open" ? `(${hint}, or your own words)` : `(${hint})`);
  }
  return `${lines.join("\n")}\n`;
}

/** The person's line as an answer, or a message saying what is expected. */
export function parseAnswer(candidate: Candidate, line: string): AnswerInput | string {
  const text = line.trim();
  if (text === "/skip") return { outcome: "asked_no_answer" };
  if (text === "/refuse") return { outcome: "refused" };
  if (text === "") return "please answer (or /skip, /refuse; Ctrl-C pauses)";
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
  if (candidate.type === "semi_open") return { userText: text };
  return `type the number of a choice (1-${candidate.choices.length})`;
}

export async function runDirectMode({ io, session, labels, reader }: DirectModeOptions): Promise<GuideEnd> {
  const out = (text: string) => io.stdout.write(text);
  let last: NextResponse | undefined;
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
    out(renderQuestion(candidate));
    let answered = false;
    while (!answered) {
      const line = await reader.read("> ");
      if (line === null) {
        out("\nPaused. Run the same command again to continue at this question.\n");
        return "paused";
      }
      const answer = parseAnswer(candidate, line);
      if (typeof answer === "string") {
        out(`${answer}\n`);
        continue;
      }
      try {
        last = await session.answer({ ...answer, candidateRank: 1, assistantText: candidate.text });
        answered = true;
      } catch (err) {
        if (!(err instanceof ZelinqaAnswerError || (err instanceof ZelinqaAPIError && err.statusCode < 500))) throw err;
        out(`not recorded: ${err.message}\n`);
      }
    }
    if (last) out(`\n${renderProgress(last.progress, labels, { count: last.turn_count, remaining: last.turns_remaining })}`);
  }
  const final = await session.refresh();
  if (last && objectiveAchieved(final.progress)) {
    await session.submitFeedback({ result: "success" }).catch(() => undefined);
  }
  if (!last) out(`\n${renderProgress(final.progress, labels, { count: final.turn_count, remaining: final.turns_remaining })}`);
  out(`Stopped: ${stopReasonText({ status: final.status, stopReason: last?.stop_reason, warnings: last?.warnings, objectiveCovered: objectiveAchieved(final.progress) })}\n`);
  out(collectedData(final, labels));
  return "finished";
}
