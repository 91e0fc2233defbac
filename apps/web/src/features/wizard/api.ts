/**
 * The wizard's reads: the WHO catalog and the chosen upload (owned by the data-sources feature's routes),
 * and the target class preview. Query keys are shared with other features reading the same resources.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  LIMITS,
  type TargetClassPreviewRequest,
  type TargetClassPreviewResponse,
  type UploadRecord,
} from '@indicata/contracts';
import { api } from '../../lib/api.ts';

/** The catalog in the reader's language, from the WHO feature's reads (one cache, one translation). */
export { useWhoIndicatorList as useWhoIndicators, useWhoLabels as useWhoIndicatorLabels } from '../who/api.ts';

/** GET /api/uploads/:id (answered either as the record or wrapped in { upload }). */
export function useUploadRecord(uploadId: string | null) {
  return useQuery({
    queryKey: ['uploads', uploadId],
    queryFn: async ({ signal }) => {
      const body = await api.get<UploadRecord | { upload: UploadRecord }>(`/api/uploads/${encodeURIComponent(uploadId ?? '')}`, { signal });
      return 'upload' in body ? body.upload : body;
    },
    enabled: uploadId !== null,
    staleTime: 60_000,
  });
}

/**
 * POST /api/preview/target-classes as a query: how many rows fall in each class of the chosen discretization, and in
 * the split's training and test years. One definition for the live preview and the check on saving, so saving
 * reuses the preview's answer.
 */
export function targetClassPreviewQuery(request: TargetClassPreviewRequest) {
  return queryOptions({
    queryKey: ['preview', 'target-classes', request],
    queryFn: ({ signal }) => api.post<TargetClassPreviewResponse>('/api/preview/target-classes', request, { signal, retry: true }),
    staleTime: 60_000,
    retry: false,
  });
}

export function useTargetClassPreview(request: TargetClassPreviewRequest | null) {
  return useQuery({
    ...targetClassPreviewQuery(request ?? { database: '', uploadId: null, targetCode: '', discretization: { mode: 'automatic', groups: LIMITS.autoCategoriesMin } }),
    enabled: request !== null,
  });
}
