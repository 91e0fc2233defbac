/**
 * The WHO catalog reads. Query keys are shared with the wizard (features/wizard/api.ts), so the catalog is
 * fetched once whichever screen asks first.
 */
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { localIndicatorTitle, type WhoIndicator, type WhoIndicatorLabels, type WhoStatus } from '@indicata/contracts';
import { api } from '../../lib/api.ts';
import { useReaderLocale } from '../../lib/i18n.ts';

/** A catalog entry titled in the reader's language; `catalogTitle` keeps WHO's own title, which search also reads. */
export type LocalWhoIndicator = WhoIndicator & { catalogTitle: string };

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

/**
 * Every indicator with years, regions, dimensions and coverage (the spec's indicatorsNew), titled in the reader's
 * language. The cache holds the catalog as served; only what the hook returns is translated.
 */
export function useWhoIndicatorList(enabled = true) {
  const locale = useReaderLocale();
  const select = useCallback(
    (list: WhoIndicator[]): LocalWhoIndicator[] => list.map((i) => ({ ...i, indicator: localIndicatorTitle(i.code, i.indicator, locale), catalogTitle: i.indicator })),
    [locale],
  );
  return useQuery({
    queryKey: WHO_QUERY_KEYS.indicators,
    queryFn: async ({ signal }) => (await api.get<{ indicators: WhoIndicator[] }>('/api/who/indicators', { signal })).indicators,
    select,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * code -> label (the spec's indicators node), titled in the reader's language. Results name their columns with
 * `indicatorName`, which looks the translation up by code, so a translated label passed to it reads the same.
 */
export function useWhoLabels(enabled = true) {
  const locale = useReaderLocale();
  const select = useCallback(
    (labels: WhoIndicatorLabels): WhoIndicatorLabels => Object.fromEntries(Object.entries(labels).map(([code, title]) => [code, localIndicatorTitle(code, title, locale)])),
    [locale],
  );
  return useQuery({
    queryKey: WHO_QUERY_KEYS.labels,
    queryFn: ({ signal }) => api.get<WhoIndicatorLabels>('/api/who/indicator-labels', { signal }),
    select,
    enabled,
    staleTime: 5 * 60_000,
  });
}
