// `zino exec` and `zino tools` against real ctx and exc processes.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, it } from "node:test";
import {
  runZinoCli,
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../../../harness/zino-processes.js";

let instance: TempInstance;
let services: ZinoProcess[];

before(async () => {
  instance = writeTempInstance({
    providerUrl: "http://127.0.0.1:9/v1",
    extraToml: ["[exec]", 'sandbox = "none"', "allow_unsandboxed = true", ""].join("\n"),
  });
  // One skill, so that run_skill is offered: its description lists the skills on lines after its first.
  mkdirSync(join(instance.dir, "agents", "skills"), { recursive: true });
  writeFileSync(
    join(instance.dir, "agents", "skills", "tidy.json"),
    JSON.stringify({ name: "tidy", description: "Tidy a list into bullet points.", system_prompt: "Tidy what you are given.", tools: [] }),
  );
  services = await startZinoServices(instance, ["ctx", "exc"]);
});

after(async () => {
  await stopZinoServices(services);
  instance.cleanup();
});

void it("CLI-EXEC-1 zino exec runs a snippet through exc, prints its stdout and stderr and exits with the tool's exit code", async () => {
  const result = await runZinoCli(["exec", "--ctx", "work", "echo out; echo err >&2; exit 3"], { instance });
  assert.equal(result.code, 3);
  assert.equal(result.stdout, "out\n");
  assert.match(result.stderr, /err/);
  const python = await runZinoCli(["exec", "--executor", "python3", "-"], { instance, input: "print(6 * 7)\n" });
  assert.equal(python.code, 0, python.stderr);
  assert.equal(python.stdout.trim(), "42");
});

void it("CLI-EXEC-2 zino exec applies the ctxkey's rules: a denied executor is refused with a failing exit code", async () => {
  const set = await runZinoCli(["ctx", "set", "locked", 'exec.deny=["execute_bash"]'], { instance });
  assert.equal(set.code, 0, set.stderr);
  const result = await runZinoCli(["exec", "--ctx", "locked", "echo should-not-run"], { instance });
  assert.notEqual(result.code, 0);
  assert.doesNotMatch(result.stdout, /should-not-run/);
  assert.match(result.stderr, /denied/);
  const tools = await runZinoCli(["tools", "--ctx", "locked"], { instance });
  assert.doesNotMatch(tools.stdout, /^execute_bash/m);
});

void it("CLI-TOOLS-1 CLI-TOOLS-2 zino tools lists what the model sees, from exc's tools operation, every line of each description", async () => {
  const result = await runZinoCli(["tools"], { instance });
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^execute_bash: /m);
  assert.match(result.stdout, /^execute_python3: /m);
  const json = await runZinoCli(["tools", "--json"], { instance });
  const tools = JSON.parse(json.stdout) as { function: { name: string; description?: string } }[];
  assert.ok(tools.some((t) => t.function.name === "execute_bash"));
  // CLI-TOOLS-2: every line of a description is shown (run_skill's names the skills on the lines after its first).
  const shown = result.stdout.split("\n").map((line) => line.trim());
  const lines = tools.flatMap((t) => (t.function.description ?? "").split("\n").slice(1)).map((line) => line.trim());
  assert.ok(
    lines.some((line) => line.length > 0),
    "a tool with a description of several lines (run_skill with its skills)",
  );
  assert.ok(lines.includes("- tidy: Tidy a list into bullet points."), lines.join("\n"));
  for (const line of lines.filter((l) => l.length > 0)) assert.ok(shown.includes(line), `"${line}" is missing from:\n${result.stdout}`);
});
