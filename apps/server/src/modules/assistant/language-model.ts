import type { ReportFallbackReason } from '@indicata/contracts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  messages: ChatMessage[];
  /** Longest answer in tokens (the provider's configured maximum when absent). */
  maxTokens?: number;
  /** Ask for JSON that follows this JSON schema (structured output); the answer is the JSON text. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  /** Called with the text so far while the answer streams in (plain-text requests only). */
  onText?: (textSoFar: string) => void;
  signal?: AbortSignal;
}

/** A computation the model may call (OpenAI "function" tool): name, what it does, JSON schema of its arguments. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text). */
  arguments: string;
}

/** A turn of a conversation with tools: the chat messages plus the model's tool calls and their results. */
export type ToolChatMessage =
  | ChatMessage
  | { role: 'assistant'; content: string | null; toolCalls: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ToolChatRequest {
  messages: ToolChatMessage[];
  tools: ToolSpec[];
  maxTokens?: number;
  signal?: AbortSignal;
}

/** The model either calls tools or answers. */
export type ToolChatReply = { kind: 'tool-calls'; calls: ToolCall[] } | { kind: 'text'; content: string };

/** A language model behind the assistant: an OpenAI-compatible server or a local GGUF file. */
export interface LanguageModel {
  readonly kind: 'openai' | 'local';
  /** For people: e.g. "gpt-4o-mini at api.openai.com". */
  readonly label: string;
  /** The answer's text (the JSON text when jsonSchema is set). Throws LanguageModelError. */
  complete(request: CompletionRequest): Promise<string>;
  /**
   * One step of a conversation with native tool calls (OpenAI-compatible `tools`). Absent when the provider has
   * none: the assistant then asks for tool calls as JSON in plain text (see tool-loop.ts).
   */
  chatWithTools?(request: ToolChatRequest): Promise<ToolChatReply>;
  /** Frees the model (local) or nothing (HTTP). */
  close(): Promise<void>;
}

/** Why a model call failed, in the report's fallback vocabulary. */
export type LanguageModelFailure = Exclude<ReportFallbackReason, 'unverified-number'>;

export class LanguageModelError extends Error {
  constructor(
    public readonly reason: LanguageModelFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LanguageModelError';
  }
}

/** The signal that aborts when `signal` aborts or after `timeoutMs`, whichever comes first. */
export function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** Parses a structured-output answer: the JSON text, tolerating a code fence around it. */
export function parseJsonAnswer(text: string): unknown {
  const trimmed = text.trim().replace(/^```(?:json)?\s*/i, '').replace(/```\s*$/, '').trim();
  try {
    return JSON.parse(trimmed);
  } catch (error) {
    throw new LanguageModelError('invalid-output', 'The model did not answer with valid JSON.', { cause: error });
  }
}
