import { lazy, Suspense, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const started: Promise<unknown>[] = [];
/** Keeps each chunk load, so that a caller can wait for every load the page started (see `chartLoadsSettled`). */
function tracked<T>(load: Promise<T>): Promise<T> {
  started.push(load);
  return load;
}

/** ECharts and the world geometry load in their own chunks, only when a result detail shows charts. */
const charts = () => tracked(import('./charts/Charts.tsx'));

export const ConfusionHeatmap = lazy(() => charts().then((m) => ({ default: m.ConfusionHeatmap })));
export const CorrelationHeatmap = lazy(() => charts().then((m) => ({ default: m.CorrelationHeatmap })));
export const FeatureImportanceBars = lazy(() => charts().then((m) => ({ default: m.FeatureImportanceBars })));
export const ScoresChart = lazy(() => charts().then((m) => ({ default: m.ScoresChart })));
export const WorldMap = lazy(() => tracked(import('./charts/WorldMap.tsx')).then((m) => ({ default: m.WorldMap })));
export const GapsMap = lazy(() => tracked(import('./charts/GapsMap.tsx')).then((m) => ({ default: m.GapsMap })));

/**
 * Resolves once every chart chunk asked for so far has loaded or failed. The unit tests wait for it at the end of
 * each file: a load still running when the file's DOM is torn down fails the next file in the same worker.
 */
export async function chartLoadsSettled(): Promise<void> {
  await Promise.allSettled(started.splice(0));
}

export function ChartSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation('results');
  return (
    <Suspense
      fallback={
        <Text size="sm" c="dimmed">
          {t('charts.loading')}
        </Text>
      }
    >
      {children}
    </Suspense>
  );
}
