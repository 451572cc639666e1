// Long work on the request thread, in slices: the work is a generator that yields between small steps, and it runs for
// at most `sliceMs` before the thread goes back to the event loop (setImmediate), so that other requests are answered
// meanwhile. Its total time grows by what those requests take, never by more than one round of the loop per slice.

/** Long enough that giving the thread back costs little; short enough that another request waits little. */
export const DEFAULT_SLICE_MS = 20;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runInSlices<T>(steps: Generator<unknown, T>, options: { sliceMs?: number } = {}): Promise<T> {
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

/** The same work at once, without giving the thread back (the CLI, tests, small inputs). */
export function runAtOnce<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}
