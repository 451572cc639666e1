// The dependencies every route module receives from the app factory: the operations' own, plus the locale and
// the compilation worker's wake-up.
import type { Locale } from "../contracts/index.js";
import type { OperationDeps } from "../operations/index.js";

export interface AppContext extends OperationDeps {
  locale: Locale;
  /** Wakes the in-process compilation worker right after an enqueue (docs/zelinqa-api.md §12.5). */
  wakeWorker(): void;
}
