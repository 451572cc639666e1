// `npm run bench`: the ZINO turn benchmark, then the Zelinqa selection benchmark when present (its own process).
// Each figure is printed next to a same-run baseline. BENCH_SECONDS sets the length of each measurement.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT, TSX_LOADER } from "../test/support/zino-processes.js";
import { runZinoTurnsBench } from "./zino-turns.js";

const seconds = Number(process.env.BENCH_SECONDS ?? "5");
const print = (line: string) => process.stdout.write(`${line}\n`);

async function runChild(file: string): Promise<number> {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, file], { stdio: ["ignore", "inherit", "inherit"], cwd: REPO_ROOT });
  return new Promise<number>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

let failed = false;
print("== ZINO turns (bench/zino-turns.ts)");
try {
  const { ok } = await runZinoTurnsBench({ secondsPerMeasurement: seconds, clients: 32, warmupSeconds: 1, print });
  failed ||= !ok;
} catch (err) {
  process.stderr.write(`bench: zino-turns failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  failed = true;
}
const selection = join(REPO_ROOT, "bench", "zelinqa-selection.ts");
if (existsSync(selection)) {
  print("\n== Zelinqa selection (bench/zelinqa-selection.ts)");
  failed ||= (await runChild(selection)) !== 0;
}
process.exit(failed ? 1 : 0);
