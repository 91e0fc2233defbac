import { ERROR_KINDS } from '../../messages.ts';
import { REQUEST_TEXT_MESSAGES } from '../../request-text.ts';

/** API error kinds, keyed by the `code` of an error answer. */
export const errors = {
  ...ERROR_KINDS,
  ...REQUEST_TEXT_MESSAGES,
  network: 'The server cannot be reached. Check your connection and try again.',
  unexpected: 'Something went wrong. Try again in a moment.',
} as const;
