import type { GapsResponse, PredictionModel, PredictResponse } from '@indicata/contracts';
import { api, apiUrl } from '../../../lib/api.ts';

/** GET /api/jobs/:id/gaps: the job's own rows whose target is missing, predicted with `model`. */
export const fetchGaps = (jobId: string, model: PredictionModel, signal?: AbortSignal): Promise<GapsResponse> =>
  api.get<GapsResponse>(`/api/jobs/${encodeURIComponent(jobId)}/gaps?model=${encodeURIComponent(model)}`, { signal });

/**
 * POST /api/jobs/:id/predict with a semicolon CSV (the session's CSRF header is added by api); `explain` asks for each
 * prediction's largest input contributions (trees only).
 */
export const predictCsv = (jobId: string, model: PredictionModel, csv: string, explain = false): Promise<PredictResponse> =>
  api.post<PredictResponse>(`/api/jobs/${encodeURIComponent(jobId)}/predict`, { model, csv, ...(explain ? { explain: true } : {}) });

/** The link that downloads one family's (or the ensemble's) whole pipeline as an .onnx file. */
export const onnxUrl = (jobId: string, algorithm: string): string =>
  apiUrl(`/api/jobs/${encodeURIComponent(jobId)}/onnx/${encodeURIComponent(algorithm)}`);
