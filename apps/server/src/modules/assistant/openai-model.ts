import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { AssistantConfig } from './config.ts';
import { LanguageModelError, type CompletionRequest, type LanguageModel, type ToolChatReply, type ToolChatRequest } from './language-model.ts';

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

  async chatWithTools(request: ToolChatRequest): Promise<ToolChatReply> {
    const messages = request.messages.map((m) => {
      if (m.role === 'tool') return { role: 'tool' as const, tool_call_id: m.toolCallId, content: m.content };
      if (m.role === 'assistant' && 'toolCalls' in m) {
        return {
          role: 'assistant' as const,
          content: m.content,
          tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })),
        };
      }
      return m as { role: 'system' | 'user' | 'assistant'; content: string };
    });
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.config.model,
          messages,
          max_tokens: request.maxTokens ?? this.config.maxTokens,
          temperature: 0.2,
          tools: request.tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } })),
        },
        { signal: request.signal },
      );
      const message = completion.choices[0]?.message;
      const calls = (message?.tool_calls ?? []).flatMap((c) => (c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : []));
      if (calls.length > 0) return { kind: 'tool-calls', calls };
      if (!message?.content || !message.content.trim()) throw new LanguageModelError('invalid-output', 'The model answered with no content.');
      return { kind: 'text', content: message.content };
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
