import { setFlagsFromString } from "node:v8";
import type { ServiceName } from "../config/index.js";

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
export const SERVICE_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=4"];

// The V8 flags every service applies itself when it starts (run-service.ts, v8.setFlagsFromString), however it was
// launched, a bare `node main.js` included: flags V8 reads again at every collection, and which NODE_OPTIONS refuses
// (so the systemd units could not pass them). The flags above are read once, at heap setup: they stay on the command line.
//
// --heap-growing-percent=50: V8 lets the old generation grow to about 4× what survived the last mark-compact before the
// next one (daemon and rtr: ~24 and ~17 MiB live, 90–110 MiB resident after 32-client load); 50 lets it grow by half.
// That means more mark-compacts, paid for by allocating less per turn (the same change, wire/ and daemon/rtr): per 1000
// turns, all four services (--trace-gc-nvp, 2–6 runs each), before → after: scavenges 249–287 → 155–171, bytes
// promoted to the old generation 46–56 → 34–43 MiB; mark-compacts with this flag 7.8–9.4 → 6.0–7.0 (2.2–2.5 without).
// memprobe (3 s warm-up, 8 s of 32 clients) from dist/, interleaved rounds on the shared 2-core machine at load 7–10,
// which inflates and spreads CPU per turn (about 2× the quiet machine's); median [min–max], n=4:
//   before, --max-semi-space-size=2 only: RSS of the four 380 [359–393] MiB, PSS 221 [201–233], CPU/turn 1.90 [1.64–3.79] ms
//   before, with this flag:               RSS 310 [301–312],     PSS 151 [142–153], CPU/turn 2.53 [1.80–2.92]
//   after, without this flag:             RSS 405 [386–432],     PSS 246 [225–277], CPU/turn 1.46 [1.26–1.71]
//   after, with this flag (shipped):      RSS 319 [312–321],     PSS 159 [152–162], CPU/turn 1.97 [1.47–2.14]
// A later set at lower load (RSS / PSS / CPU per turn, n=4): before 404 [401–413] / 252 [248–259] / 1.73 [1.37–1.99];
// shipped 321 [320–327] / 173 [164–175] / 1.53 [1.33–1.75]. 1-client turn p50, before → after: 3.20 [2.25–3.42] →
// 2.34 [2.25–2.73] ms (n=3). Applied here or on the command line, the same: PSS 156 [155–161] vs 159 [150–181] (n=3).
// Rejected: 100 and 75 (no clear CPU gain measured here, PSS 159–172); 25 (no less memory than 50 in issue 14's quiet
// runs). Not taken, as it changes the launch flags above (and so the systemd units): --max-semi-space-size=4 with this
// flag, in that later set 343 [339–347] / 191 [183–195] / 1.32 [1.20–1.43]: half the scavenges (74–80 per 1000 turns),
// a third of the promoted bytes (13–14 MiB), mark-compacts as without this flag (2.2–2.3); the next step if the quiet
// machine's CPU per turn is still too high, for about 20 MiB more.
export const SERVICE_RUNTIME_V8_FLAGS: readonly string[] = ["--heap-growing-percent=50"];

/**
 * The runtime flags of one service on top of SERVICE_RUNTIME_V8_FLAGS. ctx and exc keep their young generation at
 * V8's initial size (1 MiB per semi-space) instead of growing it to the launch flag's 4 MiB: they carry little of
 * a turn's allocation (ctx ~40 KiB a turn, exc none on a plain turn), so the bigger nursery would only cost memory.
 * --semi-space-growth-factor is read at each growth of the young generation, so it works when set after start.
 */
export const SERVICE_RUNTIME_V8_FLAGS_OF: Readonly<Record<ServiceName, readonly string[]>> = {
  daemon: [],
  rtr: [],
  ctx: ["--semi-space-growth-factor=1"],
  exc: ["--semi-space-growth-factor=1"],
};

/** A V8 flag's name, spelled with dashes (V8 takes `--heap_growing_percent` and `--heap-growing-percent` alike). */
function flagName(flag: string): string {
  return flag.split("=")[0]!.replaceAll("_", "-");
}

/** Every runtime flag the service applies: the common ones, then its own. */
export function serviceRuntimeFlags(service: ServiceName): string[] {
  return [...SERVICE_RUNTIME_V8_FLAGS, ...SERVICE_RUNTIME_V8_FLAGS_OF[service]];
}

/**
 * Applies the service's runtime flags (serviceRuntimeFlags) to this process, each unless the command line already
 * sets it (an operator's own value wins). Called first thing by every service (run-service.ts). Returns the flags
 * applied.
 */
export function applyServiceRuntimeFlags(
  service: ServiceName,
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flag: string) => void = setFlagsFromString,
): string[] {
  const given = new Set(execArgv.filter((arg) => arg.startsWith("--")).map(flagName));
  const applied = serviceRuntimeFlags(service).filter((flag) => !given.has(flagName(flag)));
  for (const flag of applied) setFlags(flag);
  return applied;
}
