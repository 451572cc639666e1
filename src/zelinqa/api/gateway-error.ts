// Gateway refusals without envelope (docs/zelinqa-api.md §4.1, §5.3); envelope errors are the operations' OperationError.
export type GatewayStatus = 401 | 403 | 404 | 405 | 413 | 429 | 500 | 503;

/** A gateway-style refusal without envelope (docs/zelinqa-api.md §4.1, §5.3). */
export class GatewayError extends Error {
  readonly status: GatewayStatus;
  readonly headers: Record<string, string>;

  constructor(status: GatewayStatus, headers: Record<string, string> = {}) {
    super(`gateway ${status}`);
    this.name = "GatewayError";
    this.status = status;
    this.headers = headers;
  }
}
