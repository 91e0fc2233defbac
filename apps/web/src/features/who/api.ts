/**
 * The WHO catalog reads. Query keys are shared with the wizard (features/wizard/api.ts), so the catalog is
 * fetched once whichever screen asks first.
 */
import { useQuery } from '@tanstack/react-query';
import type { WhoIndicator, WhoIndicatorLabels, WhoStatus } from '@indicata/contracts';
import { api } from '../../lib/api.ts';

export const WHO_QUERY_KEYS = {
  status: ['who', 'status'] as const,
  indicators: ['who', 'indicators'] as const,
  labels: ['who', 'indicator-labels'] as const,
};

/**
 * Whether the WHO catalog has data. When `data.available` is false, `data.howToFill` says what an
 * administrator runs; the wizard shows "Use WHO Data" as unavailable with that text instead of failing.
 */
export function useWhoStatus() {
  return useQuery({
    queryKey: WHO_QUERY_KEYS.status,
    queryFn: ({ signal }) => api.get<WhoStatus>('/api/who/status', { signal }),
    staleTime: 60_000,
  });
}

/** Every indicator with years, regions, dimensions and coverage (the spec's indicatorsNew). */
export function useWhoIndicatorList(enabled = true) {
  return useQuery({
    queryKey: WHO_QUERY_KEYS.indicators,
    queryFn: async ({ signal }) => (await api.get<{ indicators: WhoIndicator[] }>('/api/who/indicators', { signal })).indicators,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** code -> label (the spec's indicators node). */
export function useWhoLabels(enabled = true) {
  return useQuery({
    queryKey: WHO_QUERY_KEYS.labels,
    queryFn: ({ signal }) => api.get<WhoIndicatorLabels>('/api/who/indicator-labels', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
