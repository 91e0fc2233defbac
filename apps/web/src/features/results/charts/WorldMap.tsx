import { useEffect, useMemo, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClassDefinition, ModelResult } from '@indicata/contracts';
import { EChart } from './EChart.tsx';
import { MAP_BOX_ASPECT, worldMapOption, type MapEntry } from './options.ts';
import { matchCountry } from './countryMatch.ts';
import { registerWorldMap, WORLD_MAP_NAME } from './worldAtlas.ts';
import { formatSet } from '../format.ts';

/**
 * Map entries of one model and year, and the places the map has no shape for.
 * @param describeSet how a prediction set of more than one class reads beside the predicted class (none when absent)
 */
export function mapEntries(model: ModelResult, year: string, describeSet?: (set: string[]) => string): { entries: MapEntry[]; unmatched: string[] } {
  const entries = new Map<string, MapEntry>();
  const unmatched = new Set<string>();
  for (const row of model.predictions) {
    if (String(row.time) !== year) continue;
    const name = matchCountry(row.space);
    if (!name) {
      unmatched.add(row.space);
      continue;
    }
    if (!entries.has(name)) {
      const withSet = describeSet && row.set && row.set.length > 1 ? `${row.predicted} (${describeSet(row.set)})` : row.predicted;
      entries.set(name, { name, actualIndex: row.actualIndex, predictedIndex: row.predictedIndex, actual: row.actual, predicted: withSet });
    }
  }
  return { entries: [...entries.values()], unmatched: [...unmatched].sort() };
}

/** Actual and predicted class by country for a chosen year and model (WHO data only). */
export function WorldMap({ models, classes, best }: { models: ModelResult[]; classes: ClassDefinition[]; best: string }) {
  const { t } = useTranslation('results');
  const [ready, setReady] = useState(false);
  // Side by side from 36em; one above the other on phones, each keeping the world's shape.
  const layout = (useMediaQuery('(min-width: 36em)') ?? true) ? 'side' : 'stacked';
  const [algorithm, setAlgorithm] = useState(models.some((m) => m.algorithm === best) ? best : (models[0]?.algorithm ?? ''));
  const model = models.find((m) => m.algorithm === algorithm) ?? models[0];
  const years = useMemo(
    () => [...new Set((model?.predictions ?? []).map((row) => String(row.time)))].sort((a, b) => Number(a) - Number(b)),
    [model],
  );
  const [chosenYear, setYear] = useState('');
  const year = years.includes(chosenYear) ? chosenYear : (years[years.length - 1] ?? '');

  useEffect(() => {
    let live = true;
    void registerWorldMap().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  const { entries, unmatched } = useMemo(
    () => (model ? mapEntries(model, year, (set) => t('charts.mapSet', { set: formatSet(set, t('tables.setOr')) })) : { entries: [], unmatched: [] }),
    [model, year, t],
  );
  const titles = classes.map((c) => c.title);
  const option = useMemo(
    () => worldMapOption(WORLD_MAP_NAME, entries, titles.length > 0 ? titles : [], { actual: t('charts.mapActual'), predicted: t('charts.mapPredicted') }, layout),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- titles derive from classes
    [entries, classes, t, layout],
  );
  if (!model) return null;
  const hits = entries.filter((entry) => entry.actualIndex === entry.predictedIndex).length;

  return (
    <Stack gap="xs" data-testid="world-map">
      <Group gap="sm">
        <NativeSelect
          label={t('charts.mapModel')}
          size="xs"
          w={140}
          data={models.map((m) => m.algorithm)}
          value={model.algorithm}
          onChange={(event) => setAlgorithm(event.currentTarget.value)}
        />
        <NativeSelect label={t('charts.mapYear')} size="xs" w={110} data={years} value={year} onChange={(event) => setYear(event.currentTarget.value)} />
      </Group>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('charts.noMapData')}
        </Text>
      ) : ready ? (
        <EChart option={option} height={380} aspectRatio={MAP_BOX_ASPECT[layout]} summary={t('charts.mapSummary', { matched: entries.length, year, hits })} testId="chart-map" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('charts.loading')}
        </Text>
      )}
      {unmatched.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="map-unmatched">
          {t('charts.unmatched')}: {unmatched.join(', ')}
        </Text>
      )}
    </Stack>
  );
}
