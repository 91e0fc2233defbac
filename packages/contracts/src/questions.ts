import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { WHO_DATABASE } from './who.ts';

/**
 * Questions to the assistant (spec sections 3 "Question", 5 "Send a question", 7).
 * A question is stored 'pending', then answered asynchronously: 'answered', or 'error' when no
 * answer could be produced. The answer arrives live as the SSE event QUESTION_EVENT.
 */
export const QUESTION_STATUSES = ['pending', 'answered', 'error'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** Longest accepted question, in characters (a question is a sentence or a paragraph, not a document). */
export const QUESTION_MAX_LENGTH = 4000;

/** Who produced an answer or a report section. */
export const ASSISTANT_PROVIDER_KINDS = ['builtin', 'openai', 'local'] as const;
export type AssistantProviderKind = (typeof ASSISTANT_PROVIDER_KINDS)[number];

export const createQuestionRequestSchema = z.object({
  /** 'WHO' or an upload's stored name; empty when the user has not chosen one yet. */
  database: z.string().max(500).default(''),
  question: z.string().max(QUESTION_MAX_LENGTH).default(''),
  /** The wizard's target code when one is chosen: the grounding profile then includes correlations with it. */
  target: z.string().max(300).nullish(),
  /** Language of the answer: the asker's interface language. */
  locale: z.enum(['en', 'pt-BR']).default('en'),
  /**
   * The indicators the user chose (WHO codes or the upload's columns): answers cover these and the target, not
   * the whole database. Absent or empty: every indicator of the database.
   */
  indicators: z.array(z.string().min(1).max(300)).max(500).nullish(),
});
export type CreateQuestionRequest = z.input<typeof createQuestionRequestSchema>;

/** Kinds of chart an answer may carry. */
export const QUESTION_CHART_TYPES = ['line', 'bar'] as const;

/**
 * A small chart next to an answer (the web draws it with ECharts): one category axis (years, regions,
 * indicators) and one or more numeric series. The numbers are also in the answer's table.
 */
export const questionVisualSchema = z.object({
  type: z.enum(QUESTION_CHART_TYPES),
  title: z.string().max(300),
  categories: z.array(z.string().max(300)).max(400),
  series: z.array(z.object({ name: z.string().max(300), values: z.array(z.number().nullable()).max(400) })).max(10),
});
export type QuestionVisual = z.infer<typeof questionVisualSchema>;

export const questionSchema = z.object({
  id: z.string(),
  database: z.string(),
  status: z.enum(QUESTION_STATUSES),
  /** Local timestamp, 'YYYY-MM-DD HH:mm:ss.SSS' (spec section 3). */
  currentTime: z.string(),
  data: z.object({
    question: z.string(),
    /** Sanitised HTML; empty until answered. */
    answer: z.string(),
  }),
  /** Which provider answered (null while pending). */
  provider: z.enum(ASSISTANT_PROVIDER_KINDS).nullable(),
  /** A chart that goes with the answer, when one helps (absent or null otherwise). */
  visual: questionVisualSchema.nullish(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionListSchema = z.object({ questions: z.array(questionSchema) });
export type QuestionList = z.infer<typeof questionListSchema>;

/** SSE event type pushed to the owner when a question is created, answered or removed. */
export const QUESTION_EVENT = 'question';
/** SSE event data: the question, or { id, removed: true } after a deletion. */
export type QuestionEventData = Question | { id: string; removed: true };

/**
 * The spec's "Send a question" checks, in the spec's order; the first failure's message key, or null.
 * The web runs it before sending and the server runs it again.
 */
export function validateQuestion(input: { database: string | null | undefined; question: string | null | undefined; signedIn: boolean }): MessageKey | null {
  if (!input.database || input.database.trim() === '') return 'questionNoDatabase';
  if (!input.signedIn) return 'questionNotLoggedIn';
  if (!input.question || input.question.trim() === '') return 'questionBlank';
  return null;
}

/** The badge of a question ("WHO" or "Other Database") and, for another database, its tooltip. */
export function databaseBadge(database: string): { isWho: boolean; tooltip: string | null } {
  if (database === WHO_DATABASE) return { isWho: true, tooltip: null };
  const segments = database.split('_');
  return { isWho: false, tooltip: segments.length > 1 ? segments.slice(1).join('_') : database };
}
