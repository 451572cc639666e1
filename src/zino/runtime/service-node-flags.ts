// The Node/V8 flags every ZINO service process runs with, wherever it is launched: `zino up` (cli/service-launch.ts),
// the systemd units (deploy/systemd, as NODE_OPTIONS) and the test and benchmark harness (harness/zino-processes.ts).
//
// --max-semi-space-size=1 (MiB): V8 grows each service's young generation up to 16 MiB per semi-space under load,
// memory a service keeps afterwards; a turn allocates little that survives, so a 1 MiB nursery only scavenges more
// often (each scavenge well under a millisecond). Measured on the four services from dist/ after 5 s of 32-client
// load, 3 interleaved rounds on a loaded 2-core machine: RSS of the four 360 [331–365] → 283 [278–318] MiB, PSS with
// exc's children 215 → 131 MiB; turns/s and 1-client latency showed no slowdown beyond the machine's noise, and the
// start's CPU time is unchanged (0.27 → 0.28 s for exc).
export const SERVICE_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=1"];
