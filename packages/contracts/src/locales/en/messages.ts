import { MESSAGES } from '../../messages.ts';

/** The spec's user-facing messages, reused verbatim (one source: contracts/messages.ts). */
export const messages = MESSAGES;
