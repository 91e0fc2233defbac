import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { csvProblemMessage, formatBytes, ID_PATTERN, UPLOAD_FIELDS, type CsvProblem } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { parseParams } from '../../http/parse.ts';
import { createStorage } from '../../storage/index.ts';
import { exportUploadInThread } from './csv-threads.ts';
import { checkUploadQuota } from './quota.ts';
import { createUpload, deleteUpload, findUpload, listUploads, toUploadRecord, UploadRefusedError } from './service.ts';

const idParams = z.object({ id: z.string().regex(ID_PATTERN, 'Not an upload id.') });

function refusal(problem: CsvProblem, status = 400): ApiError {
  return new ApiError(status, problem.key, csvProblemMessage(problem));
}

interface MultipartUpload {
  fileName: string | undefined;
  bytes: Uint8Array | undefined;
  fields: Record<string, string>;
}

/** Reads the multipart body: one file part and text fields. A file over UPLOAD_MAX_BYTES is a 413. */
async function readMultipart(request: FastifyRequest, maxBytes: number): Promise<MultipartUpload> {
  const result: MultipartUpload = { fileName: undefined, bytes: undefined, fields: {} };
  if (!request.isMultipart()) return result;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === UPLOAD_FIELDS.file && result.bytes === undefined) {
          result.fileName = part.filename;
          result.bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        }
      } else if (typeof part.value === 'string') {
        result.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (error as { statusCode?: number }).statusCode === 413) {
      throw refusal({ key: 'csvTooLarge', values: { limit: formatBytes(maxBytes) } }, 413);
    }
    throw error;
  }
  return result;
}

/**
 * CSV uploads (spec sections 2, 5, 7):
 * POST   /api/uploads      multipart file + spatialColumn + temporalColumn -> 201 UploadRecord; 400 with the
 *                          spec's message when refused; 413 over UPLOAD_MAX_BYTES; 403 for the demo account
 * GET    /api/uploads      -> { uploads: UploadListItem[] } (own, newest first)
 * GET    /api/uploads/:id  -> UploadRecord (own; 404 otherwise)
 * GET    /api/uploads/:id/download -> the file as escaped CSV (formula-like text prefixed with ')
 * DELETE /api/uploads/:id  -> 204 (own; removes the record and the file)
 */
export async function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const storage = () => (ctx.storage ??= createStorage(ctx.config));

  app.post('/api/uploads', async (request, reply) => {
    const user = requireUser(request);
    const body = await readMultipart(request, ctx.config.uploadMaxBytes);
    if (body.bytes === undefined || body.fileName === undefined) throw refusal({ key: 'csvNeedsFileAndColumns' });
    await checkUploadQuota(db, user.id, body.bytes.byteLength, ctx.config.quotas.uploadBytes);
    try {
      const record = await createUpload(db, storage(), {
        userId: user.id,
        fileName: body.fileName,
        bytes: body.bytes,
        spatialColumn: (body.fields[UPLOAD_FIELDS.spatialColumn] ?? '').trim(),
        temporalColumn: (body.fields[UPLOAD_FIELDS.temporalColumn] ?? '').trim(),
      });
      request.log.info({ upload: record.id, rows: record.rowCount }, 'CSV uploaded');
      return reply.code(201).send(record);
    } catch (error) {
      if (error instanceof UploadRefusedError) throw refusal(error.problem);
      throw error;
    }
  });

  app.get('/api/uploads', async (request) => ({ uploads: await listUploads(db, requireUser(request).id) }));

  app.get('/api/uploads/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    const row = await findUpload(db, user.id, id);
    if (!row) throw ApiError.of(404, 'not_found');
    return toUploadRecord(row);
  });

  // The file back as CSV, every cell through escapeCsvCell: text starting with = + - @ is prefixed with an
  // apostrophe so a spreadsheet never evaluates it.
  app.get('/api/uploads/:id/download', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    const row = await findUpload(db, user.id, id);
    if (!row) throw ApiError.of(404, 'not_found');
    const bytes = await storage().get(row.storageKey);
    if (!bytes) throw ApiError.of(404, 'not_found');
    const exported = await exportUploadInThread({ fileName: row.fileName, bytes });
    if (!exported.ok) throw refusal(exported.problem);
    const downloadName = row.fileName.replace(/[^\w.-]+/g, '_');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${downloadName}"`)
      .send(exported.csv);
  });

  app.delete('/api/uploads/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    if (!(await deleteUpload(db, storage(), user.id, id))) throw ApiError.of(404, 'not_found');
    return reply.code(204).send();
  });
}
