import { z } from 'zod';

/**
 * Every mutating /api request (POST, PUT, PATCH, DELETE) carries this header; the server refuses
 * mutations without it (403). A cross-site form cannot set a custom header, and a cross-site script
 * cannot send one without a CORS preflight, which the server never grants.
 */
export const CSRF_HEADER = 'x-indicata-request';
export const CSRF_HEADER_VALUE = '1';

/** Name of the httpOnly session cookie. */
export const SESSION_COOKIE = 'indicata_session';

/** The body of every non-2xx API answer. `code` is an ErrorKind or a MessageKey of messages.ts. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Optional per-field problems for forms. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });

/** Server-Sent Event envelope on GET /api/events. `type` names the resource that changed. */
export const serverEventSchema = z.object({
  type: z.string(),
  data: z.unknown(),
});
export type ServerEvent = z.infer<typeof serverEventSchema>;
