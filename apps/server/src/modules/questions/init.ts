import type { AppContext } from '../../context.ts';
import { createAssistant } from '../assistant/assistant.ts';
import { readAssistantConfig } from '../assistant/config.ts';
import { answererOf } from './answerer.ts';

/**
 * Context initializer (roles.ts): sets ctx.assistant from the LLM_* variables (unless a test set one) and starts
 * the question answerer, which re-answers the questions a restart left pending.
 */
export async function initAssistant(ctx: AppContext): Promise<() => Promise<void>> {
  const created = !ctx.assistant;
  ctx.assistant ??= await createAssistant(readAssistantConfig(process.env));
  const assistant = ctx.assistant;
  ctx.logger.info({ assistant: assistant.kind, model: assistant.label }, 'assistant ready');
  const answerer = answererOf(ctx, () => assistant);
  const recovered = await answerer.recoverPending();
  if (recovered > 0) ctx.logger.info({ questions: recovered }, 're-answering questions left pending');
  return async () => {
    await answerer.stop();
    if (created) await assistant.close();
  };
}
