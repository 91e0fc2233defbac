import { QUESTION_EVENT, type Question, type ReportLocale } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import type { Assistant } from '../assistant/assistant.ts';
import { answerToSafeHtml, escapeHtml } from '../assistant/sanitize.ts';
import { DataUnavailableError, loadAnalysisDataset } from './analysis-data.ts';
import { findQuestion, pendingQuestionIds, settleQuestion, toQuestion } from './service.ts';

/** Streamed partial answers are pushed at most this often. */
const PARTIAL_EVENT_INTERVAL_MS = 250;
/** NOTICE's payload limit on PostgreSQL is ~8 kB: bigger events carry only id and status (the client refetches). */
const MAX_EVENT_BYTES = 7_000;

const UNAVAILABLE: Record<ReportLocale, string> = {
  en: 'This question cannot be answered: {reason}',
  'pt-BR': 'Esta pergunta não pode ser respondida: {reason}',
};

/**
 * Answers questions in the background, a few at a time, so the HTTP request never waits for a model.
 * Each answer is stored (sanitised) and pushed to the asker as a `question` event; while a language model
 * streams, partial answers are pushed too. `recoverPending` re-answers questions a restart left pending.
 */
export class QuestionAnswerer {
  private readonly queue: string[] = [];
  private readonly queued = new Set<string>();
  private running = 0;
  private stopped = false;
  private readonly controller = new AbortController();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly assistant: Assistant,
    private readonly concurrency = 2,
  ) {}

  enqueue(id: string): void {
    if (this.stopped || this.queued.has(id)) return;
    this.queued.add(id);
    this.queue.push(id);
    this.pump();
  }

  async recoverPending(): Promise<number> {
    const ids = await pendingQuestionIds(this.ctx.database.db);
    for (const id of ids) this.enqueue(id);
    return ids.length;
  }

  /** Resolves when nothing is queued or running (tests). */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    this.controller.abort();
    await this.idle();
  }

  private pump(): void {
    while (!this.stopped && this.running < this.concurrency && this.queue.length > 0) {
      const id = this.queue.shift()!;
      this.running++;
      void this.answer(id)
        .catch((error: unknown) => this.ctx.logger.error({ err: error, questionId: id }, 'answering a question failed'))
        .finally(() => {
          this.running--;
          this.queued.delete(id);
          this.pump();
          if (this.running === 0 && this.queue.length === 0) {
            for (const resolve of this.idleWaiters.splice(0)) resolve();
          }
        });
    }
  }

  private async publish(userId: string, question: Question): Promise<void> {
    const data = JSON.stringify(question).length <= MAX_EVENT_BYTES ? question : { id: question.id, status: question.status };
    await this.ctx.events.publish(userId, { type: QUESTION_EVENT, data });
  }

  private async answer(id: string): Promise<void> {
    const { db } = this.ctx.database;
    const row = await findQuestion(db, id);
    if (!row || row.status !== 'pending') return;
    const locale: ReportLocale = row.locale === 'pt-BR' ? 'pt-BR' : 'en';
    let lastPartial = 0;
    const onText = (text: string) => {
      const now = Date.now();
      if (now - lastPartial < PARTIAL_EVENT_INTERVAL_MS) return;
      lastPartial = now;
      const partial = toQuestion({ ...row, data: { question: row.data.question, answer: answerToSafeHtml(text) } });
      void this.publish(row.userId, partial).catch(() => undefined);
    };
    let outcome: Parameters<typeof settleQuestion>[2];
    try {
      const dataset = await loadAnalysisDataset(this.ctx, { database: row.database, userId: row.userId, target: row.target, indicators: row.indicators });
      const answer = await this.assistant.answerQuestion({ question: row.data.question, dataset, locale, signal: this.controller.signal, onText });
      // Stopping aborts the model call and the analyst fills in; leave the question pending for the next start instead.
      if (this.stopped) return;
      outcome = { status: 'answered', answer: answer.html, provider: answer.provider, question: row.data.question, visual: answer.visual };
    } catch (error) {
      if (this.stopped) return; // left pending: the next start answers it
      const reason = error instanceof DataUnavailableError ? error.message : 'the assistant failed; try again later.';
      outcome = {
        status: 'error',
        answer: `<p>${escapeHtml(UNAVAILABLE[locale].replace('{reason}', reason))}</p>`,
        provider: null,
        errorDetail: (error as Error)?.message ?? String(error),
        question: row.data.question,
      };
      if (!(error instanceof DataUnavailableError)) this.ctx.logger.error({ err: error, questionId: id }, 'question could not be answered');
    }
    const settled = await settleQuestion(db, id, outcome);
    if (settled) await this.publish(settled.userId, toQuestion(settled));
  }
}

/** One answerer per app context, kept by this module rather than as a member every context would carry. */
const answerers = new WeakMap<AppContext, QuestionAnswerer>();

/**
 * The context's question answerer, created on first use with the assistant `assistantOf` gives.
 * @param ctx app context
 * @param assistantOf the assistant to answer with (called once, when the answerer is created)
 */
export function answererOf(ctx: AppContext, assistantOf: () => Assistant): QuestionAnswerer {
  let answerer = answerers.get(ctx);
  if (!answerer) {
    answerer = new QuestionAnswerer(ctx, assistantOf());
    answerers.set(ctx, answerer);
  }
  return answerer;
}

/** The context's question answerer if one was started (tests wait for it to be idle). */
export function runningAnswerer(ctx: AppContext): QuestionAnswerer | undefined {
  return answerers.get(ctx);
}
