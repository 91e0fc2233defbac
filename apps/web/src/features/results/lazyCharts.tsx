import { lazy, Suspense, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** ECharts and the world geometry load in their own chunks, only when a result detail shows charts. */
const charts = () => import('./charts/Charts.tsx');

export const ConfusionHeatmap = lazy(() => charts().then((m) => ({ default: m.ConfusionHeatmap })));
export const CorrelationHeatmap = lazy(() => charts().then((m) => ({ default: m.CorrelationHeatmap })));
export const FeatureImportanceBars = lazy(() => charts().then((m) => ({ default: m.FeatureImportanceBars })));
export const ScoresChart = lazy(() => charts().then((m) => ({ default: m.ScoresChart })));
export const WorldMap = lazy(() => import('./charts/WorldMap.tsx').then((m) => ({ default: m.WorldMap })));
export const GapsMap = lazy(() => import('./charts/GapsMap.tsx').then((m) => ({ default: m.GapsMap })));

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
