// `zino guide` end to end: a temporary instance whose model is the fake provider, the guide run as a child
// process with piped stdio and answered like a person would (by question text), and host-side reads of what the
// guide stored in ctx (session id, keys) to check the API side with the SDK.
import { setTimeout as sleep } from "node:timers/promises";
import { requestOne } from "../../src/wire/index.js";
import { ZelinqaClient, type SessionState } from "../../src/zelinqa/sdk/index.js";
import { runZinoCli, spawnZinoCli, writeTempInstance, type RunningCli, type TempInstance } from "../../harness/zino-processes.js";

/** A person's answers to the sample domain (examples/zelinqa/furniture.json), by question text. */
export const FURNITURE_ANSWERS: Record<string, string> = {
  "Quel meuble cherchez-vous ?": "Un canapé",
  "Pour quelles pièces ?": "Salon",
  "Combien de personnes doivent pouvoir s'y installer ?": "4",
  "Quel budget envisagez-vous ?": "1500 euros",
  "Souhaitez-vous payer en plusieurs fois ?": "Non",
  "Sous quel délai souhaitez-vous être livré ?": "Dans le mois",
  "À partir de quelle date pouvez-vous être livré ?": "2026-12-15",
  "Quel style vous plaît ?": "Scandinave",
  "Avez-vous une matière préférée (bois, tissu, cuir…) ?": "bois",
  "Souhaitez-vous le montage à domicile ?": "Oui",
};

/**
 * A one-question domain file (`zino guide --domain FILE`): which pet, Dog or Cat. `texts` replaces the objective's
 * name, the question and the Dog label (a test of how the guide shows a configuration's texts).
 */
export function petSurveyDomain(texts: { objective?: string; question?: string; dogLabel?: string } = {}) {
  return {
    changes: [
      {
        entity: "objective",
        operation: "update",
        objective: {
          name: texts.objective ?? "Tiny pet survey",
          description: "Find the pet.",
          qualification_level: "balanced",
          max_turns: 5,
        },
      },
      { entity: "dimension", operation: "create", dimension: { id: "pet_d", name: "Pet", order_position: 0, completion_role: "blocking" } },
      {
        entity: "question",
        operation: "create",
        question: {
          id: "pet_q",
          text: texts.question ?? "Which pet do you have?",
          type: "single_choice",
          dimension_id: "pet_d",
          choices: [
            { id: "pet_c_dog", label: texts.dogLabel ?? "Dog", maps_to_value: "dog" },
            { id: "pet_c_cat", label: "Cat", maps_to_value: "cat" },
          ],
        },
      },
      {
        entity: "success_information",
        operation: "create",
        success_information: { id: "pet", label: "Pet", schema: { type: "string", enum: ["dog", "cat"] }, primary_question_id: "pet_q" },
      },
    ],
  };
}

export function guideInstance(providerUrl: string): TempInstance {
  return writeTempInstance({
    providerUrl,
    llm: { max_retries: 0 },
    extraToml: [
      "[agent]",
      'tool_style = "native"',
      "max_iterations = 6",
      "",
      "[exec]",
      'sandbox = "none"',
      "allow_unsandboxed = true",
      "",
    ].join("\n"),
  });
}

const running = new Set<RunningCli>();

/** `zino guide ARGS`; `cleanupGuide` kills any still running (a failed test leaves one waiting for input). */
export function spawnGuide(instance: TempInstance, args: string[]): RunningCli {
  const cli = spawnZinoCli(["guide", ...args], { instance, env: { ZELINQA_LOG_LEVEL: "warn" } });
  running.add(cli);
  void cli.exited.then(() => running.delete(cli));
  return cli;
}

/** Stops what the guide left running (services and the Zelinqa API) and removes the instance. */
export async function cleanupGuide(instance: TempInstance): Promise<void> {
  for (const cli of running) cli.child.kill("SIGKILL");
  await runZinoCli(["down"], { instance, timeoutMs: 20_000 });
  instance.cleanup();
}

export interface ConverseOptions {
  /** How a question shows in stdout: the agent's `QUESTION: <text>` or the direct mode's question line. */
  questionOf(output: string): string | undefined;
  answers?: Record<string, string>;
  /** Stop answering (leave the guide waiting at its prompt) after this many answers. */
  maxAnswers?: number;
  timeoutMs?: number;
}

/** Answers each question as it is asked; resolves with the questions asked, when the guide exits or waits after
 * `maxAnswers`. On failure the guide is killed, so that a failing test does not leave it waiting for input. */
export async function converse(cli: RunningCli, options: ConverseOptions): Promise<string[]> {
  try {
    return await answerQuestions(cli, options);
  } catch (err) {
    cli.child.kill("SIGKILL");
    throw err;
  }
}

async function answerQuestions(cli: RunningCli, options: ConverseOptions): Promise<string[]> {
  const asked: string[] = [];
  const answers = options.answers ?? FURNITURE_ANSWERS;
  let consumed = 0;
  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  let exited = false;
  void cli.exited.then(() => (exited = true));
  for (;;) {
    const fresh = cli.stdout().slice(consumed);
    if (fresh.endsWith("> ")) {
      const question = options.questionOf(fresh);
      if (question === undefined) throw new Error(`no question before the prompt:\n${fresh}`);
      if (asked.length === (options.maxAnswers ?? Infinity)) return asked;
      const answer = answers[question];
      if (answer === undefined) throw new Error(`no answer for "${question}"`);
      asked.push(question);
      consumed = cli.stdout().length;
      cli.child.stdin?.write(`${answer}\n`);
      continue;
    }
    if (exited) return asked;
    if (Date.now() > deadline) throw new Error(`the guide is stuck:\n${cli.stdout()}\n--- stderr\n${cli.stderr()}`);
    await sleep(20);
  }
}

export const agentQuestion = (output: string) => [...output.matchAll(/QUESTION: (.+)/g)].pop()?.[1]?.trim();

async function ctxValue(instance: TempInstance, ctxkey: string, key: string): Promise<string> {
  const frame = await requestOne(instance.sockets.ctx, { type: "get_value", ctxkey, key, message: null }, { idleTimeoutMs: 5000 });
  if (typeof frame.value !== "string") throw new Error(`no ${key} stored for ${ctxkey}`);
  return frame.value;
}

/** The guide's stored session, read on the API side with the SDK and the stored runtime key. */
export async function apiSession(
  instance: TempInstance,
  ctxkey: string,
): Promise<{ state: SessionState; runtimeKey: string; sessionId: string }> {
  const runtimeKey = await ctxValue(instance, "zelinqa-host", "runtime_key");
  const baseUrl = await ctxValue(instance, "zelinqa-host", "base_url");
  const sessionId = await ctxValue(instance, ctxkey, "zelinqa_session_id");
  const client = new ZelinqaClient({ apiKey: runtimeKey, baseUrl });
  return { state: await client.getSession(sessionId), runtimeKey, sessionId };
}
