import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { QuestionStatus, QuestionVisual } from '@indicata/contracts';
import { users } from './auth.ts';

/** Questions to the assistant (the spec's 'questions' collection), answered asynchronously. */
export const questions = pgTable(
  'questions',
  {
    /** 20-character time-ordered id (contracts newId()); sorting by id is sorting by creation. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'WHO' or an upload's stored name. */
    database: text('database').notNull(),
    /** The wizard's target code when the question was asked (grounds correlations), or null. */
    target: text('target'),
    /** The indicators the user had chosen (codes or upload columns); null: the whole database. */
    indicators: jsonb('indicators').$type<string[]>(),
    /** Language of the answer ('en' or 'pt-BR'), the asker's interface language. */
    locale: text('locale').notNull().default('en'),
    status: text('status').$type<QuestionStatus>().notNull(),
    /** Local timestamp 'YYYY-MM-DD HH:mm:ss.SSS' as the spec stores it. */
    currentTime: text('local_time').notNull(),
    /** { question, answer }: the answer is sanitised HTML, empty until answered. */
    data: jsonb('data').$type<{ question: string; answer: string }>().notNull(),
    /** The chart that goes with the answer, or null. */
    visual: jsonb('visual').$type<QuestionVisual>(),
    /** 'builtin' | 'openai' | 'local' once answered. */
    provider: text('provider'),
    /** Why answering failed (logged detail, not shown). */
    errorDetail: text('error_detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [index('questions_user_id_idx').on(table.userId, table.id), index('questions_status_idx').on(table.status)],
);

export type QuestionRow = typeof questions.$inferSelect;
