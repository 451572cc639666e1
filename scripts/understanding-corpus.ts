// `npm run corpus`: scores the understanding corpus (harness/understanding-corpus) and prints one table per
// grouping. `--failures` lists the tuned entries that fail; `--held-out` lists failing held-out entries too.
import { rate, runCorpus, scoreTables } from "../harness/understanding-corpus/corpus-runner.js";

const args = new Set(process.argv.slice(2));
const results = await runCorpus();
const tables = scoreTables(results);
const out = (line: string) => process.stdout.write(`${line}\n`);
for (const [name, rows] of Object.entries(tables)) {
  out(`\n${name.padEnd(14)} ${"passed".padStart(7)} ${"total".padStart(6)} ${"score".padStart(7)} ${"wrong confirmed".padStart(16)}`);
  for (const row of rows) {
    out(
      `${row.group.padEnd(14)} ${String(row.passed).padStart(7)} ${String(row.total).padStart(6)} ${(rate(row) * 100).toFixed(1).padStart(6)}% ${String(row.wrongConfirmed).padStart(16)}`,
    );
  }
}
if (args.has("--failures") || args.has("--held-out")) {
  out("\nfailures:");
  for (const r of results) {
    if ((r.pass && r.wrongConfirmed.length === 0) || (r.entry.h && !args.has("--held-out"))) continue;
    const got = Object.entries(r.got.targets)
      .map(([id, t]) => `${id}=${JSON.stringify(t.value)}(${t.status})`)
      .join(" ");
    out(
      `  [${r.entry.category}] ${r.entry.question} "${r.entry.text}" expect ${JSON.stringify(r.entry.expect)}${r.entry.also ? ` also ${JSON.stringify(r.entry.also)}` : ""} → ${r.got.outcome ?? "-"} ${got}${r.wrongConfirmed.length ? ` WRONG-CONFIRMED ${r.wrongConfirmed.join(",")}` : ""}`,
    );
  }
}
