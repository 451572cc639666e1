// The root of the SDK error hierarchy (docs/zelinqa-mcp.md §3.4) and the local failures that never travel on the wire.

/** Plain-data form of an error, as returned by `toJSON()`. */
export type ZelinqaErrorJSON = { name: string; message: string } & Record<string, unknown>;

export class ZelinqaError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }

  toJSON(): ZelinqaErrorJSON {
    return { name: this.name, message: this.message };
  }
}

/** Transport errors and per-attempt timeouts, once retries are exhausted. Never carries a URL or the key. */
export class ZelinqaConnectionError extends ZelinqaError {
  constructor(message = "unable to reach the Zelinqa API", options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface RequestValidationIssue {
  path: string;
  message: string;
}

/** A request body rejected locally against the contract; nothing was sent (docs/zelinqa-mcp.md §3.2). */
export class ZelinqaRequestValidationError extends ZelinqaError {
  readonly issues: RequestValidationIssue[];

  constructor(issues: RequestValidationIssue[], message?: string) {
    super(message ?? `the request does not satisfy the contract: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
    this.issues = issues.map((i) => ({ path: i.path, message: i.message }));
  }

  override toJSON(): ZelinqaErrorJSON {
    return { ...super.toJSON(), issues: this.issues.map((i) => ({ ...i })) };
  }
}

/** `waitForCompilation` ran out of its time budget (docs/zelinqa-mcp.md §3.7). */
export class ZelinqaCompilationTimeoutError extends ZelinqaError {
  readonly compilationId: string;
  readonly timeoutMs: number;

  constructor(compilationId: string, timeoutMs: number) {
    super(`compilation ${compilationId} did not finish within ${timeoutMs} ms`);
    this.compilationId = compilationId;
    this.timeoutMs = timeoutMs;
  }

  override toJSON(): ZelinqaErrorJSON {
    return { ...super.toJSON(), compilationId: this.compilationId, timeoutMs: this.timeoutMs };
  }
}

/** `answerTurn` refused to build a previous turn (docs/zelinqa-mcp.md §3.6). A TypeError, as the spec requires. */
export class ZelinqaAnswerError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = "ZelinqaAnswerError";
  }

  toJSON(): ZelinqaErrorJSON {
    return { name: this.name, message: this.message };
  }
}
