import os from 'node:os';
import { z } from 'zod';
import type { AssistantProviderKind } from '@indicata/contracts';

export interface AssistantConfig {
  provider: AssistantProviderKind;
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  modelPath: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  maxTokens: number;
  threads: number;
  contextSize: number;
  nodeLlamaCppModule: string;
}

const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const wholeNumber = (name: string, min: number, fallback: number, example: string) =>
  z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: `${name} must be a whole number (for example ${name}=${example}).` })
      .int(`${name} must be a whole number (for example ${name}=${example}).`)
      .min(min, `${name} must be at least ${min} (for example ${name}=${example}).`)
      .default(fallback),
  );

const defaultThreads = Math.max(1, Math.min(4, (os.availableParallelism?.() ?? os.cpus().length) - 1));

const envSchema = z.object({
  LLM_PROVIDER: z.preprocess(
    (v) => (typeof v === 'string' ? blankAsUnset(v.trim().toLowerCase()) : v),
    z.enum(['builtin', 'openai', 'local'], { error: 'LLM_PROVIDER must be builtin, openai or local (for example LLM_PROVIDER=openai).' }).default('builtin'),
  ),
  LLM_BASE_URL: z.preprocess(
    blankAsUnset,
    z.url({ protocol: /^https?$/, error: 'LLM_BASE_URL must be an http:// or https:// address (for example LLM_BASE_URL=http://localhost:11434/v1).' }).default('https://api.openai.com/v1'),
  ),
  LLM_API_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  LLM_MODEL: z.preprocess(blankAsUnset, z.string().trim().default('gpt-4o-mini')),
  LLM_MODEL_PATH: z.preprocess(blankAsUnset, z.string().trim().optional()),
  LLM_TIMEOUT_MS: wholeNumber('LLM_TIMEOUT_MS', 100, 60_000, '60000'),
  LLM_MAX_RETRIES: wholeNumber('LLM_MAX_RETRIES', 0, 2, '2'),
  LLM_MAX_TOKENS: wholeNumber('LLM_MAX_TOKENS', 16, 800, '800'),
  LLM_THREADS: wholeNumber('LLM_THREADS', 1, defaultThreads, '2'),
  LLM_CONTEXT_SIZE: wholeNumber('LLM_CONTEXT_SIZE', 256, 8192, '8192'),
  NODE_LLAMA_CPP_MODULE: z.preprocess(blankAsUnset, z.string().default('node-llama-cpp')),
});

/** Invalid assistant settings; one line per problem, naming the variable and what to set. */
export class AssistantConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid assistant configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'AssistantConfigError';
  }
}

/**
 * Reads and validates the LLM_* variables.
 * @param env the environment (process.env by default; tests pass their own)
 * @throws AssistantConfigError listing every problem
 */
export function readAssistantConfig(env: Record<string, string | undefined> = process.env): AssistantConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new AssistantConfigError([...new Set(parsed.error.issues.map((i) => i.message))]);
  const e = parsed.data;
  if (e.LLM_PROVIDER === 'local' && !e.LLM_MODEL_PATH) {
    throw new AssistantConfigError(['LLM_MODEL_PATH must name a GGUF file when LLM_PROVIDER=local (for example LLM_MODEL_PATH=/models/qwen2.5-1.5b-instruct-q4_k_m.gguf).']);
  }
  return {
    provider: e.LLM_PROVIDER,
    baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey: e.LLM_API_KEY,
    model: e.LLM_MODEL,
    modelPath: e.LLM_MODEL_PATH,
    timeoutMs: e.LLM_TIMEOUT_MS,
    maxRetries: e.LLM_MAX_RETRIES,
    maxTokens: e.LLM_MAX_TOKENS,
    threads: e.LLM_THREADS,
    contextSize: e.LLM_CONTEXT_SIZE,
    nodeLlamaCppModule: e.NODE_LLAMA_CPP_MODULE,
  };
}
