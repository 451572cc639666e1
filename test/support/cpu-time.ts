// How much CPU a piece of work took, for tests that check an algorithm's cost (linear, not exponential) with a bound in
// milliseconds: the time on the clock also counts the moments other processes had the CPU, which on a loaded 2-core
// machine stretches 100 ms of work past any bound (schema-patterns' 500 ms failed at 600 ms under load).

/** The CPU time (user + system, all of this process's threads) `work` took, in milliseconds, and its result. */
export async function cpuTimed<T>(work: () => T | Promise<T>): Promise<{ ms: number; result: T }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, result };
}

/** {@link cpuTimed} for synchronous work: its CPU time in milliseconds. */
export function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
