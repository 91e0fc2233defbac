import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ID_PATTERN, REPORT_LOCALES, jobListQuerySchema, rerunJobRequestSchema, withoutBidiControls, withoutMisplacedSets, type AutoMLResults } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { delayRefusal } from '../../http/refusal-delay.ts';
import { parseBody, parseParams, parseQuery } from '../../http/parse.ts';
import { cancelJob, createJob, deleteJob, findOwnJob, isOwnJob, listJobs, rerunJob } from './service.ts';
import { toListItem } from './job-views.ts';
import { submissionOf } from './idempotency.ts';
import { MODEL_FILE_PATTERN, modelKey } from './model-files.ts';
import { archiveFileName, buildResultsArchive } from './results-archive.ts';
import { builtinReport } from '../reports/write-report.ts';
import { replayBundleFileName, replayBundleOf } from './replay-bundle.ts';
import { withIndicatorNames } from '../who/indicator-names.ts';

const idParams = z.object({ id: z.string().regex(ID_PATTERN, 'Not a job id.') });
const reportQuery = z.object({ locale: z.enum(REPORT_LOCALES).default('en') });
const fileParams = idParams.extend({ file: z.string().regex(MODEL_FILE_PATTERN, 'Not a model file name.') });

/** The body with bidirectional overrides dropped from its job name (they could make it read as another name). */
function withStoredName(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { name } = body as { name?: unknown };
  return typeof name === 'string' ? { ...body, name: withoutBidiControls(name) } : body;
}

/** A job refused for the active-job quota is answered after REFUSED_ANSWER_DELAY_MS (see http/refusal-delay.ts). */
async function quotaRefusalsDelayed<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'jobQuotaExceeded') await delayRefusal();
    throw error;
  }
}

export async function registerJobRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/jobs', async (request, reply) => {
    const user = requireUser(request);
    const body = withStoredName(request.body);
    const { job, created } = await quotaRefusalsDelayed(createJob(ctx, user.id, body, submissionOf(request.headers, body)));
    // A repeat of a submission (same Idempotency-Key, same body) gets the job it queued, as 200.
    return reply.code(created ? 201 : 200).send({ job });
  });

  app.get('/api/jobs', { config: { bearer: true } }, async (request) => {
    const user = requireUser(request);
    const { page, size } = parseQuery(jobListQuerySchema, request);
    return listJobs(ctx, user.id, page, size);
  });

  app.get('/api/jobs/:id', { config: { bearer: true } }, async (request) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    const row = await findOwnJob(ctx, user.id, id);
    if (!row) throw ApiError.of(404, 'not_found');
    // Results written before the sets were placed by row carry other rows' sets: those are left out, not shown wrong.
    const results = row.results ? withoutMisplacedSets(row.results as AutoMLResults) : null;
    return { job: { ...toListItem(row), data: row.data, results, report: row.report ?? null } };
  });

  // The built-in analyst's report in the reader's language, written from the stored results on each call (a few
  // milliseconds): the stored report is in the language the job was submitted in.
  app.get('/api/jobs/:id/report', async (request) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    const row = await findOwnJob(ctx, user.id, id);
    if (!row) throw ApiError.of(404, 'not_found');
    // As for predictions: a job that is not done, or whose stored results are not an engine's, has no report to write.
    const results = row.results as AutoMLResults | null;
    if (row.status !== 'done' || results?.format !== 'indicata-results') throw ApiError.of(409, 'conflict');
    const { locale } = parseQuery(reportQuery, request);
    return { report: builtinReport(await withIndicatorNames(ctx.database.db, results), locale) };
  });

  app.post('/api/jobs/:id/cancel', async (request) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    return { job: await cancelJob(ctx, user.id, id) };
  });

  app.post('/api/jobs/:id/rerun', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    // Someone else's job is a 404 whatever the body says (a 400 would answer before ownership is known).
    if (!(await isOwnJob(ctx, user.id, id))) throw ApiError.of(404, 'not_found');
    const { name, exact } = parseBody(rerunJobRequestSchema, request);
    const stored = name === undefined ? name : withoutBidiControls(name);
    // Keyed like a submission: what is asked is this job again under this name, so a double click queues one.
    const submission = submissionOf(request.headers, { rerunOf: id, name: stored ?? null, exact: exact ?? false });
    const { job, created } = await quotaRefusalsDelayed(rerunJob(ctx, user.id, id, stored, submission, exact ?? false));
    return reply.code(created ? 201 : 200).send({ job });
  });

  app.delete('/api/jobs/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    if (!(await deleteJob(ctx, user.id, id))) throw ApiError.of(404, 'not_found');
    return reply.code(204).send();
  });

  app.get('/api/jobs/:id/models', { config: { bearer: true } }, async (request) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    const row = await findOwnJob(ctx, user.id, id);
    if (!row) throw ApiError.of(404, 'not_found');
    return { models: row.modelFiles ?? [] };
  });

  // "Download models": one zip with every model (the ensemble's definition included), the results JSON,
  // the predictions as CSV and a README.
  app.get('/api/jobs/:id/archive', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    const row = await findOwnJob(ctx, user.id, id);
    if (!row || row.status !== 'done' || !row.results) throw ApiError.of(404, 'not_found');
    const models = [];
    for (const file of row.modelFiles ?? []) {
      if (!MODEL_FILE_PATTERN.test(file.file)) continue;
      const bytes = await ctx.storage.get(modelKey(id, file.file));
      if (bytes) models.push({ file, bytes });
      else request.log.warn({ jobId: id, file: file.file }, 'model file listed but not stored; left out of the archive');
    }
    const zip = await buildResultsArchive({ jobName: row.name, results: await withIndicatorNames(ctx.database.db, withoutMisplacedSets(row.results as AutoMLResults)), models });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${archiveFileName(id)}"`)
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });

  // "Download replay bundle": what `npm run automl -- --replay FILE` needs to rerun the job exactly, anywhere.
  app.get('/api/jobs/:id/bundle', { config: { bearer: true } }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    const row = await findOwnJob(ctx, user.id, id);
    if (!row) throw ApiError.of(404, 'not_found');
    const bundle = await replayBundleOf(ctx, row);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${replayBundleFileName(id)}"`)
      .send(JSON.stringify(bundle));
  });

  app.get('/api/jobs/:id/models/:file', { config: { bearer: true } }, async (request, reply) => {
    const user = requireUser(request);
    const { id, file } = parseParams(fileParams, request);
    const row = await findOwnJob(ctx, user.id, id);
    if (!row || !(row.modelFiles ?? []).some((m) => m.file === file)) throw ApiError.of(404, 'not_found');
    const bytes = await ctx.storage.get(modelKey(id, file));
    if (!bytes) throw ApiError.of(404, 'not_found');
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}"`)
      .send(Buffer.from(bytes));
  });
}
