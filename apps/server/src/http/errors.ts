import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { ERROR_KINDS, errorKindForStatus, type ApiErrorBody, type ErrorKind } from '@indicata/contracts';

/**
 * An error the client should see as `{ error: { code, message, fields? } }` with `status`.
 * `code` is an ErrorKind or a MessageKey of contracts; `message` the English text from contracts.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** An ApiError with the standard message of an error kind: `ApiError.of(404, 'not_found')`. */
  static of(status: number, kind: ErrorKind, fields?: Record<string, string>): ApiError {
    return new ApiError(status, kind, ERROR_KINDS[kind], fields);
  }
}

/** `{ field.path: first message }` of a zod error; `_` for problems of the whole body. */
export function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/**
 * Maps every error to the API error shape: ApiError as given; zod errors to 400 invalid_argument with
 * per-field messages (the first as the message); Fastify's own 4xx (bad JSON, body too large, rate limit)
 * to their kind; anything else to 500 internal, logged, with no detail sent to the client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | ZodError | Error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    if (error instanceof ZodError) {
      const fields = zodFields(error);
      const first = Object.values(fields)[0] ?? ERROR_KINDS.invalid_argument;
      return reply.code(400).send(errorBody('invalid_argument', first, fields));
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const kind = errorKindForStatus(status);
      // Fastify's 4xx messages (invalid JSON, unsupported media type, body too large) are safe and useful.
      const message = kind === 'invalid_argument' || kind === 'too_big' ? error.message || ERROR_KINDS[kind] : ERROR_KINDS[kind];
      return reply.code(status).send(errorBody(kind, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    const kind = typeof status === 'number' && status === 503 ? 'unavailable' : 'internal';
    return reply.code(kind === 'unavailable' ? 503 : 500).send(errorBody(kind, ERROR_KINDS[kind]));
  });
}
