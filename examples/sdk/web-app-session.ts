// The server side of a web app driving a Zelinqa conversation through the TypeScript SDK this package ships
// ("zelinqa-mcp/sdk": the same classes as "zelinqa-mcp"). One request of your app = one SDK call here.
//
//   npm run zelinqa -- keys create --sqlite-path ./z.sqlite --scopes runtime      # prints {"api_key": ...}
//   npm run zelinqa -- config import --sqlite-path ./z.sqlite examples/zelinqa/furniture.json --publish
//   npm run zelinqa -- serve --sqlite-path ./z.sqlite --port 8080
//   ZELINQA_BASE_URL=http://127.0.0.1:8080 ZELINQA_API_KEY=nbq_live_... npx tsx examples/sdk/web-app-session.ts
//
// It prints one JSON line per step; test/e2e/integrator-examples.test.ts runs it against a real server.
import {
  ZelinqaAPIError,
  ZelinqaClient,
  ZelinqaConnectionError,
  ZelinqaStateVersionConflictError,
  type NextResponse,
} from "zelinqa-mcp/sdk";

const apiKey = process.env.ZELINQA_API_KEY ?? "";
const baseUrl = process.env.ZELINQA_BASE_URL ?? "http://127.0.0.1:8080";
const log = (step: string, data: object) => console.log(JSON.stringify({ step, ...data }));

/** What your page shows: the best question, with its choices' labels (never its ids). */
const shown = (answer: NextResponse) => ({
  action: answer.action,
  question: answer.candidates[0]?.text ?? null,
  choices: answer.candidates[0]?.choices.map((choice) => choice.label) ?? [],
  state_version: answer.versions.state_version,
});

if (apiKey.trim() === "") {
  // The SDK refuses a blank key too, but with a stack trace that does not say where the key comes from.
  console.error(
    "ZELINQA_API_KEY is not set: set it to the api_key that `npm run zelinqa -- keys create --sqlite-path ./z.sqlite --scopes runtime` printed (the commands at the top of examples/sdk/web-app-session.ts)",
  );
  process.exit(2);
}
const client = new ZelinqaClient({ apiKey, baseUrl, maxRetries: 2 });
try {
  // 1. One session per visitor; client_reference is your own id for it (echoed back, 1-128 characters).
  const session = await client.startSession({ client_reference: "visitor-42" });
  log("created", { session_id: session.id, state_version: session.stateVersion });

  // 2. The first question. A Session sends the state_version it last saw; every POST carries an Idempotency-Key.
  let answer = await session.next({});
  log("asked", shown(answer));

  // 3. The visitor answers. answerTurn (used by session.answer) checks the reply locally: exact choice labels for a
  //    choice question, words for an open one. Here: the first displayed choice, or words for an open question.
  const first = answer.candidates[0];
  answer = await session.answer(
    first && first.choices.length > 0 ? { choiceLabels: [first.choices[0]!.label] } : { userText: "1500 euros" },
  );
  log("answered", shown(answer));

  // 4. Retrying a request after a lost response: send the SAME Idempotency-Key, get the first answer back (same
  //    request_id), and no second turn. A new logical request needs a new key.
  const retryKey = `visitor-42-refresh-${session.stateVersion}`;
  const once = await client.next(session.id, { state_version: session.stateVersion }, { idempotencyKey: retryKey });
  const again = await client.next(session.id, { state_version: session.stateVersion }, { idempotencyKey: retryKey });
  log("idempotent_retry", { same_answer: once.request_id === again.request_id, state_version: once.versions.state_version });

  // 5. Two tabs answering the same session: the stale one gets 409 state_version_conflict. Nothing is merged or
  //    retried for you: read the session again (session.refresh), show its pending question, let the person answer.
  try {
    await session.next({ previous_turn: { user_text: "from a stale tab" } });
  } catch (err) {
    if (!(err instanceof ZelinqaStateVersionConflictError)) throw err;
    log("conflict", { supplied: err.suppliedStateVersion, current: err.currentStateVersion });
    const state = await session.refresh();
    log("refreshed", { state_version: session.stateVersion, pending_question: state.pending_decision?.candidates[0]?.text ?? null });
  }
} catch (err) {
  // Key on the class (or err.code), never on the message. String(err) is "<code or status>: <message> (request_id=…)";
  // a 400 invalid_request lists what was wrong in err.details.issues.
  if (err instanceof ZelinqaAPIError) log("api_error", { status: err.statusCode, code: err.code, details: err.details, text: String(err) });
  else if (err instanceof ZelinqaConnectionError) log("unreachable", { text: `${String(err)}: is ZELINQA_BASE_URL right?` });
  else throw err;
  process.exitCode = 1;
} finally {
  await client.close();
}
