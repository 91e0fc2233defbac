import { useMemo, useState } from 'react';
import { dimensionLabel } from './dimensionLabel.ts';
import { Alert, Badge, Button, Checkbox, Group, Loader, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { notify } from '../../lib/notify.tsx';
import { getWizardState } from '../wizard/state.ts';
import { useWhoIndicatorList, useWhoStatus } from './api.ts';
import { describeYears, searchIndicators, toggleCode } from './search.ts';
import { chooseWhoWithIndicators } from './selection.ts';
import { WhoVintageText } from './WhoVintageText.tsx';

/** More rows than this are not drawn at once (a synced catalog can hold thousands); the search narrows them. */
const MAX_ROWS = 200;

/**
 * The /whoimport catalog: search, each indicator's label, years, regions, dimensions and coverage, a choice of
 * the indicators a job may use, and "Use WHO Data". Says how to fill the catalog when it is empty.
 */
export default function WhoCatalog() {
  const { t } = useTranslation('who');
  const navigate = useNavigate();
  const status = useWhoStatus();
  const available = status.data?.available === true;
  const indicators = useWhoIndicatorList(available);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string[]>(() => {
    const state = getWizardState();
    return state.useWho ? state.indicatorsAnalyzingCode : [];
  });

  const matches = useMemo(() => searchIndicators(indicators.data ?? [], query), [indicators.data, query]);

  if (status.isPending || (available && indicators.isPending)) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('status.loading')}</Text>
      </Group>
    );
  }
  const error = status.error ?? indicators.error;
  if (error) return <Alert color="red">{apiErrorText(error, t)}</Alert>;
  if (!available) {
    return (
      <Alert color="yellow" title={t('status.unavailableTitle')} data-testid="who-unavailable">
        {t('status.unavailable', { howToFill: status.data?.howToFill ?? t('status.howToFill') })}
      </Alert>
    );
  }

  const useWho = () => {
    chooseWhoWithIndicators(selected);
    notify.success(selected.length > 0 ? t('selection.saved', { count: selected.length }) : t('selection.savedAll'));
    navigate('/home');
  };
  const shown = matches.slice(0, MAX_ROWS);

  return (
    <Stack gap="md">
      {status.data && (
        <Text size="sm" c="dimmed">
          {t('status.source', { indicators: status.data.indicators, countries: status.data.countries, observations: status.data.observations.toLocaleString() })}
        </Text>
      )}
      <WhoVintageText vintages={status.data?.vintages} prefix={t('status.vintage')} />
      <TextInput label={t('table.search')} placeholder={t('table.searchPlaceholder')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} type="search" />
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" aria-live="polite" data-testid="who-selection-count">
          {t('selection.count', { count: selected.length })} · {t('table.shown', { shown: matches.length, total: indicators.data?.length ?? 0 })}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setSelected((s) => [...new Set([...s, ...shown.map((i) => i.code)])])} disabled={shown.length === 0}>
            {t('selection.selectShown')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setSelected([])} disabled={selected.length === 0}>
            {t('selection.clear')}
          </Button>
          <Button onClick={useWho}>{t('selection.useWho')}</Button>
        </Group>
      </Group>
      {matches.length === 0 ? (
        <Text>{t('table.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="who-indicators">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>{t('table.indicator')}</Table.Th>
                <Table.Th>{t('table.years')}</Table.Th>
                <Table.Th>{t('table.regions')}</Table.Th>
                <Table.Th>{t('table.dimensions')}</Table.Th>
                <Table.Th>{t('table.coverage')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((indicator) => (
                <Table.Tr key={indicator.code} data-code={indicator.code}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('table.select', { code: indicator.code })}
                      checked={selected.includes(indicator.code)}
                      // An indicator without values cannot inform a model.
                      disabled={indicator.coverage.observations === 0 && !selected.includes(indicator.code)}
                      onChange={() => setSelected((s) => toggleCode(s, indicator.code))}
                    />
                  </Table.Td>
                  <Table.Td style={{ minWidth: 200 }}>
                    <Text size="sm" fw={500}>
                      {indicator.indicator}
                    </Text>
                    <Text size="xs" ff="monospace" c="dimmed">
                      {indicator.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>{describeYears(indicator.years) || t('table.noData')}</Table.Td>
                  <Table.Td>
                    <Tooltip label={indicator.regions.join(', ') || t('table.none')} multiline maw={280}>
                      <Text size="sm">{indicator.regions.length}</Text>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {indicator.dimensions.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('table.none')}
                        </Text>
                      ) : (
                        indicator.dimensions.map((dimension) => (
                          <Badge key={dimension} variant="light" size="sm" tt="none" title={dimension}>
                            {dimensionLabel(dimension, t)}
                          </Badge>
                        ))
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {indicator.coverage.observations === 0
                      ? t('table.noData')
                      : t(indicator.coverage.years === 1 ? 'table.coverageDetailOneYear' : 'table.coverageDetail', {
                          countries: indicator.coverage.countries,
                          years: indicator.coverage.years,
                          percent: Math.round(indicator.coverage.fill * 100),
                        })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
