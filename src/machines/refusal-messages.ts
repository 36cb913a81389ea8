import { ApiError, type FieldMessages } from '../api/errors';

/**
 * The server's messages by field of a refusal (an ApiError's `messages`), or none for any other failure: what the
 * console's forms tie to their fields. Its own module, out of the family pages' app shell.
 */
export function fieldMessagesOf(error: unknown): FieldMessages {
  return error instanceof ApiError ? error.messages : {};
}
