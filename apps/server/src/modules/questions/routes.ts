import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createQuestionRequestSchema, ID_PATTERN, MESSAGES, QUESTION_EVENT, validateQuestion, type QuestionList } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { parseBody, parseParams } from '../../http/parse.ts';
import { createBuiltinAssistant } from '../assistant/assistant.ts';
import { answererOf } from './answerer.ts';
import { deleteQuestion, insertQuestion, listQuestions, toQuestion } from './service.ts';

const idParams = z.object({ id: z.string() });

/** Questions one user may send per minute (each may cost a language-model call). */
export const QUESTIONS_PER_MINUTE = 20;

/**
 * POST /api/questions {database, question, target?, locale?, indicators?} -> 201 {question} (pending; answered in the background)
 * GET /api/questions -> {questions} (own, newest first)
 * DELETE /api/questions/:id -> 204 (own only; another user's id is 404 and nothing is deleted)
 */
export async function registerQuestionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const limitPerUser = app.createRateLimit({ max: QUESTIONS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (r) => `questions:${r.user?.id ?? r.ip}` });
  const answerer = () => {
    // Normally set by initAssistant; a bare app (tests without roles) still answers with the built-in analyst.
    return answererOf(ctx, () => (ctx.assistant ??= createBuiltinAssistant()));
  };

  // Public so the spec's checks run in its order (database, then signed in, then text) with its messages.
  app.post('/api/questions', { config: { public: true } }, async (request, reply) => {
    const body = parseBody(createQuestionRequestSchema, request);
    const problem = validateQuestion({ database: body.database, question: body.question, signedIn: !!request.user });
    if (problem === 'questionNotLoggedIn') throw new ApiError(401, problem, MESSAGES[problem]);
    if (problem) throw new ApiError(400, problem, MESSAGES[problem]);
    const user = requireUser(request);
    if (user.isDemo) throw ApiError.of(403, 'read_only_demo');
    const limit = await limitPerUser(request);
    if (!limit.isAllowed && limit.isExceeded) throw ApiError.of(429, 'rate_limited');
    const row = await insertQuestion(db, {
      userId: user.id,
      database: body.database.trim(),
      question: body.question.trim(),
      target: body.target?.trim() || null,
      locale: body.locale,
      indicators: body.indicators?.map((i) => i.trim()).filter(Boolean) ?? null,
    });
    const question = toQuestion(row);
    await ctx.events.publish(user.id, { type: QUESTION_EVENT, data: question });
    answerer().enqueue(row.id);
    return reply.code(201).send({ question });
  });

  app.get('/api/questions', async (request): Promise<QuestionList> => {
    const user = requireUser(request);
    return { questions: await listQuestions(db, user.id) };
  });

  app.delete('/api/questions/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    if (!ID_PATTERN.test(id) || !(await deleteQuestion(db, user.id, id))) throw ApiError.of(404, 'not_found');
    await ctx.events.publish(user.id, { type: QUESTION_EVENT, data: { id, removed: true } });
    return reply.code(204).send();
  });
}
