import type { FastifyInstance } from 'fastify';
import { REQUEST_TEXT_MESSAGES, findControlCharacter, formatMessage } from '@indicata/contracts';
import { ApiError } from './errors.ts';

/** Thrown by the reviver: a key that could reach an object's prototype when the body is merged somewhere. */
class ForbiddenKey extends Error {
  constructor(public readonly key: string) {
    super(key);
  }
}

function reviveSafely(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new ForbiddenKey('__proto__');
  if (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype')) throw new ForbiddenKey('constructor.prototype');
  return value;
}

/** Text that may spell a forbidden key, directly or through \u escapes: only such bodies pay for the reviver. */
const MAY_HOLD_FORBIDDEN_KEY = /__proto__|prototype|\\u/;

/**
 * A JSON body as JSON.parse reads it, refusing `__proto__` and `constructor.prototype` keys anywhere (as Fastify's
 * own parser, secure-json-parse, does) with a message that names the key.
 */
function parseJsonBody(text: string): unknown {
  if (!MAY_HOLD_FORBIDDEN_KEY.test(text)) return JSON.parse(text);
  try {
    return JSON.parse(text, reviveSafely);
  } catch (error) {
    if (error instanceof ForbiddenKey) throw new ApiError(400, 'jsonForbiddenKey', formatMessage(REQUEST_TEXT_MESSAGES.jsonForbiddenKey, { key: error.key }));
    throw error;
  }
}

/**
 * Hostile text, refused before any route sees it:
 * - JSON bodies: a `__proto__` or `constructor.prototype` key is refused, as Fastify's own parser does, but with a
 *   message that names the key instead of "Body is not valid JSON";
 * - a control character (NUL, which PostgreSQL cannot store in text, and the other C0/C1 controls except tab and
 *   line ends) in any string of the route parameters, the query or a parsed body, object keys included, is a 400
 *   `textControlCharacter` naming the field. Multipart fields are checked by the upload route itself.
 * Must be called on the root instance before the routes are registered.
 */
export function installRequestTextChecks(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) {
      done(Object.assign(new Error("Body cannot be empty when content-type is set to 'application/json'"), { statusCode: 400 }), undefined);
      return;
    }
    try {
      done(null, parseJsonBody(text));
    } catch (error) {
      done(error instanceof ApiError ? error : Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  app.addHook('preValidation', async (request) => {
    for (const [root, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      if (value === undefined || value === null) continue;
      const problem = findControlCharacter(value, root);
      if (problem) throw new ApiError(400, 'textControlCharacter', problem.message, { [problem.field]: problem.message });
    }
  });
}
