import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AssistantConfig } from './config.ts';
import { LanguageModelError, withTimeout, type CompletionRequest, type LanguageModel } from './language-model.ts';

/**
 * The part of node-llama-cpp 3.x this provider uses. The package is optional: it is imported only when
 * LLM_PROVIDER=local, and its types are declared here so the server type-checks without it.
 */
interface NodeLlamaCpp {
  getLlama(options: Record<string, unknown>): Promise<Llama>;
  LlamaChatSession: new (options: { contextSequence: unknown; systemPrompt?: string }) => ChatSession;
}
interface Llama {
  loadModel(options: { modelPath: string }): Promise<LlamaModel>;
  createGrammarForJsonSchema(schema: Record<string, unknown>): Promise<unknown>;
  dispose(): Promise<void>;
}
interface LlamaModel {
  readonly trainContextSize: number;
  createContext(options: { contextSize: number; threads: number; batchSize?: number }): Promise<LlamaContext>;
  dispose(): Promise<void>;
}
interface LlamaContext {
  getSequence(): { dispose(): void };
  dispose(): Promise<void>;
}
interface ChatSession {
  prompt(text: string, options: { maxTokens?: number; grammar?: unknown; signal?: AbortSignal; onTextChunk?: (chunk: string) => void; temperature?: number }): Promise<string>;
  dispose(): void;
}

/** node-llama-cpp could not be imported: it is not installed (it is optional) or its binary does not load. */
export class LocalRuntimeUnavailableError extends Error {
  constructor(moduleName: string, cause: unknown) {
    super(
      `LLM_PROVIDER=local needs node-llama-cpp, which could not be loaded from "${moduleName}" (${(cause as Error)?.message ?? String(cause)}). ` +
        'Install it with `node apps/server/src/modules/assistant/install-node-llama-cpp.mjs` (docs/assistant.md), or use LLM_PROVIDER=builtin or openai.',
      { cause },
    );
    this.name = 'LocalRuntimeUnavailableError';
  }
}

/** Where install-node-llama-cpp.mjs puts the runtime by default (a dot-folder npm leaves alone). */
export const SIDE_INSTALL_ENTRY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../node_modules/.indicata-llama/node_modules/node-llama-cpp/dist/index.js',
);

/**
 * Imports node-llama-cpp from the configured specifier (package name, or path of its dist/index.js); for the
 * default name, also from the side install of install-node-llama-cpp.mjs.
 */
export async function importNodeLlamaCpp(moduleName: string): Promise<NodeLlamaCpp> {
  const candidates = [moduleName];
  if (moduleName === 'node-llama-cpp' && fs.existsSync(SIDE_INSTALL_ENTRY)) candidates.push(SIDE_INSTALL_ENTRY);
  let lastError: unknown;
  for (const candidate of candidates) {
    try {
      const specifier = path.isAbsolute(candidate) ? pathToFileURL(candidate).href : candidate;
      return (await import(/* @vite-ignore */ specifier)) as NodeLlamaCpp;
    } catch (error) {
      lastError = error;
    }
  }
  throw new LocalRuntimeUnavailableError(moduleName, lastError);
}

/**
 * A GGUF model run in-process by llama.cpp (CPU only, prebuilt binary; node-llama-cpp is told never to
 * download or build anything). One context, one request at a time: calls queue behind each other.
 */
export class LocalGgufModel implements LanguageModel {
  readonly kind = 'local' as const;
  readonly label: string;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly runtime: NodeLlamaCpp,
    private readonly llama: Llama,
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    private readonly config: Pick<AssistantConfig, 'timeoutMs' | 'maxTokens'>,
    modelPath: string,
  ) {
    this.label = `${modelPath.split('/').pop() ?? modelPath} (local)`;
  }

  /**
   * Loads the model file. Throws LocalRuntimeUnavailableError when node-llama-cpp cannot load, and an Error
   * naming the file when the model cannot be read.
   */
  static async load(config: Pick<AssistantConfig, 'modelPath' | 'timeoutMs' | 'maxTokens' | 'threads' | 'contextSize' | 'nodeLlamaCppModule'>): Promise<LocalGgufModel> {
    if (!config.modelPath) throw new Error('LLM_MODEL_PATH is not set.');
    const runtime = await importNodeLlamaCpp(config.nodeLlamaCppModule);
    const llama = await runtime.getLlama({ gpu: false, build: 'never', usePrebuiltBinaries: true, progressLogs: false, logLevel: 'error' });
    let model: LlamaModel;
    try {
      model = await llama.loadModel({ modelPath: config.modelPath });
    } catch (error) {
      await llama.dispose();
      throw new Error(`Cannot load the GGUF model at LLM_MODEL_PATH=${config.modelPath}: ${(error as Error).message}`, { cause: error });
    }
    const contextSize = Math.min(config.contextSize, model.trainContextSize || config.contextSize);
    // One thread per request keeps llama.cpp from spinning on a busy machine (measured: 24 s vs 50 ms on 2 loaded cores).
    const context = await model.createContext({ contextSize, threads: config.threads, batchSize: Math.min(512, contextSize) });
    return new LocalGgufModel(runtime, llama, model, context, config, config.modelPath);
  }

  complete(request: CompletionRequest): Promise<string> {
    const run = this.queue.then(() => this.run(request));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(request: CompletionRequest): Promise<string> {
    const signal = withTimeout(request.signal, this.config.timeoutMs);
    const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
    const user = request.messages.filter((m) => m.role !== 'system').map((m) => m.content).join('\n\n');
    const sequence = this.context.getSequence();
    const session = new this.runtime.LlamaChatSession({ contextSequence: sequence, systemPrompt: system || undefined });
    try {
      const grammar = request.jsonSchema ? await this.llama.createGrammarForJsonSchema(request.jsonSchema.schema) : undefined;
      let text = '';
      const answer = await session.prompt(user, {
        maxTokens: request.maxTokens ?? this.config.maxTokens,
        grammar,
        signal,
        temperature: 0.2,
        onTextChunk: request.onText
          ? (chunk) => {
              text += chunk;
              request.onText?.(text);
            }
          : undefined,
      });
      if (!answer.trim()) throw new LanguageModelError('invalid-output', 'The local model produced no text.');
      return answer;
    } catch (error) {
      if (error instanceof LanguageModelError) throw error;
      if (signal.aborted) {
        const timedOut = (signal.reason as Error | undefined)?.name === 'TimeoutError';
        throw new LanguageModelError(timedOut ? 'timeout' : 'unavailable', timedOut ? 'The local model did not answer in time.' : 'Cancelled.', { cause: error });
      }
      throw new LanguageModelError('unavailable', `The local model failed: ${(error as Error).message}`, { cause: error });
    } finally {
      session.dispose();
      sequence.dispose();
    }
  }

  async close(): Promise<void> {
    await this.queue;
    await this.context.dispose();
    await this.model.dispose();
    await this.llama.dispose();
  }
}
