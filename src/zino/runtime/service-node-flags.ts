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
