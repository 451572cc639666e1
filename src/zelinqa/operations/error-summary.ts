// What an unexpected error may put in a log line (docs/zelinqa-api.md §2.5): its class and a bounded message, never a stack, a
// request body or conversational text (messages of our own code and drivers name fields and types, not values).
const MAX_MESSAGE_CHARS = 300;

export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const message = error.message.replace(/\s+/g, " ");
  return `${error.name}: ${message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message}`;
}
