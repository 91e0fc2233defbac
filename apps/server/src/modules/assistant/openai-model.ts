import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { AssistantConfig } from './config.ts';
import { LanguageModelError, type CompletionRequest, type LanguageModel } from './language-model.ts';

/**
 * A model behind an OpenAI-compatible chat-completions API (OpenAI, Azure, Ollama, vLLM, llama.cpp server),
 * through the official `openai` client: its retries (408/409/429/5xx and lost connections, doubling back-off,
 * honouring Retry-After), a per-attempt timeout, streaming for plain text and `response_format: json_schema`
 * for structured output.
 */
export class OpenAICompatibleModel implements LanguageModel {
  readonly kind = 'openai' as const;
  readonly label: string;
  private readonly client: OpenAI;

  constructor(private readonly config: Pick<AssistantConfig, 'baseUrl' | 'apiKey' | 'model' | 'timeoutMs' | 'maxRetries' | 'maxTokens'>) {
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      // Local servers (Ollama, vLLM) accept any key; the client insists on one.
      apiKey: config.apiKey ?? 'not-needed',
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
    let host = config.baseUrl;
    try {
      host = new URL(config.baseUrl).host;
    } catch {
      // keep the raw text
    }
    this.label = `${config.model} at ${host}`;
  }

  async complete(request: CompletionRequest): Promise<string> {
    const maxTokens = request.maxTokens ?? this.config.maxTokens;
    try {
      if (request.jsonSchema) {
        const completion = await this.client.chat.completions.create(
          {
            model: this.config.model,
            messages: request.messages,
            max_tokens: maxTokens,
            temperature: 0.2,
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true },
            },
          },
          { signal: request.signal },
        );
        const content = completion.choices[0]?.message?.content;
        if (!content) throw new LanguageModelError('invalid-output', 'The model answered with no content.');
        return content;
      }
      if (request.onText) {
        const stream = await this.client.chat.completions.create(
          { model: this.config.model, messages: request.messages, max_tokens: maxTokens, temperature: 0.2, stream: true },
          { signal: request.signal },
        );
        let text = '';
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) {
            text += delta;
            request.onText(text);
          }
        }
        if (!text.trim()) throw new LanguageModelError('invalid-output', 'The model answered with no content.');
        return text;
      }
      const completion = await this.client.chat.completions.create(
        { model: this.config.model, messages: request.messages, max_tokens: maxTokens, temperature: 0.2 },
        { signal: request.signal },
      );
      const content = completion.choices[0]?.message?.content;
      if (!content || !content.trim()) throw new LanguageModelError('invalid-output', 'The model answered with no content.');
      return content;
    } catch (error) {
      throw toLanguageModelError(error, request.signal);
    }
  }

  async close(): Promise<void> {}
}

function toLanguageModelError(error: unknown, signal: AbortSignal | undefined): LanguageModelError {
  if (error instanceof LanguageModelError) return error;
  if (error instanceof APIConnectionTimeoutError) return new LanguageModelError('timeout', 'The language model did not answer in time.', { cause: error });
  if (error instanceof APIUserAbortError || (error as Error)?.name === 'AbortError') {
    const reason = signal?.reason as Error | undefined;
    if (reason?.name === 'TimeoutError') return new LanguageModelError('timeout', 'The language model did not answer in time.', { cause: error });
    return new LanguageModelError('unavailable', 'The request to the language model was cancelled.', { cause: error });
  }
  if (error instanceof APIError) {
    return new LanguageModelError('unavailable', `The language model answered ${error.status ?? 'with an error'}: ${error.message}`, { cause: error });
  }
  return new LanguageModelError('unavailable', `The language model could not be reached: ${(error as Error)?.message ?? String(error)}`, { cause: error });
}
