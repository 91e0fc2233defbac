import { afterEach, describe, expect, test } from 'vitest';
import { createLanguageModelAssistant } from './assistant.ts';
import { startFakeOpenAIServer, type FakeOpenAIServer } from './fake-openai-server.ts';
import { LanguageModelError } from './language-model.ts';
import { OpenAICompatibleModel } from './openai-model.ts';
import type { DataProfile } from './profile.ts';

let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const modelAt = (url: string, overrides: Partial<{ timeoutMs: number; maxRetries: number }> = {}) =>
  new OpenAICompatibleModel({ baseUrl: url, apiKey: 'test-key', model: 'fake-model', timeoutMs: overrides.timeoutMs ?? 5_000, maxRetries: overrides.maxRetries ?? 2, maxTokens: 200 });

const messages = [{ role: 'user' as const, content: 'Hello?' }];

describe('OpenAI-compatible provider (real openai client, local chat-completions server)', () => {
  test('sends the model, messages and key, and returns the completion text', async () => {
    server = await startFakeOpenAIServer(() => ({ kind: 'text', content: 'Hi there.' }));
    const text = await modelAt(server.url).complete({ messages });
    expect(text).toBe('Hi there.');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.model).toBe('fake-model');
    expect(server.requests[0]!.messages).toEqual(messages);
  });

  test('retries a 429 and a 500, then succeeds', async () => {
    server = await startFakeOpenAIServer((_r, i) =>
      i === 0 ? { kind: 'error', status: 429, retryAfterMs: 10 } : i === 1 ? { kind: 'error', status: 500, retryAfterMs: 10 } : { kind: 'text', content: 'third time' },
    );
    await expect(modelAt(server.url).complete({ messages })).resolves.toBe('third time');
    expect(server.requests).toHaveLength(3);
  });

  test('gives up after the configured retries with an unavailable error', async () => {
    server = await startFakeOpenAIServer(() => ({ kind: 'error', status: 503, retryAfterMs: 5 }));
    const error = await modelAt(server.url, { maxRetries: 1 }).complete({ messages }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LanguageModelError);
    expect((error as LanguageModelError).reason).toBe('unavailable');
    expect(server.requests).toHaveLength(2);
  });

  test('a 400 is not retried', async () => {
    server = await startFakeOpenAIServer(() => ({ kind: 'error', status: 400, message: 'bad request' }));
    const error = await modelAt(server.url).complete({ messages }).catch((e: unknown) => e);
    expect((error as LanguageModelError).reason).toBe('unavailable');
    expect(server.requests).toHaveLength(1);
  });

  test('a slow answer hits the timeout', async () => {
    server = await startFakeOpenAIServer(() => ({ kind: 'text', content: 'too late', delayMs: 2_000 }));
    const started = Date.now();
    const error = await modelAt(server.url, { timeoutMs: 200, maxRetries: 0 }).complete({ messages }).catch((e: unknown) => e);
    expect((error as LanguageModelError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  test('streams SSE chunks and reports the text so far', async () => {
    const answer = 'A streamed answer in several small chunks.';
    server = await startFakeOpenAIServer(() => ({ kind: 'text', content: answer }));
    const seen: string[] = [];
    const text = await modelAt(server.url).complete({ messages, onText: (t) => seen.push(t) });
    expect(text).toBe(answer);
    expect(server.requests[0]!.stream).toBe(true);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.at(-1)).toBe(answer);
    expect(seen[0]!.length).toBeLessThan(answer.length);
  });

  test('asks for JSON-schema structured output and returns the JSON text', async () => {
    server = await startFakeOpenAIServer((request) => {
      const schema = request.response_format?.json_schema?.schema as { properties: Record<string, unknown> };
      return { kind: 'text', content: JSON.stringify(Object.fromEntries(Object.keys(schema.properties).map((k) => [k, `about ${k}`]))) };
    });
    const schema = { type: 'object', properties: { results: { type: 'string' } }, required: ['results'], additionalProperties: false };
    const text = await modelAt(server.url).complete({ messages, jsonSchema: { name: 'report', schema } });
    expect(JSON.parse(text)).toEqual({ results: 'about results' });
    expect(server.requests[0]!.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'report', schema, strict: true } });
  });

  test('the assistant grounds the question in the profile and falls back to the built-in analyst when the model fails', async () => {
    const profile: DataProfile = {
      database: 'WHO', kind: 'who', rows: 10, spaceColumn: 'countryName', timeColumn: 'year', regionColumn: 'regionName',
      spaceCount: 2, spaceExamples: ['Brazil', 'Chile'], regions: [{ name: 'Americas', rows: 10 }], years: { first: 2000, last: 2004, count: 5 },
      columnCount: 1, columns: [{ name: 'LIFE', label: 'Life expectancy', present: 8, coverage: 0.8, min: 60, max: 80, mean: 70, median: 71, firstYear: 2000, lastYear: 2004, correlationWithTarget: null }],
      target: null,
    };
    server = await startFakeOpenAIServer(() => ({ kind: 'text', content: '**Life expectancy** covers 80% of rows and has 12345 secrets.<img src=x onerror=alert(1)>' }));
    const assistant = createLanguageModelAssistant(modelAt(server.url));
    const answer = await assistant.answerQuestion({ question: 'How complete is life expectancy?', profile });
    expect(answer.provider).toBe('openai');
    expect(server.requests[0]!.messages[0]!.content).toContain('"Life expectancy"');
    expect(server.requests[0]!.messages[1]!.content).toBe('How complete is life expectancy?');
    expect(answer.html).not.toContain('<img');
    expect(answer.html).not.toContain('onerror');
    expect(answer.html).not.toContain('**');
    expect(answer.html).toContain('12345');
    expect(answer.html).toMatch(/not among the computed facts[^<]*12345/);

    server.setResponder(() => ({ kind: 'error', status: 500, retryAfterMs: 1 }));
    const fallback = await createLanguageModelAssistant(modelAt(server.url, { maxRetries: 0 })).answerQuestion({ question: 'How complete is life expectancy?', profile });
    expect(fallback.provider).toBe('builtin');
    expect(fallback.html).toContain('not written by a language model');
    expect(fallback.html).toContain('could not be reached');
  });
});
