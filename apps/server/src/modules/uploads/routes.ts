import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { controlCharacterIn, controlCharacterProblem, csvProblemMessage, formatBytes, ID_PATTERN, UPLOAD_FIELDS, withoutBidiControls, type CsvProblem } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { parseParams } from '../../http/parse.ts';
import { exportUploadInThread } from './csv-threads.ts';
import { checkUploadQuota, reserveUploadBytes, uploadQuotaError } from './quota.ts';
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

/**
 * Room a multipart body takes besides the file's bytes (boundaries, part headers, the two column fields). The
 * Content-Length of an upload is judged as the file's size less this much, so a file just under a limit is not
 * refused for its envelope.
 */
const MULTIPART_ENVELOPE_BYTES = 16 * 1024;

/**
 * Reads the multipart body: one file part and text fields. A file over UPLOAD_MAX_BYTES is a 413 (the multipart
 * limit), and so is a file past `quotaRoom` bytes, judged while it streams in (a chunked body has no length to
 * judge before).
 */
async function readMultipart(request: FastifyRequest, maxBytes: number, quotaRoom: () => number, quotaExceeded: (received: number) => ApiError): Promise<MultipartUpload> {
  const result: MultipartUpload = { fileName: undefined, bytes: undefined, fields: {} };
  if (!request.isMultipart()) return result;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        let received = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          received += chunk.byteLength;
          if (part.file.truncated) break;
          if (received > quotaRoom()) throw quotaExceeded(received);
          chunks.push(chunk);
        }
        if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        if (part.fieldname === UPLOAD_FIELDS.file && result.bytes === undefined) {
          const buffer = Buffer.concat(chunks);
          result.fileName = part.filename;
          result.bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        }
      } else if (typeof part.value === 'string') {
        result.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (error as { statusCode?: number }).statusCode === 413) {
      throw refusal({ key: 'csvTooLarge', values: { limit: formatBytes(maxBytes) } }, 413);
    }
    throw error;
  }
  return result;
}

/** The request's Content-Length, or undefined (chunked, or not a number). */
function contentLengthOf(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
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

  // Uploads whose body is still arriving: aborted at once when the server shuts down (a slow upload would
  // otherwise hold the shutdown until the forced exit).
  const receivingBodies = new Set<FastifyRequest>();
  app.addHook('preClose', async () => {
    for (const request of receivingBodies) {
      request.log.info('upload aborted: the server is shutting down');
      request.raw.destroy();
    }
    receivingBodies.clear();
  });

  app.post('/api/uploads', async (request, reply) => {
    const user = requireUser(request);
    const { uploadMaxBytes, quotas } = ctx.config;
    // Judged before a byte of the file is read: the declared length against UPLOAD_MAX_BYTES and the quota. The
    // answer closes the connection, so the rest of the body is not waited for.
    const declared = contentLengthOf(request);
    const expected = declared === undefined ? 0 : Math.max(0, declared - MULTIPART_ENVELOPE_BYTES);
    if (expected > uploadMaxBytes) {
      reply.header('connection', 'close');
      throw refusal({ key: 'csvTooLarge', values: { limit: formatBytes(uploadMaxBytes) } }, 413);
    }
    let room: number;
    try {
      room = await checkUploadQuota(db, user.id, expected, quotas.uploadBytes);
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
    const release = reserveUploadBytes(user.id, expected);
    receivingBodies.add(request);
    try {
      let body: MultipartUpload;
      try {
        body = await readMultipart(request, uploadMaxBytes, () => room, (received) => uploadQuotaError(quotas.uploadBytes - room + received, quotas.uploadBytes));
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      } finally {
        receivingBodies.delete(request);
      }
      if (body.bytes === undefined || body.fileName === undefined) throw refusal({ key: 'csvNeedsFileAndColumns' });
      for (const [field, value] of [['file name', body.fileName], ...Object.entries(body.fields)]) {
        const character = controlCharacterIn(value);
        if (character) {
          const problem = controlCharacterProblem(field, character);
          throw new ApiError(400, 'textControlCharacter', problem.message, { [field]: problem.message });
        }
      }
      // Bidirectional overrides are dropped from the stored name (they could make it read as another name).
      const fileName = withoutBidiControls(body.fileName);
      await checkUploadQuota(db, user.id, body.bytes.byteLength, quotas.uploadBytes, expected);
      try {
        const record = await createUpload(db, ctx.storage, {
          userId: user.id,
          fileName,
          bytes: body.bytes,
          spatialColumn: (body.fields[UPLOAD_FIELDS.spatialColumn] ?? '').trim(),
          temporalColumn: (body.fields[UPLOAD_FIELDS.temporalColumn] ?? '').trim(),
          maxStoredBytes: quotas.uploadBytes,
        });
        request.log.info({ upload: record.id, rows: record.rowCount }, 'CSV uploaded');
        return reply.code(201).send(record);
      } catch (error) {
        if (error instanceof UploadRefusedError) throw refusal(error.problem);
        throw error;
      }
    } finally {
      release();
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
    const bytes = await ctx.storage.get(row.storageKey);
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
    if (!(await deleteUpload(db, ctx.storage, user.id, id))) throw ApiError.of(404, 'not_found');
    return reply.code(204).send();
  });
}
