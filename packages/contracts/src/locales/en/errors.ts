import { ERROR_KINDS } from '../../messages.ts';

/** API error kinds, keyed by the `code` of an error answer. */
export const errors = {
  ...ERROR_KINDS,
  network: 'The server cannot be reached. Check your connection and try again.',
  unexpected: 'Something went wrong. Try again in a moment.',
} as const;
