// The test command. `--checks` runs the typecheck and the linter first (a line per step, with its duration);
// `--unit` runs the fast tests only; a whole run builds dist/ first when stale. Before the tests it checks the system
// programs some tests need (bubblewrap, shellcheck, tmux, the PostgreSQL server binaries, Chromium): as root with apt
// it installs a missing one, else the tests that need it skip, saying why and how to install it (under CI=true a
// missing one is a failure). It starts a
// throwaway PostgreSQL cluster unless TEST_DATABASE_URL is set, runs the test files with node's test runner
// through tsx (its TAP or spec output, closing lines included), then prints a summary: counts, failures with their
// first error line and where it was thrown, skips by reason, the slowest files, and a last line "N passed, N failed".
//
// Other words select files by substring (`npm run test:only -- zino/ctx`). ZINO_TEST_SIMULATE_MISSING=tmux,...
// runs as if those programs were missing (a PATH without them; exc pointed at a bwrap that does not exist).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, existsSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { REQUIREMENTS, type RequirementName } from "../test/support/system-requirements.js";
import { startPostgresCluster, type PostgresCluster } from "./postgres-cluster.js";
import { z } from "zod";

/** The fast tests (`npm run test:unit`): pure modules and in-process services, no spawned service processes. */
const UNIT = [
  "test/architecture/",
  "test/wire/frame-codec",
  "test/zelinqa/contracts/",
  "test/studio/editor-model",
  "test/zelinqa/engine/",
  "test/zelinqa/understand/text-rules",
  "test/zelinqa/understand/extract-value",
  "test/zelinqa/mcp/error-text",
  "test/zino/config/",
  "test/zino/protocol/",
  "test/zino/ctx/history-window",
  "test/zino/ctx/sqlite-store",
  "test/zino/ctx/ctx-messages",
  "test/zino/ctx/ctx-config",
  "test/zino/daemon/interrupt-parser",
  "test/zino/daemon/loop-limits",
  "test/zino/daemon/agent-loop",
  "test/zino/rtr/context-budget",
  "test/zino/rtr/provider-chunk",
  "test/zino/rtr/stream-parsing",
  "test/zino/cli/config-assignments",
  "test/guide/guide-parts",
  "test/zino/cli/command-name",
  "test/deploy/",
  "test/scripts/build-if-stale",
];

const say = (line: string) => process.stderr.write(`run-tests: ${line}\n`);

/**
 * Whether a test file reaches the PostgreSQL cluster: it, or a test/harness module it imports (followed through relative
 * imports), reads TEST_DATABASE_URL. `npm run test:only -- zino/cli` then starts no cluster (initdb and start cost
 * seconds, many more on a busy machine) when none of the selected files would use it; a whole run always starts it.
 */
function reachesPostgres(file: string, seen = new Set<string>()): boolean {
  const path = resolve(file);
  if (seen.has(path) || !existsSync(path)) return false;
  seen.add(path);
  const text = readFileSync(path, "utf8");
  if (text.includes("TEST_DATABASE_URL")) return true;
  for (const match of text.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"/g)) {
    const target = resolve(dirname(path), match[1]!.replace(/\.js$/, ".ts"));
    const within = relative(process.cwd(), target);
    if ((within.startsWith("test/") || within.startsWith("harness/")) && reachesPostgres(target, seen)) return true;
  }
  return false;
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function findTests(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...findTests(path));
    else if (entry.endsWith(".test.ts")) out.push(path);
  }
  return out.sort();
}

/** Runs one check (typecheck, lint), printing when it starts, every 20 s while it runs, and when it ends. */
async function step(name: string, command: string, args: string[]): Promise<boolean> {
  const started = Date.now();
  say(`${name}: ${[command, ...args].join(" ")}`);
  const child = spawn(command, args, { stdio: "inherit" });
  const beat = setInterval(() => say(`${name}: still running (${seconds(Date.now() - started)})`), 20_000);
  const code = await new Promise<number>((resolve) => child.on("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  clearInterval(beat);
  say(`${name}: ${code === 0 ? "passed" : "FAILED"} in ${seconds(Date.now() - started)}`);
  return code === 0;
}

interface RequirementCheck {
  missing: RequirementName[];
  /** The environment of the test processes (a PATH without the simulated-missing programs, ...). */
  env: NodeJS.ProcessEnv;
  ok: boolean;
  cleanup(): void;
}

function aptAvailable(): boolean {
  return spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
}

/** A directory of links to every program on PATH except `hidden`: the same machine without those programs. */
function pathWithout(hidden: string[]): { path: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "zino-path-"));
  for (const source of (process.env.PATH ?? "").split(":").filter(Boolean)) {
    let entries: string[];
    try {
      entries = readdirSync(source);
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (hidden.includes(entry) || existsSync(join(dir, entry))) continue;
      try {
        symlinkSync(join(source, entry), join(dir, entry));
      } catch {
        // a name already linked from an earlier PATH entry
      }
    }
  }
  return { path: dir, dir };
}

const PROGRAMS: Record<RequirementName, string[]> = {
  bubblewrap: ["bwrap"],
  shellcheck: ["shellcheck"],
  tmux: ["tmux"],
  postgresql: ["initdb", "pg_ctl", "postgres"],
  chromium: ["chromium"],
};

function checkRequirements(ci: boolean): RequirementCheck {
  const simulated = (process.env.ZINO_TEST_SIMULATE_MISSING ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const env: NodeJS.ProcessEnv = { ...process.env };
  const isMissing = (name: RequirementName) => simulated.includes(name) || REQUIREMENTS.find((r) => r.name === name)!.find() === undefined;
  let missing = REQUIREMENTS.map((r) => r.name).filter(isMissing);
  const installable = missing.filter((name) => !simulated.includes(name));
  if (installable.length > 0 && userInfo().uid === 0 && aptAvailable() && process.env.ZINO_TEST_INSTALL !== "0") {
    const packages = installable.map((name) => REQUIREMENTS.find((r) => r.name === name)!.aptPackage);
    say(`installing ${packages.join(", ")} with apt-get (running as root; ZINO_TEST_INSTALL=0 skips their tests instead)`);
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: ["ignore", "ignore", "inherit"] });
    const install =
      update.status === 0
        ? spawnSync("apt-get", ["install", "-y", "-qq", ...packages], {
            stdio: ["ignore", "ignore", "inherit"],
            env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
          })
        : update;
    if (install.status !== 0) say(`apt-get failed (exit ${install.status ?? "?"})`);
    missing = REQUIREMENTS.map((r) => r.name).filter(isMissing);
  }
  let cleanupDir: string | undefined;
  if (simulated.length > 0) {
    const hidden = simulated.flatMap((name) => PROGRAMS[name as RequirementName] ?? []);
    const shadow = pathWithout(hidden);
    cleanupDir = shadow.dir;
    env.PATH = shadow.path;
    if (simulated.includes("bubblewrap")) env.ZINO_EXC_BWRAP = "/nonexistent/bwrap";
    say(`simulating a machine without ${simulated.join(", ")}`);
  }
  env.ZINO_TEST_MISSING = missing.join(",");
  for (const name of missing) {
    const requirement = REQUIREMENTS.find((r) => r.name === name)!;
    say(
      `${name} is not installed: the ${requirement.usedFor} tests ${ci ? "cannot run" : "are skipped"} (install: sudo apt-get install ${requirement.aptPackage})`,
    );
  }
  if (ci && missing.length > 0) say(`CI=true: a missing requirement is a failure (${missing.join(", ")})`);
  return {
    missing,
    env,
    ok: !(ci && missing.length > 0),
    cleanup: () => {
      if (cleanupDir) rmSync(cleanupDir, { recursive: true, force: true });
    },
  };
}

const SummarySchema = z.object({
  passed: z.number(),
  failed: z.number(),
  skipped: z.number(),
  todo: z.number(),
  failures: z.array(z.object({ file: z.string(), name: z.string(), firstLine: z.string(), at: z.string() })),
  skips: z.array(z.object({ file: z.string(), name: z.string(), reason: z.string() })),
  fileMs: z.record(z.string(), z.number()),
});
type TestSummary = z.infer<typeof SummarySchema>;

function printSummary(summary: TestSummary, missing: RequirementName[], wallMs: number): void {
  const out = (line = "") => process.stdout.write(`${line}\n`);
  out();
  out(
    `# summary: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped${summary.todo ? `, ${summary.todo} todo` : ""} in ${seconds(wallMs)}`,
  );
  if (summary.failures.length > 0) {
    out("# failed:");
    for (const f of summary.failures) out(`#   ${f.file} › ${f.name}\n#       ${f.firstLine}${f.at ? `\n#       at ${f.at}` : ""}`);
  }
  if (summary.skips.length > 0) {
    const byReason = new Map<string, number>();
    for (const s of summary.skips) byReason.set(s.reason, (byReason.get(s.reason) ?? 0) + 1);
    out("# skipped:");
    for (const [reason, count] of [...byReason].sort((a, b) => b[1] - a[1])) out(`#   ${count} × ${reason}`);
  }
  if (missing.length > 0) {
    out(
      `# not installed: ${missing.join(", ")}; their tests were skipped (install: sudo apt-get install ${missing.map((m) => REQUIREMENTS.find((r) => r.name === m)!.aptPackage).join(" ")})`,
    );
  }
  const slowest = Object.entries(summary.fileMs)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  if (slowest.length > 0) {
    out("# slowest files (time inside their tests):");
    for (const [file, ms] of slowest) out(`#   ${seconds(ms).padStart(8)}  ${file}`);
  }
  out(`${summary.passed} passed, ${summary.failed} failed`);
}

/** What Prettier formats (.prettierrc.json): the code, not the prose or data files. `npm run format` rewrites them. */
const FORMATTED = [
  "src/**/*.ts",
  "test/**/*.ts",
  "harness/**/*.ts",
  "bench/**/*.ts",
  "scripts/**/*.{ts,mjs}",
  "studio/**/*.{ts,tsx,css,html}",
  "eslint.config.js",
];

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const checks = argv.includes("--checks");
  const unit = argv.includes("--unit");
  // `./test/x.test.ts` (a shell's completion) names the same file as `test/x.test.ts`.
  const filters = argv.filter((arg) => !arg.startsWith("--")).map((arg) => arg.replace(/^(\.\/)+/, ""));
  const ci = process.env.CI === "true" || process.env.CI === "1";
  const started = Date.now();
  // A word that selects nothing (a typo, a path outside test/) would otherwise end in a green "0 failed": node's
  // runner, given no file, runs whatever its default patterns find (scripts/test-summary-reporter.mjs).
  const testFiles = findTests("test");
  const unmatched = filters.filter((x) => !testFiles.some((f) => f.includes(x)));
  if (unmatched.length > 0) {
    say(
      `no test file's path contains ${unmatched.map((x) => `"${x}"`).join(", ")}; nothing was run. Words select the files ` +
        `under test/ whose path contains one of them, e.g. \`npm run test:only -- zino/ctx engine/selection\` ` +
        `(\`find test -name '*.test.ts'\` lists them)`,
    );
    return 2;
  }

  if (checks) {
    const tsc = join("node_modules", "typescript", "bin", "tsc");
    // The studio (browser code) has its own tsconfig: DOM and JSX.
    const typecheck =
      (await step("typecheck", process.execPath, [tsc, "-p", "tsconfig.json", "--noEmit"])) &&
      (await step("typecheck studio", process.execPath, [tsc, "-p", join("studio", "tsconfig.json")]));
    const lint = await step("lint", process.execPath, [join("node_modules", "eslint", "bin", "eslint.js"), "."]);
    const format = await step("format", process.execPath, [
      join("node_modules", "prettier", "bin", "prettier.cjs"),
      "--check",
      ...FORMATTED,
    ]);
    if (!typecheck || !lint || !format) return 1;
  }

  // Several test files run from dist/ and build it themselves when stale (the studio, the bundled services, the
  // package): a whole run builds once first, so those files, running side by side, never build at the same moment.
  if (!unit && filters.length === 0 && !(await step("build", process.execPath, [join("scripts", "build-if-stale.mjs"), "--quiet"])))
    return 1;
  const requirements = checkRequirements(ci);
  if (!requirements.ok) {
    requirements.cleanup(); // its temp dir (a PATH without some programs) goes even when the run stops here
    return 1;
  }
  const files = testFiles
    // Fixtures (tests of the test command itself) run only when asked for by name.
    .filter((f) => !f.includes("/fixtures/") || filters.some((x) => x.includes("fixtures")))
    .filter((f) => !unit || UNIT.some((prefix) => f.startsWith(prefix)))
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
  let cluster: PostgresCluster | undefined;
  const env = requirements.env;
  const needsPostgres =
    !unit && !requirements.missing.includes("postgresql") && (filters.length === 0 || files.some((f) => reachesPostgres(f)));
  if (!env.TEST_DATABASE_URL && env.ZINO_TEST_NO_POSTGRES !== "1" && needsPostgres) {
    say("starting a throwaway PostgreSQL cluster");
    try {
      cluster = await startPostgresCluster();
    } catch (err) {
      say(`PostgreSQL did not start: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
      if (ci) {
        requirements.cleanup();
        return 1;
      }
    }
    if (cluster) env.TEST_DATABASE_URL = cluster.url;
    else say("PostgreSQL tests will be skipped (set TEST_DATABASE_URL to run them on a server of yours)");
  }
  const summaryDir = mkdtempSync(join(tmpdir(), "zino-tests-"));
  const summaryPath = join(summaryDir, "summary.json");
  const stop = () => {
    cluster?.stop();
    requirements.cleanup();
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  process.on("SIGTERM", () => {
    stop();
    process.exit(143);
  });
  try {
    say(`running ${files.length} test files`);
    const reporter = process.stdout.isTTY ? "spec" : "tap";
    const args = [
      "--import",
      "tsx",
      "--test",
      "--test-concurrency=2",
      "--test-timeout=600000",
      `--test-reporter=${reporter}`,
      "--test-reporter-destination=stdout",
      `--test-reporter=./${join("scripts", "test-summary-reporter.mjs")}`,
      `--test-reporter-destination=${summaryPath}`,
      ...files.map((f) => relative(process.cwd(), f)),
    ];
    const child = spawn(process.execPath, args, { stdio: "inherit", env });
    const code = await new Promise<number>((resolve) => child.on("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0))));
    try {
      printSummary(SummarySchema.parse(JSON.parse(readFileSync(summaryPath, "utf8"))), requirements.missing, Date.now() - started);
    } catch (err) {
      say(`no summary (${err instanceof Error ? err.message : String(err)})`);
    }
    return code;
  } finally {
    stop();
    rmSync(summaryDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`run-tests: ${String(err)}\n`);
    process.exit(1);
  },
);
