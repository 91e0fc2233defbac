import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ID_PATTERN, PREDICTION_MODELS, PREDICT_LIMITS, PREDICT_MESSAGES, RESULT_ALGORITHMS, predictRequestSchema, testRowExplanationQuerySchema } from '@indicata/contracts';
import { exportEnsembleOnnx, exportOnnx } from '@indicata/engine';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { parseParams, parseQuery } from '../../http/parse.ts';
import { predictRows, resolveJobModel } from './service.ts';
import { predictGaps } from './gaps.ts';
import { explainTestRow } from './explain-test-row.ts';
import { withMissingBackgrounds } from './background-on-request.ts';
import { findOwnJob, isOwnJob } from '../jobs/service.ts';
import { ApiError } from '../../http/errors.ts';
import { delayRefusal } from '../../http/refusal-delay.ts';

const idParams = z.object({ id: z.string().regex(ID_PATTERN, 'Not a job id.') });
const modelQuery = z.object({ model: z.enum(PREDICTION_MODELS).optional() });
const onnxParams = idParams.extend({ model: z.enum(RESULT_ALGORITHMS) });

/** Rate-limit key: the token (hashed, so the secret is not kept in memory as a key), else the client address. */
export function predictRateLimitKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header ? `token:${crypto.createHash('sha256').update(header).digest('base64url')}` : `ip:${request.ip}`;
}

/**
 * POST /api/jobs/:id/predict: JSON `{ model?, rows }` or `{ model?, csv }`, or a `text/csv` body with `?model=`.
 * Session or personal token; the demo account may call it (nothing is stored).
 */
export async function registerPredictRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limitPredictions = app.createRateLimit({ max: PREDICT_LIMITS.requestsPerMinute, timeWindow: 60_000, keyGenerator: predictRateLimitKey });
  /**
   * The route's first hook, before the guard looks up the token (no database work for a refused request). The 429
   * comes after REFUSED_ANSWER_DELAY_MS (http/refusal-delay.ts).
   */
  const refuseOverLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const state = await limitPredictions(request);
    if (!state.isAllowed && state.isExceeded) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(state.ttl / 1000))));
      await delayRefusal();
      throw ApiError.of(429, 'rate_limited');
    }
  };
  await app.register(async (scope) => {
    // A raw CSV body (curl --data-binary @rows.csv -H 'Content-Type: text/csv') becomes { csv }.
    scope.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, { csv: body }));
    scope.post(
      '/api/jobs/:id/predict',
      { onRequest: refuseOverLimit, config: { bearer: true, storesNothing: true } },
      async (request) => {
        const user = requireUser(request);
        const { id } = parseParams(idParams, request);
        // Someone else's job is a 404 whatever the body says (a 400 would answer before ownership is known).
        if (!(await isOwnJob(ctx, user.id, id))) throw ApiError.of(404, 'not_found');
        const query = parseQuery(modelQuery, request);
        const body = predictRequestSchema.parse({ ...(request.body as object | null), ...(query.model ? { model: query.model } : {}) });
        const model = await resolveJobModel(ctx, user.id, id, body.model);
        if (body.explain === true) {
          // The job's configuration rebuilds its panel, for the models saved without background rows.
          const job = await findOwnJob(ctx, user.id, id);
          if (!job) throw ApiError.of(404, 'not_found');
          await withMissingBackgrounds(ctx, job, model);
        }
        return { jobId: id, ...(await predictRows(model, body, { space: model.results.labels.space, time: model.results.labels.time })) };
      },
    );
  });

  // GET /api/jobs/:id/gaps?model=: the job's own panel rows whose target is missing, predicted (read-only, so the
  // demo account may call it on the demo job).
  app.get('/api/jobs/:id/gaps', { config: { bearer: true } }, async (request) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    if (!(await isOwnJob(ctx, user.id, id))) throw ApiError.of(404, 'not_found');
    const { model } = parseQuery(modelQuery, request);
    return predictGaps(ctx, user.id, id, model ?? 'chosen');
  });

  // GET /api/jobs/:id/explanations?model=&row=: one test row of a model's results explained from its saved model
  // (read-only, like the gaps: the demo account may call it on the demo job).
  app.get('/api/jobs/:id/explanations', { config: { bearer: true } }, async (request) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    if (!(await isOwnJob(ctx, user.id, id))) throw ApiError.of(404, 'not_found');
    return explainTestRow(ctx, user.id, id, parseQuery(testRowExplanationQuerySchema, request));
  });

  // GET /api/jobs/:id/onnx/:model: the whole pipeline of one family (or the ensemble) as an .onnx file, written
  // from the stored model on request (a forest takes ~0.1 s; nothing more is stored).
  app.get('/api/jobs/:id/onnx/:model', { config: { bearer: true } }, async (request, reply) => {
    const user = requireUser(request);
    const { id, model } = parseParams(onnxParams, request);
    const resolved = await resolveJobModel(ctx, user.id, id, model, false);
    let bytes: Uint8Array;
    try {
      bytes = resolved.algorithm === 'Ensemble' ? exportEnsembleOnnx(resolved.members) : exportOnnx(resolved.members[0].saved);
    } catch (error) {
      request.log.error({ err: error, jobId: id, model }, 'ONNX export failed');
      throw new ApiError(409, 'conflict', PREDICT_MESSAGES.onnxExportFailed);
    }
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="model${resolved.algorithm}.onnx"`)
      .send(Buffer.from(bytes));
  });
}
