import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERROR_FILTER, HIT_FILTER, NO_FILTERS, type HitFilter, type ResultFilters } from '../filters.ts';

export interface FilterOptions {
  years: string[];
  algorithms: string[];
  categories: string[];
}

/** Year, type (Hits 'acertos' / Errors 'erros'), algorithm and category filters of the result tables. */
export function FiltersBar({ filters, options, onChange }: { filters: ResultFilters; options: FilterOptions; onChange: (filters: ResultFilters) => void }) {
  const { t } = useTranslation('results');
  const all = { value: '', label: t('filters.all') };
  const set = (patch: Partial<ResultFilters>) => onChange({ ...filters, ...patch });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="result-filters">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text fw={600} size="sm" mr="xs" pb={6}>
          {t('filters.title')}
        </Text>
        <NativeSelect
          label={t('filters.year')}
          data={[all, ...options.years.map((value) => ({ value, label: value }))]}
          value={filters.year}
          onChange={(event) => set({ year: event.currentTarget.value })}
          w={120}
          size="xs"
        />
        <NativeSelect
          label={t('filters.type')}
          data={[all, { value: HIT_FILTER, label: t('filters.hits') }, { value: ERROR_FILTER, label: t('filters.errors') }]}
          value={filters.type}
          onChange={(event) => set({ type: event.currentTarget.value as HitFilter })}
          w={130}
          size="xs"
        />
        <NativeSelect
          label={t('filters.algorithm')}
          data={[all, ...options.algorithms.map((value) => ({ value, label: value }))]}
          value={filters.algorithm}
          onChange={(event) => set({ algorithm: event.currentTarget.value })}
          w={150}
          size="xs"
        />
        <NativeSelect
          label={t('filters.category')}
          data={[all, ...options.categories.map((value) => ({ value, label: value }))]}
          value={filters.category}
          onChange={(event) => set({ category: event.currentTarget.value })}
          w={200}
          size="xs"
        />
        <Button size="xs" variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          {t('filters.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
