import { setFlagsFromString } from "node:v8";
import type { ServiceName } from "../config/index.js";

// The Node/V8 flags every ZINO service process runs with, wherever it is launched: `zino up` (cli/service-launch.ts),
// the systemd units (deploy/systemd, as NODE_OPTIONS) and the test and benchmark harness (harness/zino-processes.ts).
//
// --max-semi-space-size=4 (MiB): V8 grows each service's young generation up to 16 MiB per semi-space under load and
// keeps it. At 32 clients, a 2 MiB nursery (the previous value) is too small for the daemon and rtr (~120 and ~100 KiB
// allocated per turn): a turn's objects, alive for the whole turn while 31 others allocate, outlive one or two of its
// scavenges and are promoted, which costs copying and then mark-compacts. --trace-gc per 1000 turns (memprobe, 2 runs
// each), 2 → 4: daemon scavenges 79–82 → 37–41, mark-compacts 3.0–3.2 → 1.4; rtr scavenges 67–68 → 30–32,
// mark-compacts 1.9–4.5 → 0.6–0.7. ctx does not grow past its size at start (SERVICE_RUNTIME_V8_FLAGS), exc carries no
// load on a plain turn. memprobe (3 s warm-up, 8 s of 32 clients), the four from dist/bundle, interleaved with the
// previous build on the shared 2-core machine (load 7–10, which inflates CPU per turn), median [min–max], n=6:
//   2 MiB (before):  CPU/turn 1.24 [1.04–1.43] ms, 645 [532–897] turns/s, PSS of the four 156 [146–166] MiB
//   4 MiB (shipped): CPU/turn 0.98 [0.86–1.07] ms, 853 [503–1201] turns/s, PSS 164 [150–178] MiB
// paired by round: CPU per turn ×0.79 [0.64–1.02], PSS +7 [−16–+26] MiB (daemon 44 → 51, rtr 50 → 52). An earlier set
// at load 11–15: CPU per turn ×0.76 [0.69–0.92], PSS +14 [−8–+19] MiB. PSS after load grows with turns/s, which the
// smaller CPU per turn raises. Side by side with Python (issue 14's benchmark, same sitting, load ~8): 711 → 919
// turns/s (Python 376 and 347), CPU/turn 1.05 → 0.86 ms, PSS 169 → 176 MiB.
// Rejected: 8 MiB (PSS +10–20 MiB over 4, no clear CPU gain); --single-threaded-gc and --no-parallel-scavenge (the
// parallel scavenger's helper threads compete for the two cores with four services, but the two measured better at
// load ~10 and worse at load ~17: no clear gain); earlier, 1 MiB (+16% CPU per turn) and --optimize-for-size (+20–45%).
export const SERVICE_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=4"];

// The environment every ZINO service process starts with, under the operator's own values (`zino up`, the systemd
// units, the harness). MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (V8's GC and compiler helpers,
// libuv's pool) an arena of its own and keeps what was freed in it; two arenas instead of up to 8 per core.
// BENCH_ONLY=zino-turns (3 s of 32 clients, 3 rounds, from dist/), alternated with and without, 4 pairs: RSS of the
// four after the load 288.5 / 289.2 / 293.2 / 288.0 MiB against 300.4 / 300.2 / 301.1 / 318.8 (−8 to −31, most of it
// in rtr), service CPU per turn 0.60 / 0.58 / 0.63 / 0.68 ms against 0.68 / 0.66 / 0.66 / 0.75. glibc reads it at
// start: a bare `node main.js` without it runs as before. An empty `node` holds 39.8 MiB either way.
export const SERVICE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2" };

/** A service's environment: {@link SERVICE_ENV} under `env`, whose own values win. */
export function serviceEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...SERVICE_ENV, ...env };
}

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
// runs); with the 4 MiB nursery, 30 for the daemon and rtr (PSS −7 [−12–−4] MiB, CPU per turn ×1.19 [0.85–1.28], n=4)
// and 20 for ctx and exc (no less memory: V8 lets a heap grow by at least 8 MiB whatever the percentage).
//
// --semi-space-growth-factor=1, ctx only: its young generation stays at the size it reached while its modules loaded
// (2 MiB per semi-space, as with the previous launch flag) instead of growing to 4: ctx allocates ~40 KiB a turn, and
// it dies young. Per 1000 turns ctx scavenges 24–25 times with it (25 with the previous 2 MiB), 13 without; ctx's PSS
// after memprobe 37–40 MiB with it (38–42 before), 48 without (n=2, 2, 1). V8 reads it at each growth of the young
// generation, so it works when set after start.
//
// --liftoff-only: WebAssembly stays in V8's baseline compiler. The only WebAssembly a service runs is undici's HTTP
// parser (llhttp), in rtr. Its main function is one large state machine: when it gets hot, within the first turns after
// a start, TurboFan compiles it in the background, and that took 200–270 ms of rtr's CPU (rtr's CPU per turn in the
// first 250 ms of turns 13.7–23.6 ms, against 3.3–4.6 with the flag: with two cores, the turns of those first moments
// wait for it) and could leave ~27 MiB of compiler memory in rtr's malloc heap (rtr's [heap] after a 32-client load
// 33.5 / 7.1 MiB in two runs without the flag, 6.4 / 6.8 with it; the four's summed RSS in issue 14's side by side,
// four alternated pairs, two in each order: 299 / 296 / 305 / 299 → 287 / 285 / 287 / 288 MiB). The baseline code
// parses a 140 KB response in ~0.1 ms more, and a 1.4 KB one in the same time (a scratch bench: provider-http.ts on a
// local HTTP server, after warm-up); the same side by side showed no change in turns/s at 32 clients nor in service CPU
// per turn. It is listed for every service so that zino-host, which applies only the flags all its services share, gets
// it too; the others run no WebAssembly.
const HEAP_GROWTH = "--heap-growing-percent=50";
const WASM_BASELINE_ONLY = "--liftoff-only";
export const SERVICE_RUNTIME_V8_FLAGS: Readonly<Record<ServiceName, readonly string[]>> = {
  daemon: [HEAP_GROWTH, WASM_BASELINE_ONLY],
  rtr: [HEAP_GROWTH, WASM_BASELINE_ONLY],
  ctx: [HEAP_GROWTH, "--semi-space-growth-factor=1", WASM_BASELINE_ONLY],
  exc: [HEAP_GROWTH, WASM_BASELINE_ONLY],
};

/** A V8 flag's name, spelled with dashes (V8 takes `--heap_growing_percent` and `--heap-growing-percent` alike). */
function flagName(flag: string): string {
  return flag.split("=")[0]!.replaceAll("_", "-");
}

/**
 * Applies the service's SERVICE_RUNTIME_V8_FLAGS to this process, each unless the command line already
 * sets it (an operator's own value wins). Called first thing by every service (run-service.ts). Returns the flags
 * applied. For several services in one process (zino-host, run-host.ts), only the flags all of them take: V8 flags
 * are the process's, and one service's (ctx's fixed nursery) would slow the others down.
 */
export function applyServiceRuntimeFlags(
  services: ServiceName | readonly ServiceName[],
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flag: string) => void = setFlagsFromString,
): string[] {
  const [first, ...others] = typeof services === "string" ? [services] : services;
  const shared =
    first === undefined
      ? []
      : SERVICE_RUNTIME_V8_FLAGS[first].filter((flag) => others.every((o) => SERVICE_RUNTIME_V8_FLAGS[o].includes(flag)));
  const given = new Set(execArgv.filter((arg) => arg.startsWith("--")).map(flagName));
  const applied = shared.filter((flag) => !given.has(flagName(flag)));
  for (const flag of applied) setFlags(flag);
  return applied;
}
