// `npm run bench`: every benchmark of the repository, each figure printed next to a same-run baseline.
// The ZINO turn benchmarks (zino-turns, zino-tool-turn) run here; the others (owned by their subsystems) run as
// child processes when their file exists, with their output passed through. BENCH_SECONDS sets the length of each
// measurement, BENCH_ROUNDS (3) the interleaved rounds of each figure; BENCH_ONLY=zino-turns,zino-tool-turn,zelinqa-selection
// restricts the run to the named benchmarks. The services and servers run from dist/ (built first when a source is
// newer: scripts/build-if-stale.mjs); `npm run bench -- --sources` or BENCH_SOURCES=1 runs them from the TypeScript
// sources through tsx instead. The load average is printed at the start.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT, TSX_LOADER } from "../harness/zino-processes.js";
import { loadAverageLine } from "./latency-stats.js";
import { runZinoToolTurnBench } from "./zino-tool-turn.js";
import { runZinoTurnsBench } from "./zino-turns.js";

const seconds = Number(process.env.BENCH_SECONDS ?? "5");
const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const selected = (name: string) => only.length === 0 || only.includes(name);
const print = (line: string) => process.stdout.write(`${line}\n`);
/** Benchmarks of other subsystems, run as they are run by hand: `node --import tsx bench/<name>.ts`. */
const CHILD_BENCHMARKS = [
  "zino-cold-start",
  "zino-one-process",
  "zelinqa-selection",
  "zelinqa-understanding",
  "zelinqa-api",
  "zelinqa-workers",
  "zelinqa-studio-analytics",
  "zelinqa-studio-facts",
  "zelinqa-mcp",
  "zino-exec",
  "zino-protocol",
  "zino-python",
];

async function runChild(file: string): Promise<number> {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, file], { stdio: ["ignore", "inherit", "inherit"], cwd: REPO_ROOT });
  return new Promise<number>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const unknown = only.filter((name) => !["zino-turns", "zino-tool-turn", ...CHILD_BENCHMARKS].includes(name));
if (unknown.length > 0) {
  process.stderr.write(
    `bench: unknown in BENCH_ONLY: ${unknown.join(", ")} (known: zino-turns, zino-tool-turn, ${CHILD_BENCHMARKS.join(", ")})\n`,
  );
  process.exit(2);
}

const fromDist = !(process.argv.includes("--sources") || process.env.BENCH_SOURCES === "1");
if (fromDist) {
  const build = spawnSync(process.execPath, [join(REPO_ROOT, "scripts", "build-if-stale.mjs"), "--quiet"], { stdio: "inherit" });
  if (build.status !== 0) {
    process.stderr.write("bench: the build failed; `npm run bench -- --sources` runs from the sources\n");
    process.exit(1);
  }
}
// The children read BENCH_DIST (1: dist/, 0: sources).
process.env.BENCH_DIST = fromDist ? "1" : "0";
print(
  `bench: ${loadAverageLine()}; running from ${fromDist ? "dist/" : "the sources (tsx)"}; BENCH_ROUNDS=${process.env.BENCH_ROUNDS ?? "3"}`,
);

// The sandboxed modes need bubblewrap; without it exc refuses them (rightly), which these benchmarks report as failures.
const bwrap = process.env.ZINO_EXC_BWRAP ?? "bwrap";
const sandboxed = ["zino-tool-turn", "zino-exec", "zino-python"].some(selected);
if (sandboxed && spawnSync(bwrap, ["--version"], { stdio: "ignore" }).status !== 0)
  print(
    `bench: ${bwrap} (bubblewrap) does not run here, so exc refuses sandboxed tools: the sandboxed modes of zino-tool-turn and ` +
      "zino-exec will fail and zino-python's will be not measured; install it (apt-get install bubblewrap) for those figures",
  );

const failures: string[] = [];
if (selected("zino-turns")) {
  print("== ZINO turns (bench/zino-turns.ts)");
  try {
    const { ok } = await runZinoTurnsBench({
      secondsPerMeasurement: seconds,
      clients: 32,
      warmupSeconds: 2,
      print,
      fromDist,
    });
    if (!ok) failures.push("zino-turns");
  } catch (err) {
    process.stderr.write(`bench: zino-turns failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    failures.push("zino-turns");
  }
}
if (selected("zino-tool-turn")) {
  print(`${selected("zino-turns") ? "\n" : ""}== ZINO tool turn vs plain turn (bench/zino-tool-turn.ts)`);
  try {
    const { ok } = await runZinoToolTurnBench({ secondsPerMeasurement: seconds, print, fromDist });
    if (!ok) failures.push("zino-tool-turn");
  } catch (err) {
    process.stderr.write(`bench: zino-tool-turn failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    failures.push("zino-tool-turn");
  }
}
for (const name of CHILD_BENCHMARKS) {
  const file = join(REPO_ROOT, "bench", `${name}.ts`);
  if (!selected(name) || !existsSync(file)) continue;
  print(`\n== ${name} (bench/${name}.ts)`);
  if ((await runChild(file)) !== 0) failures.push(name);
}
if (failures.length > 0) process.stderr.write(`bench: failed: ${failures.join(", ")}\n`);
process.exit(failures.length > 0 ? 1 : 0);
