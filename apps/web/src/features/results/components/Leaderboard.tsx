import { useMemo, useState } from 'react';
import { Badge, Group, Paper, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { validationMethod, type AutoMLResults, type RuleAlgorithm } from '@indicata/contracts';
import { leaderboardRows, sortLeaderboard, type LeaderboardRow, type LeaderboardSortKey } from '../leaderboard.ts';
import { formatCell, formatDecimal } from '../format.ts';
import { paginate } from '../pagination.ts';
import { PaginationControls } from './PaginationControls.tsx';

type Sort = { key: LeaderboardSortKey; direction: 'asc' | 'desc' };

/** Settings in words: "neighbours 5 · weighting uniform · distance power p 2". */
function useReadableParams() {
  const { t, i18n } = useTranslation('results');
  return (row: LeaderboardRow): string => {
    const value = (v: unknown) => (v === null ? t('leaderboard.none') : v === true ? t('leaderboard.yes') : v === false ? t('leaderboard.no') : formatCell(v));
    const name = (key: string) => (i18n.exists(`results:leaderboard.params.${key}`) ? t(`leaderboard.params.${key}`) : key);
    return Object.entries(row.params)
      .map(([key, v]) => (row.family === 'Ensemble' ? `${key} ${formatCell(v)}` : `${name(key)} ${value(v)}`))
      .join(' · ');
  };
}

/** The leaderboard: every candidate of every family, sortable, 20 rows a page. */
export function Leaderboard({ results }: { results: AutoMLResults }) {
  const { t, i18n } = useTranslation('results');
  const all = useMemo(() => leaderboardRows(results), [results]);
  const [sort, setSort] = useState<Sort>({ key: 'validationScore', direction: 'desc' });
  const [page, setPage] = useState(1);
  const readable = useReadableParams();
  const sorted = useMemo(() => sortLeaderboard(all, sort.key, sort.direction), [all, sort]);
  const current = paginate(sorted, page);
  const seconds = (value: number | null) => (value === null ? t('leaderboard.notRecorded') : t('leaderboard.seconds', { value: formatDecimal(value, value < 10 ? 2 : 1) }));
  const scaler = (value: string | null) => (value === null ? '' : i18n.exists(`results:leaderboard.scalers.${value}`) ? t(`leaderboard.scalers.${value}`) : value);

  const header = (key: LeaderboardSortKey | null, label: string, numeric = false) => {
    const active = key !== null && sort.key === key;
    const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
    return (
      <Table.Th key={label} aria-sort={ariaSort} style={numeric ? { textAlign: 'right' } : undefined}>
        {key ? (
          <UnstyledButton
            fz="sm"
            fw={700}
            aria-label={t('leaderboard.sortBy', { column: label })}
            onClick={() => {
              setPage(1);
              setSort(active ? { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: key === 'family' || key === 'rank' ? 'asc' : 'desc' });
            }}
          >
            {label}
            <span aria-hidden="true">{active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
          </UnstyledButton>
        ) : (
          label
        )}
      </Table.Th>
    );
  };

  return (
    <section aria-label={t('sections.leaderboard')} data-testid="leaderboard">
      <Text size="sm" c="dimmed" mb="xs">
        {t(validationMethod(results) === 'random' ? 'leaderboard.descriptionRandom' : 'leaderboard.description')}
      </Text>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing={6} horizontalSpacing="sm" fz="sm">
            <Table.Thead>
              <Table.Tr>
                {header('family', t('leaderboard.columns.family'))}
                {header('rank', t('leaderboard.columns.rank'), true)}
                {header('validationScore', t('leaderboard.columns.validation'), true)}
                {header('foldsScored', t('leaderboard.columns.folds'), true)}
                {header('fitSeconds', t('leaderboard.columns.fit'), true)}
                {header('predictSeconds', t('leaderboard.columns.predict'), true)}
                {header(null, t('leaderboard.columns.params'))}
                {header(null, t('leaderboard.columns.scaler'))}
                {header('testMacroF1', t('leaderboard.columns.test'), true)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.rows.map((row) => (
                <Table.Tr key={row.key} data-family={row.family} data-finalist={row.finalist} data-rule={row.rule}>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      <Text span size="sm" fw={row.finalist ? 700 : 400}>
                        {row.family}
                      </Text>
                      {row.chosen && (
                        <Badge size="xs" variant="filled" color="cyan.9">
                          {t('leaderboard.chosen')}
                        </Badge>
                      )}
                      {row.rule && !row.chosen && (
                        <Badge size="xs" variant="outline" color="gray.8">
                          {t('leaderboard.rule')}
                        </Badge>
                      )}
                      {row.finalist && !row.chosen && !row.rule && (
                        <Badge size="xs" variant="outline" color="gray.8">
                          {t('leaderboard.finalist')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{row.rank}</Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatDecimal(row.validationScore, 4)} ± {formatDecimal(row.validationSd, 4)}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{row.foldsScored ?? ''}</Table.Td>
                  {/* A rule has nothing to fit and answers by a lookup: "not recorded" would suggest a timing lost. */}
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{row.rule && row.fitSeconds === null ? t('leaderboard.nothingFitted') : seconds(row.fitSeconds)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{row.rule && row.predictSeconds === null ? '—' : seconds(row.predictSeconds)}</Table.Td>
                  {/* The settings are the longest text of a row: a narrow column stacked them ten lines high. */}
                  <Table.Td style={{ minWidth: '12rem' }}>
                    <Text span size="xs">
                      {row.rule ? t(`leaderboard.rules.${row.family as RuleAlgorithm}`) : readable(row)}
                    </Text>
                    {row.inputs === 'indicators+history' && (
                      <Text span size="xs" c="dimmed">
                        {' · '}
                        {t('leaderboard.historyInputs')}
                      </Text>
                    )}
                    {row.candidates > 1 && (
                      <Text size="xs" c="dimmed">
                        {t('leaderboard.twins', { count: row.candidates })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text span size="xs">
                      {scaler(row.scaler)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{row.testMacroF1 === null ? '' : formatDecimal(row.testMacroF1, 4)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <PaginationControls page={current.page} pageCount={current.pageCount} onChange={setPage} />
    </section>
  );
}
