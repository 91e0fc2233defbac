import { useEffect, useMemo, useState } from 'react';
import { Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GapsResponse } from '@indicata/contracts';
import { EChart } from './EChart.tsx';
import { gapsMapEntries, gapsMapOption, gapsMapYears } from './gapsMap.ts';
import { registerWorldMap, WORLD_MAP_NAME, WORLD_MAP_SERIES } from './worldAtlas.ts';
import { formatSet } from '../format.ts';

/** Observed and predicted classes by country on one map, with a year slider (WHO panels). */
export function GapsMap({ gaps }: { gaps: Pick<GapsResponse, 'observed' | 'predictions' | 'classes'> }) {
  const { t } = useTranslation('results');
  const [ready, setReady] = useState(false);
  const years = useMemo(() => gapsMapYears(gaps), [gaps]);
  // Default: the latest year with a prediction (the freshest gaps), else the latest year.
  const latestPredicted = Math.max(...gaps.predictions.map((p) => p.time ?? -Infinity));
  const [year, setYear] = useState(Number.isFinite(latestPredicted) ? latestPredicted : (years[years.length - 1] ?? 0));

  useEffect(() => {
    let live = true;
    void registerWorldMap().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  const { entries, unmatched } = useMemo(() => gapsMapEntries(gaps, year), [gaps, year]);
  const titles = useMemo(() => gaps.classes.map((c) => c.title), [gaps.classes]);
  const option = useMemo(
    () => gapsMapOption(`${WORLD_MAP_NAME}-${WORLD_MAP_SERIES[0]}`, entries, titles, {
        observed: t('predict.mapObserved'),
        predicted: t('predict.mapPredicted'),
        set: (set) => t('charts.mapSet', { set: formatSet(set, t('tables.setOr')) }),
      }),
    [entries, titles, t],
  );
  if (years.length === 0) return null;
  const predicted = entries.filter((e) => e.predicted).length;

  return (
    <Stack gap="xs" data-testid="gaps-map">
      <Text fw={600}>{t('predict.mapTitle')}</Text>
      <Text size="sm" c="dimmed">
        {t('predict.mapLegend')}
      </Text>
      <Stack gap={4} maw={560}>
        <Text size="sm" data-testid="gaps-map-year">
          {t('predict.mapYear', { year })}
        </Text>
        <Slider
          min={years[0]}
          max={years[years.length - 1]}
          step={1}
          value={year}
          onChange={setYear}
          label={(value) => String(value)}
          marks={[{ value: years[0], label: String(years[0]) }, { value: years[years.length - 1], label: String(years[years.length - 1]) }]}
          thumbLabel={t('predict.mapYearLabel')}
          mb="md"
          data-testid="gaps-map-slider"
        />
      </Stack>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('predict.mapEmpty', { year })}
        </Text>
      ) : ready ? (
        <EChart option={option} height={380} aspectRatio={1.9} summary={t('predict.mapSummary', { observed: entries.length - predicted, predicted, year })} testId="chart-gaps-map" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('charts.loading')}
        </Text>
      )}
      {unmatched.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('charts.unmatched')}: {unmatched.join(', ')}
        </Text>
      )}
    </Stack>
  );
}
