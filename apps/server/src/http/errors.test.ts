import Fastify from 'fastify';
import { z } from 'zod';
import { ApiError, installErrorHandler } from './errors.ts';
import { parseBody } from './parse.ts';

async function appWith(handler: () => unknown) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.post('/x', async (request) => {
    parseBody(z.object({ name: z.string().min(1, 'Name is required.'), age: z.number({ error: 'Age must be a number.' }) }), request);
    return handler();
  });
  app.get('/boom', async () => handler());
  await app.ready();
  return app;
}

describe('the API error shape', () => {
  it('answers an ApiError as given, with its fields', async () => {
    const app = await appWith(() => {
      throw new ApiError(409, 'conflict', 'That already exists.', { email: 'taken' });
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'conflict', message: 'That already exists.', fields: { email: 'taken' } } });
  });

  it('answers zod errors with 400 invalid_argument and per-field messages', async () => {
    const app = await appWith(() => ({}));
    const response = await app.inject({ method: 'POST', url: '/x', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_argument', message: 'Name is required.', fields: { name: 'Name is required.', age: 'Age must be a number.' } },
    });
  });

  it('answers malformed JSON with 400 invalid_argument', async () => {
    const app = await appWith(() => ({}));
    const response = await app.inject({ method: 'POST', url: '/x', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_argument');
  });

  it('hides unknown errors behind 500 internal, without the message or stack', async () => {
    const app = await appWith(() => {
      throw new Error('secret detail at /srv/app.ts:12');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on the server.' } });
    expect(response.body).not.toContain('secret');
  });
});
