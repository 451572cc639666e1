import { setFlagsFromString } from "node:v8";

// The Node/V8 flags every ZINO service process runs with, wherever it is launched: `zino up` (cli/service-launch.ts),
// the systemd units (deploy/systemd, as NODE_OPTIONS) and the test and benchmark harness (harness/zino-processes.ts).
//
// --max-semi-space-size=2 (MiB): V8 grows each service's young generation up to 16 MiB per semi-space under load and
// keeps it; a turn allocates little that survives, so a 2 MiB nursery only scavenges more often. Measured on the four
// services from dist/ after 5–6 s of 32-client load, interleaved rounds on the 2-core machine, without → with:
// RSS of the four 465 [439–509] → 401 [386–465] MiB, PSS with exc's children 328 → 258 MiB; 20 s after the load
// 447 → 279 MiB (V8's memory reducer can then give the old generation back, not a 16 MiB nursery). Cost: service CPU
// per turn 2.93 → 3.26 ms (+11%, within the spread 2.2–4.4), 1-client p50 2.42 → 2.55 ms. Rejected: 1 MiB (about the
// same memory, +16% CPU per turn), --optimize-for-size (another 40 MiB less, but +20–45% CPU per turn and +1 ms p50).
export const SERVICE_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=2"];

// The V8 flags every service applies itself when it starts (run-service.ts, v8.setFlagsFromString), however it was
// launched, a bare `node main.js` included: flags V8 reads again at every collection, and which NODE_OPTIONS refuses
// (so the systemd units could not pass them). The flags above are read once, at heap setup: they stay on the command line.
//
// --heap-growing-percent=50: V8 lets the old generation grow to about 4× what survived the last mark-compact before the
// next one (daemon and rtr: ~24 and ~17 MiB live, 90–110 MiB resident after 32-client load); 50 lets it grow by half.
// More mark-compacts, paid for by allocating less per turn (the same change): per 1000 turns, all four services,
// --trace-gc-nvp, 2–4 runs each, before → after the allocation work: scavenges 249–279 → 155–171, promoted to the old
// generation 46–56 → 37–43 MiB; mark-compacts with this flag 8.1–8.7 → 6.2–7.0 (without it 2.2–2.5 before).
// memprobe (3 s warm-up, 8 s of 32 clients), interleaved rounds on the shared 2-core machine at load 8–14 (so CPU per
// turn is noisy), median [min–max], n=4: with --max-semi-space-size=2 alone, before the allocation work: RSS of the
// four 383 [334–422] MiB, PSS 222 [171–264], CPU per turn 1.51 [1.01–2.52] ms; with this flag after it: RSS 315
// [309–318], PSS 156 [145–157], CPU 1.68 [1.29–2.01] (the flag before the allocation work: CPU 2.15 [1.40–2.29]).
// Applied here or on the command line, the same (PSS 156 [155–161] vs 159 [150–181], n=3). Rejected: 100 (PSS 159
// [151–164], CPU 1.96 [1.09–3.03], not better measured here); 25 (no less memory than 50 in the lead's quiet runs).
// Not taken, as it changes the launch flags (the systemd units): --max-semi-space-size=4 with this flag, PSS 169
// [154–196], CPU 1.62 [0.76–1.83], a third of the scavenges and of the promoted bytes of 2 MiB (81 per 1000 turns,
// 15–20 MiB), mark-compacts back to 2.4–3.2: the candidate if the CPU per turn measured on a quiet machine is too high.
export const SERVICE_RUNTIME_V8_FLAGS: readonly string[] = ["--heap-growing-percent=50"];

/** A V8 flag's name, spelled with dashes (V8 takes `--heap_growing_percent` and `--heap-growing-percent` alike). */
function flagName(flag: string): string {
  return flag.split("=")[0]!.replaceAll("_", "-");
}

/**
 * Applies SERVICE_RUNTIME_V8_FLAGS to this process, each unless the command line already sets it (an operator's
 * own value wins). Called first thing by every service (run-service.ts). Returns the flags applied.
 */
export function applyServiceRuntimeFlags(
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flag: string) => void = setFlagsFromString,
): string[] {
  const given = new Set(execArgv.filter((arg) => arg.startsWith("--")).map(flagName));
  const applied = SERVICE_RUNTIME_V8_FLAGS.filter((flag) => !given.has(flagName(flag)));
  for (const flag of applied) setFlags(flag);
  return applied;
}
