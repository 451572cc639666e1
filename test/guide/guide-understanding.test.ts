// `zino guide --direct` never loses an answer silently (real processes, piped stdio): an answer the engine cannot
// read is asked again with the expected form and spends no turn, open questions show that form up front, the
// summary shows the labels the person picked, and CRM facts (`zino ctx crm`) are applied as client updates so
// their questions are never asked; a don't-know still spends its turn; a value read earlier but not confirmed is
// shown with its question and kept by an empty line. Waits are on output, with generous limits.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, it } from "node:test";
import { apiSession, cleanupGuide, guideInstance, spawnGuide } from "../support/zino-guide.js";
import { runZinoCli, type RunningCli, type TempInstance } from "../../harness/zino-processes.js";

const WAIT_MS = 180_000;
const BUDGET = "Quel budget envisagez-vous ?";
const PIECE = "Quel meuble cherchez-vous ?";

/** Natural answers by question text; each question's answers are used in order (a re-asked question takes the next). */
const ANSWERS: Record<string, string[]> = {
  [PIECE]: ["canapé"],
  "Pour quelles pièces ?": ["1,2"],
  "Combien de personnes doivent pouvoir s'y installer ?": ["4"],
  [BUDGET]: ["pas trop cher, quelque chose de raisonnable", "1500 euros"],
  "Souhaitez-vous payer en plusieurs fois ?": ["2"],
  "Sous quel délai souhaitez-vous être livré ?": ["2"],
  "À partir de quelle date pouvez-vous être livré ?": ["je ne sais pas", "2027-01-15"],
  "Quel style vous plaît ?": ["2"],
  "Avez-vous une matière préférée (bois, tissu, cuir…) ?": ["bois"],
  "Souhaitez-vous le montage à domicile ?": ["1"],
};

let instance: TempInstance;

before(() => {
  instance = guideInstance("http://127.0.0.1:9/v1");
});

after(async () => {
  await cleanupGuide(instance);
});

/** Stdout after `from` once it matches, or null when the guide exits first; rejects after WAIT_MS. */
async function stdoutMatching(cli: RunningCli, pattern: RegExp, from = 0): Promise<string | null> {
  let exited = false;
  void cli.exited.then(() => (exited = true));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const fresh = cli.stdout().slice(from);
    if (pattern.test(fresh)) return fresh;
    if (exited) return null;
    if (Date.now() > deadline) throw new Error(`stdout never matched ${String(pattern)}:\n${cli.stdout()}\n--- stderr\n${cli.stderr()}`);
    await sleep(25);
  }
}

async function waitForStdout(cli: RunningCli, pattern: RegExp, from = 0): Promise<string> {
  const fresh = await stdoutMatching(cli, pattern, from);
  if (fresh === null)
    throw new Error(`the guide exited before stdout matched ${String(pattern)}:\n${cli.stdout()}\n--- stderr\n${cli.stderr()}`);
  return fresh;
}

const questionIn = (fresh: string, answers: Record<string, string[]>) =>
  fresh
    .split("\n")
    .reverse()
    .find((line) => line in answers);

interface Hooks {
  /** `fresh`: the output since the previous answer, ending at the prompt. */
  beforeSend?(question: string, attempt: number, fresh: string): Promise<void>;
  /** `from`: the stdout offset at which the answer was sent. */
  afterSend?(question: string, attempt: number, from: number): Promise<void>;
}

/** Answers every question until the guide exits; returns the questions asked, in order (re-asks included). */
async function converse(cli: RunningCli, hooks: Hooks = {}, answers = ANSWERS): Promise<string[]> {
  const asked: string[] = [];
  const attempts = new Map<string, number>();
  let consumed = 0;
  try {
    for (;;) {
      const fresh = await stdoutMatching(cli, /> $/, consumed);
      if (fresh === null) return asked;
      const question = questionIn(fresh, answers);
      if (question === undefined) throw new Error(`no known question before the prompt:\n${fresh}`);
      const attempt = attempts.get(question) ?? 0;
      const answer = answers[question]?.[attempt];
      if (answer === undefined) throw new Error(`"${question}" asked more often than expected:\n${cli.stdout()}`);
      attempts.set(question, attempt + 1);
      asked.push(question);
      await hooks.beforeSend?.(question, attempt, fresh);
      consumed = cli.stdout().length;
      cli.child.stdin?.write(`${answer}\n`);
      await hooks.afterSend?.(question, attempt, consumed);
    }
  } catch (err) {
    cli.child.kill("SIGKILL");
    throw err;
  }
}

void it("GUIDE-UNDERSTAND-1 an unreadable answer gets a one-line hint with the expected form and is asked again without spending a turn; open questions show the form up front; the summary shows the labels picked", async () => {
  const cli = spawnGuide(instance, ["--ctx", "ulla", "--direct", "--new"]);
  let turnsBefore = -1;
  const asked = await converse(cli, {
    async beforeSend(question, attempt, fresh) {
      if (question !== BUDGET || attempt !== 0) return;
      assert.match(
        fresh,
        /\nQuel budget envisagez-vous \?\n\(a number, for example 1500\)\n> $/,
        "the open question shows its expected form up front",
      );
      turnsBefore = (await apiSession(instance, "ulla")).state.turn_count;
    },
    async afterSend(question, attempt, from) {
      if (question !== BUDGET || attempt !== 0) return;
      const after = await waitForStdout(cli, /> $/, from);
      assert.match(
        after,
        /^Not understood, nothing recorded for "Budget \(euros\)"\. Expected: a number, for example 1500 \(\/skip or \/refuse to pass\)\.\nQuel budget envisagez-vous \?\n> $/,
      );
      assert.equal((await apiSession(instance, "ulla")).state.turn_count, turnsBefore, "the unreadable answer spent no turn");
    },
  });
  const { code } = await cli.exited;
  assert.equal(code, 0, cli.stderr());
  // [ext] issue 15: the studio's one-time link, once, on stderr (stdout carries the conversation).
  assert.equal(cli.stderr().match(/^zino: Studio: http:\/\/127\.0\.0\.1:\d+\/studio\/#code=[\w-]+ /gm)?.length, 1, cli.stderr());
  assert.doesNotMatch(cli.stdout(), /Studio:/);
  assert.equal(asked.filter((q) => q === BUDGET).length, 2, `the budget question was asked again once: ${asked.join(" | ")}`);
  const out = cli.stdout();
  assert.match(out, /Stopped: objective achieved/);
  const final = (await apiSession(instance, "ulla")).state;
  assert.equal(final.turn_count, asked.length - 1, "every answer but the unreadable one spent a turn");
  assert.equal(final.targets.fur_budget?.value, 1500);
  assert.equal(final.targets.fur_piece?.value, "canape", "words on a choice question are read by the engine");
  assert.match(out, /Meuble recherché: Un canapé\n/);
  assert.match(out, /Pièces concernées: Salon, Chambre\n/);
  if (final.targets.fur_financing) assert.match(out, /Paiement en plusieurs fois: Non\n/);
  if (final.targets.fur_delivery_window) assert.match(out, /Fenêtre de livraison: Dans le mois\n/);
  assert.doesNotMatch(out, /: canape\n|: salon, chambre\n|: dans_le_mois\n|: false\n/);
  // A don't-know is an answer: it spends its turn (recorded as asked_no_answer) and is not met with a hint.
  const date = final.question_state.outcomes.filter((o) => o.question_id === "fur_q_delivery_date").map((o) => o.outcome);
  assert.deepEqual(date, ["asked_no_answer", "asked_answered"]);
  assert.equal(out.match(/Not understood/g)?.length, 1);
});

void it("GUIDE-UNDERSTAND-2 CRM facts are applied in direct mode as client updates, labels or values, and their questions are not asked", async () => {
  const up = await runZinoCli(["up", "--detach"], { instance, timeoutMs: WAIT_MS });
  assert.equal(up.code, 0, up.stderr);
  const crm = await runZinoCli(["ctx", "crm", "carl", "fur_budget=1500", "fur_piece=Un canapé", "fur_bogus=3"], {
    instance,
    timeoutMs: WAIT_MS,
  });
  assert.equal(crm.code, 0, crm.stderr);
  const cli = spawnGuide(instance, ["--ctx", "carl", "--direct", "--new"]);
  const applied = await waitForStdout(cli, /Known facts applied: [^\n]*\n(Known fact ignored: [^\n]*\n)+/);
  assert.match(applied, /Known facts applied: Budget \(euros\) = 1500, Meuble recherché = Un canapé\n/);
  assert.match(applied, /Known fact ignored: fur_bogus: /);
  const asked = await converse(cli);
  const { code } = await cli.exited;
  assert.equal(code, 0, cli.stderr());
  assert.ok(!asked.includes(BUDGET), `the budget is known: ${asked.join(" | ")}`);
  assert.ok(!asked.includes(PIECE), `the piece is known: ${asked.join(" | ")}`);
  const final = (await apiSession(instance, "carl")).state;
  assert.deepEqual(final.targets.fur_budget, { kind: "data", status: "confirmed", value: 1500, coverage: 1 });
  assert.equal(final.targets.fur_piece?.value, "canape");
  assert.equal(final.turn_count, asked.length);
  assert.match(cli.stdout(), /Budget \(euros\): 1500\n/);
});

void it("GUIDE-UNDERSTAND-4 a value read in passing is shown with its question, not confirmed; an empty line keeps it (a turn spent, the value confirmed), an answer replaces it", async () => {
  const cli = spawnGuide(instance, ["--ctx", "una", "--direct", "--new"]);
  try {
    const first = await waitForStdout(cli, /> $/);
    assert.match(
      first,
      /\nQuel meuble cherchez-vous \?\n( {2}\d\. [^\n]+\n)+\(a number, or your own words\)\n> $/,
      "a choice question says words are read too",
    );
    assert.doesNotMatch(first, /Understood earlier/, "nothing held before the first answer");
    let from = cli.stdout().length;
    cli.child.stdin?.write("plutot une table, pour la salle a manger, on est 6\n");
    const rooms = await waitForStdout(cli, /> $/, from);
    assert.match(
      rooms,
      /\nPour quelles pièces \?\n( {2}\d\. [^\n]+\n)+\([^\n]+\)\nUnderstood earlier, not confirmed: Pièces concernées: Salle à manger\. Press Enter to keep it, or answer\.\n> $/,
    );
    const before = (await apiSession(instance, "una")).state;
    assert.deepEqual([before.targets.fur_rooms?.status, before.targets.fur_rooms?.value], ["tentative", ["salle_a_manger"]]);
    from = cli.stdout().length;
    cli.child.stdin?.write("\n");
    const seats = await waitForStdout(cli, /> $/, from);
    assert.match(seats, /\nUnderstood earlier, not confirmed: Nombre de places: 6\. Press Enter to keep it, or answer\.\n> $/);
    const kept = (await apiSession(instance, "una")).state;
    assert.deepEqual(kept.targets.fur_rooms, { kind: "data", status: "confirmed", value: ["salle_a_manger"], coverage: 1 });
    assert.equal(kept.turn_count, before.turn_count + 1, "keeping it is an answer: it spends the turn");
    from = cli.stdout().length;
    cli.child.stdin?.write("8\n");
    const next = await waitForStdout(cli, /> $/, from);
    assert.doesNotMatch(next, /Nombre de places/, "the corrected value is not offered again");
    const corrected = (await apiSession(instance, "una")).state;
    assert.deepEqual([corrected.targets.fur_seats?.status, corrected.targets.fur_seats?.value], ["confirmed", 8]);
    // An empty line where nothing is held is still asked again.
    from = cli.stdout().length;
    cli.child.stdin?.write("\n");
    assert.match(await waitForStdout(cli, /> $/, from), /^please answer/);
    assert.equal((await apiSession(instance, "una")).state.turn_count, corrected.turn_count);
  } finally {
    cli.child.stdin?.end();
    await cli.exited;
  }
});

void it("GUIDE-UNDERSTAND-3 an answer read only loosely (tentative) is named with its reading and asked again without spending a turn: the exact value or an empty line then confirms it, the same answer typed again keeps it as it is", async () => {
  const loose = "environ 1500 euros";
  const cli = spawnGuide(instance, ["--ctx", "lou", "--direct", "--new"]);
  let turnsBefore = -1;
  await converse(
    cli,
    {
      async beforeSend(question, attempt) {
        if (question === BUDGET && attempt === 0) turnsBefore = (await apiSession(instance, "lou")).state.turn_count;
      },
      async afterSend(question, attempt, from) {
        if (question !== BUDGET || attempt !== 0) return;
        const after = await waitForStdout(cli, /> $/, from);
        assert.match(
          after,
          /^Read loosely: Budget \(euros\): 1500 would stay unconfirmed \(tentative\), and this question is not asked again\. Press Enter to confirm it, type the exact value \(a number, for example 1500\), or the same answer again to keep it unconfirmed\.\nQuel budget envisagez-vous \?\n> $/,
        );
        assert.equal((await apiSession(instance, "lou")).state.turn_count, turnsBefore, "the loose reading spent no turn");
      },
    },
    { ...ANSWERS, [BUDGET]: [loose, "1500"] },
  );
  assert.equal((await cli.exited).code, 0, cli.stderr());
  assert.deepEqual((await apiSession(instance, "lou")).state.targets.fur_budget, {
    kind: "data",
    status: "confirmed",
    value: 1500,
    coverage: 1,
  });

  const kept = spawnGuide(instance, ["--ctx", "kim", "--direct", "--new"]);
  await converse(kept, {}, { ...ANSWERS, [BUDGET]: [loose, loose] });
  assert.equal((await kept.exited).code, 0, kept.stderr());
  const final = (await apiSession(instance, "kim")).state;
  assert.equal(final.targets.fur_budget?.status, "tentative");
  assert.equal(final.targets.fur_budget?.value, 1500);
  const budgetTurns = final.question_state.outcomes.filter((o) => o.question_id === "fur_q_budget").map((o) => o.outcome);
  assert.deepEqual(budgetTurns, ["asked_answered"], "typed twice, recorded once");

  // An empty line after the loose reading confirms it: one turn, the value confirmed.
  const confirmed = spawnGuide(instance, ["--ctx", "lee", "--direct", "--new"]);
  await converse(confirmed, {}, { ...ANSWERS, [BUDGET]: [loose, ""] });
  assert.equal((await confirmed.exited).code, 0, confirmed.stderr());
  const lee = (await apiSession(instance, "lee")).state;
  assert.deepEqual(lee.targets.fur_budget, { kind: "data", status: "confirmed", value: 1500, coverage: 1 });
  assert.deepEqual(
    lee.question_state.outcomes.filter((o) => o.question_id === "fur_q_budget").map((o) => o.outcome),
    ["asked_answered"],
  );
});
