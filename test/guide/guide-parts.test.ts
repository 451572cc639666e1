// The guide's pure parts: reading a terminal answer against the displayed question, progress bars, the soft-memory
// section that carries the interviewer brief and the known facts, and stop reasons.
import assert from "node:assert/strict";
import { it } from "node:test";
import type { Candidate } from "../../src/zelinqa/sdk/index.js";
import { stopReasonText } from "../../src/guide/conversation-report.js";
import { parseAnswer } from "../../src/guide/direct-mode.js";
import { crmFacts, guideMemory, withGuideSection } from "../../src/guide/guide-ctxkey.js";
import { bar } from "../../src/guide/progress-bars.js";

const choice = (type: Candidate["type"], selection_mode?: "single" | "multiple"): Candidate => ({
  rank: 1,
  question_id: "q",
  text: "Q ?",
  type,
  target_ids: ["t"],
  ...(selection_mode ? { selection_mode } : {}),
  choices: [
    { choice_id: "a", label: "Salon" },
    { choice_id: "b", label: "Chambre" },
  ],
});

void it("GUIDE-PARTS-1 a menu answer is read as numbers, exact labels or (semi-open only) free words", () => {
  assert.deepEqual(parseAnswer(choice("single_choice"), "2"), { choiceLabels: ["Chambre"], userText: "Chambre" });
  assert.deepEqual(parseAnswer(choice("multiple_choice"), "2, 1"), { choiceLabels: ["Chambre", "Salon"], userText: "Chambre, Salon" });
  assert.equal(parseAnswer(choice("single_choice"), "1,2"), "only one choice here");
  assert.equal(parseAnswer(choice("single_choice"), "3"), "choose between 1 and 2");
  assert.deepEqual(parseAnswer(choice("single_choice"), "salon"), { choiceLabels: ["Salon"], userText: "salon" });
  assert.match(parseAnswer(choice("single_choice"), "la cuisine") as string, /type the number/);
  assert.deepEqual(parseAnswer(choice("semi_open", "single"), "la cuisine"), { userText: "la cuisine" });
  assert.deepEqual(parseAnswer({ ...choice("open"), choices: [] }, " 1500 euros "), { userText: "1500 euros" });
  assert.deepEqual(parseAnswer(choice("open"), "/refuse"), { outcome: "refused" });
  assert.deepEqual(parseAnswer(choice("open"), "/skip"), { outcome: "asked_no_answer" });
  assert.match(parseAnswer(choice("open"), "  ") as string, /please answer/);
});

void it("GUIDE-PARTS-2 progress bars are clamped and proportional", () => {
  assert.equal(bar(0, 10), "[----------]   0%");
  assert.equal(bar(0.5, 10), "[#####-----]  50%");
  assert.equal(bar(2, 10), "[##########] 100%");
  assert.equal(bar(Number.NaN, 10), "[----------]   0%");
});

void it("GUIDE-PARTS-3 the guide's soft-memory section is replaced in place and keeps the rest of the memory", () => {
  const first = guideMemory("BRIEF", "alice", { fur_budget: 1500 });
  assert.match(first, /Conversation name: alice/);
  assert.match(first, /- fur_budget = 1500/);
  const soft = withGuideSection("likes oak", first);
  assert.match(soft, /^likes oak\n\n<!-- zino-guide -->/);
  const again = withGuideSection(soft, guideMemory("BRIEF", "alice", {}));
  assert.match(again, /^likes oak/);
  assert.doesNotMatch(again, /fur_budget/);
  assert.equal(again.match(/<!-- zino-guide -->/g)?.length, 1);
  assert.equal(withGuideSection("(none)", first), first);
});

void it("GUIDE-PARTS-4 CRM facts come from a stored object or its JSON; anything else is no fact", () => {
  assert.deepEqual(crmFacts({ fur_budget: 1500 }), { fur_budget: 1500 });
  assert.deepEqual(crmFacts('{"fur_piece":"lit"}'), { fur_piece: "lit" });
  assert.deepEqual(crmFacts("not json"), {});
  assert.deepEqual(crmFacts([1]), {});
  assert.deepEqual(crmFacts(undefined), {});
});

void it("GUIDE-PARTS-5 the stop reason names the objective first, then the engine's reason", () => {
  assert.equal(stopReasonText({ status: "active", objectiveCovered: true }), "objective achieved");
  assert.equal(stopReasonText({ stopReason: "max_turns_reached" }), "turn limit reached");
  assert.equal(stopReasonText({ stopReason: "no_question_available" }), "no question left to ask");
  assert.equal(stopReasonText({ warnings: ["objective_achieved"], stopReason: "max_turns_reached" }), "objective achieved");
  // A session read back has only its status: `stopped` at the turn limit, `completed` out of questions.
  assert.equal(stopReasonText({ status: "stopped" }), "turn limit reached");
  assert.equal(stopReasonText({ status: "completed" }), "no question left to ask");
  assert.equal(stopReasonText({ status: "completed", objectiveCovered: true }), "objective achieved");
});
