import { z } from 'zod';
import {
  CSRF_HEADER,
  ERROR_KINDS,
  SESSION_COOKIE,
  PREDICT_LIMITS,
  RESULT_ALGORITHMS,
  apiTokenSchema,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
  jobListItemSchema,
  modelFileSchema,
  predictRequestSchema,
  predictResponseSchema,
  gapsResponseSchema,
  replayBundleSchema,
  testRowExplanationQuerySchema,
  testRowExplanationSchema,
} from '@indicata/contracts';

/** JSON Schema of a request (input side: fields with defaults are optional). */
const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
/** JSON Schema of an answer. */
const output = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });

const errorSchema = output(z.object({ error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }) }));
const json = (schema: object) => ({ 'application/json': { schema } });
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [String(code), { description: { 400: 'Invalid request', 401: ERROR_KINDS.unauthenticated, 403: ERROR_KINDS.permission_denied, 404: ERROR_KINDS.not_found, 409: 'Conflict', 413: ERROR_KINDS.too_big, 429: ERROR_KINDS.rate_limited }[code] ?? 'Error', content: json(errorSchema) }]));
const jobId = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: "A job's id (see GET /api/jobs)." };

/**
 * The OpenAPI 3.1 description of the routes scripts use, generated from the zod schemas that validate the
 * requests (contracts). Served at GET /api/openapi.json.
 * @param serverUrl the app's public address
 */
export function openApiDocument(serverUrl: string): object {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Indicata API',
      version: '1',
      description:
        'Predictions from finished AutoML jobs. Authenticate with a personal API token (created on the profile page) as ' +
        '`Authorization: Bearer <token>`; tokens see only their owner\'s jobs. Requests with a token need no CSRF header. ' +
        `Prediction requests are limited to ${PREDICT_LIMITS.requestsPerMinute} a minute per token. See docs/api.md.`,
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (ind_...).' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: `The web app session (its POSTs also need the ${CSRF_HEADER} header).` },
      },
    },
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
    paths: {
      '/api/jobs': {
        get: {
          summary: "The caller's jobs, newest first",
          responses: { 200: { description: 'Jobs', content: json(output(z.object({ jobs: z.array(jobListItemSchema) }))) }, ...errors(401) },
        },
      },
      '/api/jobs/{id}/models': {
        get: {
          summary: "A finished job's stored model files",
          parameters: [jobId],
          responses: { 200: { description: 'Model files', content: json(output(z.object({ models: z.array(modelFileSchema) }))) }, ...errors(401, 404) },
        },
      },
      '/api/jobs/{id}/predict': {
        post: {
          summary: 'Predict rows with a finished job\'s model',
          description:
            'Rows as JSON objects or a semicolon CSV (in `csv`, or as a text/csv body with `?model=`). Columns the model was trained on must be present ' +
            `(extra ones are ignored); missing cells are filled as in training; a row missing more than ${PREDICT_LIMITS.maxMissingShare * 100}% of the indicators is listed in notPredicted. ` +
            '`model`: `chosen` (default) is what the job recommends, which is a rule when no model beat it on validation: `Persistence` ' +
            "(each place keeps its class of its latest earlier year), `Majority` (the most frequent training class) or `Trend` (the class of the value " +
            "each place's latest yearly change projects); a family, `Ensemble`, `Persistence`, `Majority` or `Trend` by name. " +
            "A rule reads no indicator: only the place and year (its history is looked up in the job's data).",
          parameters: [jobId, { name: 'model', in: 'query', required: false, schema: input(predictRequestSchema.shape.model) }],
          requestBody: {
            required: true,
            content: { ...json(input(predictRequestSchema)), 'text/csv': { schema: { type: 'string' } } },
          },
          responses: { 200: { description: 'Predictions', content: json(output(predictResponseSchema)) }, ...errors(400, 401, 403, 404, 409, 413, 429) },
        },
      },
      '/api/jobs/{id}/gaps': {
        get: {
          summary: "Predict the rows of a job's own panel whose target is missing (gap filling)",
          description: 'The same rules as POST /api/jobs/{id}/predict, on the country-years (or region-years) of the job\'s data that have indicators but no target value.',
          parameters: [jobId, { name: 'model', in: 'query', required: false, schema: input(predictRequestSchema.shape.model) }],
          responses: { 200: { description: 'Predictions', content: json(output(gapsResponseSchema)) }, ...errors(400, 401, 403, 404, 409) },
        },
      },
      '/api/jobs/{id}/onnx/{model}': {
        get: {
          summary: "A finished job's model as an ONNX file (the whole pipeline; the rules as a fixed tree over the history columns)",
          parameters: [jobId, { name: 'model', in: 'path', required: true, schema: { type: 'string', enum: [...RESULT_ALGORITHMS] } }],
          responses: { 200: { description: 'The .onnx file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }, ...errors(400, 401, 404, 409) },
        },
      },
      '/api/jobs/{id}/explanations': {
        get: {
          summary: "Why a model predicted one of a job's test rows: each indicator's contribution to the predicted class's probability",
          description: 'Exact TreeSHAP for DT and RF, a seeded sampled Shapley estimate over training rows saved with the model for the other models, the ensemble and the rules; the contributions plus the base value equal the probability.',
          parameters: [
            jobId,
            { name: 'model', in: 'query', required: false, schema: input(testRowExplanationQuerySchema.shape.model) },
            { name: 'row', in: 'query', required: false, description: 'A test row: its position in the model\'s test predictions (or give space and time).', schema: input(testRowExplanationQuerySchema.shape.row) },
            { name: 'space', in: 'query', required: false, description: 'With time: any row of the job\'s panel (a gap filled among them) by place.', schema: input(testRowExplanationQuerySchema.shape.space) },
            { name: 'time', in: 'query', required: false, description: 'With space: the row\'s year.', schema: input(testRowExplanationQuerySchema.shape.time) },
          ],
          responses: { 200: { description: 'The explanation', content: json(output(testRowExplanationSchema)) }, ...errors(400, 401, 404, 409) },
        },
      },
      '/api/jobs/{id}/bundle': {
        get: {
          summary: "A finished job's replay bundle: configuration, seed, the search's record, the panel and the results",
          description: 'Replays with `npm run automl -- --replay FILE`, value for value, on any machine (see docs/results.md, "Replaying a job").',
          parameters: [jobId],
          responses: { 200: { description: 'The bundle (JSON)', content: json(output(replayBundleSchema)) }, ...errors(401, 404, 409) },
        },
      },
      '/api/tokens': {
        get: {
          summary: "The signed-in user's personal API tokens (session only)",
          security: [{ sessionCookie: [] }],
          responses: { 200: { description: 'Tokens', content: json(output(z.object({ tokens: z.array(apiTokenSchema) }))) }, ...errors(401) },
        },
        post: {
          summary: 'Create a token; its secret is shown once (session only)',
          security: [{ sessionCookie: [] }],
          requestBody: { required: true, content: json(input(createApiTokenRequestSchema)) },
          responses: { 201: { description: 'Created', content: json(output(createApiTokenResponseSchema)) }, ...errors(400, 401, 409) },
        },
      },
      '/api/tokens/{id}': {
        delete: {
          summary: 'Revoke a token (session only)',
          security: [{ sessionCookie: [] }],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 204: { description: 'Revoked' }, ...errors(401, 404) },
        },
      },
    },
  };
}
