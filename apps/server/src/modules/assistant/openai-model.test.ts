import { afterEach, describe, expect, test } from 'vitest';
import { createLanguageModelAssistant } from './assistant.ts';
import { lastToolResult, startFakeOpenAIServer, type FakeOpenAIServer } from './fake-openai-server.ts';
import { LanguageModelError } from './language-model.ts';
import { OpenAICompatibleModel } from './openai-model.ts';
import { correlation, ranking } from './analysis/compute.ts';
import type { AnalysisDataset } from './analysis/dataset.ts';
import { ANALYSIS_TOOLS } from './analysis/tools.ts';
import type { LanguageModel } from './language-model.ts';

let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const modelAt = (url: string, overrides: Partial<{ timeoutMs: number; maxRetries: number }> = {}) =>
  new OpenAICompatibleModel({ baseUrl: url, apiKey: 'test-key', model: 'fake-model', timeoutMs: overrides.timeoutMs ?? 5_000, maxRetries: overrides.maxRetries ?? 2, maxTokens: 200 });

const messages = [{ role: 'user' as const, content: 'Hello?' }];

/** Two countries of two regions, 2010-2012: life expectancy (the target), HALE and doctors. */
const dataset: AnalysisDataset = {
  kind: 'who',
  space: ['Brazil', 'Brazil', 'Brazil', 'France', 'France', 'France', 'Kenya', 'Kenya', 'Kenya'],
  time: [2010, 2011, 2012, 2010, 2011, 2012, 2010, 2011, 2012],
  region: ['Americas', 'Americas', 'Americas', 'Europe', 'Europe', 'Europe', 'Africa', 'Africa', 'Africa'],
  columns: [
    { name: 'LIFE', label: 'Life expectancy at birth (years)', values: Float64Array.from([73.1, 73.4, 73.9, 81.2, 81.5, 81.9, 60.2, 61.0, 61.9]) },
    { name: 'HALE', label: 'Healthy life expectancy (HALE) at birth (years)', values: Float64Array.from([64, NaN, 65, 72, NaN, 73, 53, NaN, 54]) },
    { name: 'DOCS', label: 'Physicians density (per 1000 population)', values: Float64Array.from([1.8, 1.9, 2.1, 3.2, 3.3, 3.3, 0.2, 0.2, 0.21]) },
  ],
  target: 'LIFE',
};

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

  test('the model answers with tool calls on the chosen data; its numbers are checked against the tool results', async () => {
    // The model asks for the correlation, then quotes the tool's numbers and invents one more.
    server = await startFakeOpenAIServer((request, index) => {
      if (index === 0) return { kind: 'tool-calls', calls: [{ name: 'correlation', arguments: { a: 'life expectancy', b: 'DOCS' } }] };
      const result = lastToolResult(request) as { n: number; pearson: number; spearman: number };
      return { kind: 'text', content: `**Pearson r = ${result.pearson.toFixed(3)}** and Spearman ρ = ${result.spearman.toFixed(3)} over ${result.n} pairs; 12345 secrets.<img src=x onerror=alert(1)>` };
    });
    const assistant = createLanguageModelAssistant(modelAt(server.url));
    const answer = await assistant.answerQuestion({ question: 'Is life expectancy correlated with doctors?', dataset, locale: 'en' });
    expect(answer.provider).toBe('openai');
    const [first, second] = server.requests;
    expect(first!.tools!.map((t) => t.function.name)).toEqual(ANALYSIS_TOOLS.map((t) => t.name));
    expect(first!.messages[0]!.content).toContain('Every number in your answer must come from a tool result');
    expect(first!.messages[0]!.content).toContain('Answer in English');
    expect(first!.messages[1]!.content).toBe('Is life expectancy correlated with doctors?');
    // The tool ran the analyst's computation on the dataset (not HALE: "life expectancy" is LIFE).
    const toolMessage = second!.messages.find((m) => m.role === 'tool')!;
    const computed = correlation(dataset, dataset.columns[0]!, dataset.columns[2]!, null);
    expect(JSON.parse(toolMessage.content!)).toMatchObject({ a: { name: 'LIFE' }, b: { name: 'DOCS' }, n: computed.n });
    expect(answer.html).toContain(computed.pearson!.toFixed(3));
    expect(answer.html).not.toMatch(/<img|onerror|\*\*/);
    // 12345 is not in any tool result: flagged; the tool's numbers are not.
    expect(answer.html).toMatch(/not in any computation on the data: 12345\./);

    server.setResponder(() => ({ kind: 'error', status: 500, retryAfterMs: 1 }));
    const fallback = await createLanguageModelAssistant(modelAt(server.url, { maxRetries: 0 })).answerQuestion({ question: 'Is life expectancy correlated with doctors?', dataset });
    expect(fallback.provider).toBe('builtin');
    expect(fallback.html).toContain('Pearson r =');
    expect(fallback.html).toContain('not written by a language model');
    expect(fallback.html).toContain('could not be reached');
  });

  test('a model without native tool calls uses the prompted JSON protocol, in Portuguese', async () => {
    server = await startFakeOpenAIServer((request, index) => {
      if (index === 0) return { kind: 'text', content: '```json\n{"tool": "rank", "arguments": {"indicator": "expectativa de vida", "year": 2011, "by": "region"}}\n```' };
      const result = lastToolResult(request) as { items: { name: string; mean: number }[] };
      const top = result.items[0]!;
      return { kind: 'text', content: JSON.stringify({ answer: `Em 2011, ${top.name} teve a maior média: ${String(top.mean).replace('.', ',')}.` }) };
    });
    const openai = modelAt(server.url);
    // The same server, seen through a provider that only completes text (no chatWithTools).
    const textOnly: LanguageModel = { kind: 'local', label: 'text-only', complete: (r) => openai.complete(r), close: async () => {} };
    const answer = await createLanguageModelAssistant(textOnly).answerQuestion({ question: 'Qual região tem a maior expectativa de vida em 2011?', dataset, locale: 'pt-BR' });
    expect(server.requests[0]!.tools).toBeUndefined();
    expect(server.requests[0]!.messages[0]!.content).toContain('{"tool": "<name>", "arguments": {...}}');
    expect(server.requests[0]!.messages[0]!.content).toContain('Answer in Brazilian Portuguese');
    expect(server.requests[1]!.messages.at(-1)!.content).toMatch(/^TOOL RESULT \(rank\):/);
    const ranked = ranking(dataset, dataset.columns[0]!, { year: 2011, by: 'region', order: 'top' })!;
    expect(answer.html).toContain(`${ranked.items[0]!.name} teve a maior média: ${String(Number(ranked.items[0]!.mean.toPrecision(4))).replace('.', ',')}`);
    expect(answer.html).not.toContain('Verifique antes de usar');
    // The chart names the regions in Portuguese.
    expect(answer.visual).toMatchObject({ type: 'bar', categories: ['Europa', 'Américas', 'África'] });
  });
});
