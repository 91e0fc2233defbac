import { and, desc, eq } from 'drizzle-orm';
import { newId, type Question, type QuestionStatus, type QuestionVisual, type ReportLocale } from '@indicata/contracts';
import type { Db } from '../../db/client.ts';
import { localTimestamp } from '../../db/local-time.ts';
import { questions, type QuestionRow } from '../../db/schema/questions.ts';

export function toQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    database: row.database,
    status: row.status,
    currentTime: row.currentTime,
    data: { question: row.data.question, answer: row.data.answer },
    provider: (row.provider as Question['provider']) ?? null,
    visual: row.visual ?? null,
  };
}

export async function insertQuestion(
  db: Db,
  input: { userId: string; database: string; question: string; target: string | null; locale: ReportLocale; indicators?: string[] | null },
): Promise<QuestionRow> {
  const now = new Date();
  const row = {
    id: newId(now.getTime()),
    userId: input.userId,
    database: input.database,
    target: input.target,
    indicators: input.indicators && input.indicators.length > 0 ? input.indicators : null,
    locale: input.locale,
    status: 'pending' as QuestionStatus,
    currentTime: localTimestamp(now),
    data: { question: input.question, answer: '' },
    provider: null,
    visual: null,
    errorDetail: null,
    createdAt: now,
    answeredAt: null,
  };
  await db.insert(questions).values(row);
  return row;
}

/** The caller's questions, newest first. */
export async function listQuestions(db: Db, userId: string): Promise<Question[]> {
  const rows = await db.select().from(questions).where(eq(questions.userId, userId)).orderBy(desc(questions.id));
  return rows.map(toQuestion);
}

/** Removes the caller's question; false when the caller has no question with that id. */
export async function deleteQuestion(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(questions).where(and(eq(questions.id, id), eq(questions.userId, userId))).returning({ id: questions.id });
  return deleted.length > 0;
}

export async function findQuestion(db: Db, id: string): Promise<QuestionRow | null> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  return row ?? null;
}

/** Stores the outcome of a pending question; null when it was deleted or answered meanwhile. */
export async function settleQuestion(
  db: Db,
  id: string,
  outcome: { status: Exclude<QuestionStatus, 'pending'>; answer: string; provider: string | null; errorDetail?: string | null; question: string; visual?: QuestionVisual | null },
): Promise<QuestionRow | null> {
  const [row] = await db
    .update(questions)
    .set({
      status: outcome.status,
      data: { question: outcome.question, answer: outcome.answer },
      provider: outcome.provider,
      visual: outcome.visual ?? null,
      errorDetail: outcome.errorDetail ?? null,
      answeredAt: new Date(),
    })
    .where(and(eq(questions.id, id), eq(questions.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function pendingQuestionIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: questions.id }).from(questions).where(eq(questions.status, 'pending')).orderBy(questions.id);
  return rows.map((r) => r.id);
}
