// The V8 flags every service process is started with (`zino up`, the test harness). Each one is here because a
// measurement justified it; change them only with a new measurement (RSS from /proc/PID/status after 8 s of 32
// clients, and turns/s, same sitting).
//
// --max-semi-space-size=2 (MiB; Node 20's default grows to 16): the young generation stays at 4 MiB instead of up
//   to 32 MiB per process. Requests allocate short-lived objects only, so scavenges stay cheap: measured 317–332 MiB
//   for the four services after load against 356–371 MiB without it, turns/s unchanged within the noise.
//   It cannot be set from inside the process (the heap is sized when V8 starts), hence a command-line flag.
export const SERVICE_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=2"];
