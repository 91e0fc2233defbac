import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * Validates the request body with a zod schema and returns the parsed value.
 * A failure throws the ZodError, which the error handler answers as 400 invalid_argument with per-field messages.
 */
export function parseBody<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  return schema.parse(request.body ?? {});
}

/** Same as parseBody for the query string. */
export function parseQuery<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  return schema.parse(request.query ?? {});
}

/** Same as parseBody for route parameters. */
export function parseParams<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  return schema.parse(request.params ?? {});
}
