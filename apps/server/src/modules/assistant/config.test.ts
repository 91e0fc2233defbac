import { AssistantConfigError, readAssistantConfig } from './config.ts';

describe('readAssistantConfig', () => {
  test('defaults to the built-in analyst', () => {
    expect(readAssistantConfig({})).toMatchObject({ provider: 'builtin', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', timeoutMs: 60_000, maxRetries: 2 });
  });

  test('reads an OpenAI-compatible server', () => {
    expect(readAssistantConfig({ LLM_PROVIDER: 'OpenAI', LLM_BASE_URL: 'http://localhost:11434/v1/', LLM_MODEL: 'llama3.2:3b', LLM_TIMEOUT_MS: '5000', LLM_MAX_RETRIES: '0' })).toMatchObject({
      provider: 'openai',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.2:3b',
      timeoutMs: 5000,
      maxRetries: 0,
    });
  });

  test('names the variable to fix', () => {
    expect(() => readAssistantConfig({ LLM_PROVIDER: 'gpt' })).toThrow(/LLM_PROVIDER must be builtin, openai or local/);
    expect(() => readAssistantConfig({ LLM_PROVIDER: 'local' })).toThrow(AssistantConfigError);
    expect(() => readAssistantConfig({ LLM_PROVIDER: 'local' })).toThrow(/LLM_MODEL_PATH/);
    expect(() => readAssistantConfig({ LLM_TIMEOUT_MS: 'soon' })).toThrow(/LLM_TIMEOUT_MS must be a whole number/);
    expect(() => readAssistantConfig({ LLM_BASE_URL: 'localhost:11434' })).toThrow(/LLM_BASE_URL/);
  });
});
