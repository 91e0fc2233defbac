import { Alert, Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { displayStatus, resultIndicatorNames, WHO_DATABASE, type IndicatorNames } from '@indicata/contracts';
import { fetchJob, jobQueryKey, useLiveJobUpdates } from '../results/resultsApi.ts';
import { LoadingDots } from '../results/components/LoadingDots.tsx';
import { useWhoLabels } from '../who/api.ts';
import { configDifferences, displayedConfig, scoreRows, settingLabel, type ComparedJob, type ScoreRow } from './compare.ts';
import { formatDecimal } from '../results/format.ts';
import { useReaderLocale } from '../../lib/i18n.ts';

const formatScore = (value: number | string | null, none: string) =>
  value === null ? none : typeof value === 'number' ? formatDecimal(value, 4) : value;

/**
 * A job's indicator names: those stored with its results, else for a WHO job the catalog's (a job finished before
 * names were stored), none for an upload (its columns are names already).
 */
function namesOf(job: ComparedJob, catalog: IndicatorNames | undefined): IndicatorNames {
  const stored = resultIndicatorNames(job.results);
  if (Object.keys(stored).length > 0) return stored;
  return job.data?.database === WHO_DATABASE ? (catalog ?? {}) : {};
}

/**
 * Two or more of the user's jobs side by side: their scores, then the settings in which they differ, by their labels,
 * with indicators by their names.
 */
export function CompareJobs({ ids }: { ids: string[] }) {
  const { t } = useTranslation('jobs');
  const locale = useReaderLocale();
  useLiveJobUpdates();
  const queries = useQueries({ queries: ids.map((id) => ({ queryKey: jobQueryKey(id), queryFn: ({ signal }) => fetchJob(id, signal) })) });
  const catalog = useWhoLabels(queries.some((q) => q.data?.data?.database === WHO_DATABASE && Object.keys(resultIndicatorNames(q.data.results)).length === 0));

  const back = (
    <Anchor component={Link} to="/home?tab=results">
      {t('compare.back')}
    </Anchor>
  );
  const frame = (body: ReactNode) => (
    <Stack gap="lg">
      {back}
      <Title order={1}>{t('compare.title')}</Title>
      {body}
    </Stack>
  );
  if (ids.length < 2) return frame(<Text>{t('compare.needTwo')}</Text>);
  if (queries.some((q) => q.isPending)) return frame(<LoadingDots text={t('compare.loading')} />);
  if (queries.some((q) => q.isError)) return frame(<Alert color="red">{t('compare.missing')}</Alert>);

  const jobs: ComparedJob[] = queries.map((q) => q.data!).map((job) => ({ id: job.id, name: job.name, status: job.status, data: job.data, results: job.results }));
  const none = t('compare.none');
  const scoreLabel = (row: ScoreRow) =>
    row.key === 'familyTestF1'
      ? t('compare.familyTestF1', { family: row.family })
      : row.key === 'baselineTestF1'
        ? t('compare.familyTestF1', { family: t(`results:tables.baselineNames.${row.baseline}`) })
        : t(`compare.${row.key}`);
  const differences = configDifferences(
    jobs.map((job) => ({ data: displayedConfig(job.data, namesOf(job, catalog.data), t, locale) })),
    none,
  );
  const header = (first: string) => (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{first}</Table.Th>
        {jobs.map((job) => (
          <Table.Th scope="col" key={job.id}>
            {job.name}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );

  return frame(
    <>
      <section aria-labelledby="compare-scores">
        <Title order={2} size="h3" id="compare-scores" mb="sm">
          {t('compare.scores')}
        </Title>
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={200 + jobs.length * 160}>
            <Table data-testid="compare-scores" verticalSpacing="xs">
              {header(t('compare.metric'))}
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">{t('compare.status')}</Table.Th>
                  {jobs.map((job) => (
                    <Table.Td key={job.id}>{t(`results:status.${displayStatus(job.status)}`)}</Table.Td>
                  ))}
                </Table.Tr>
                {scoreRows(jobs).map((row) => (
                  <Table.Tr key={`${row.key}-${row.family ?? ''}`}>
                    <Table.Th scope="row">{scoreLabel(row)}</Table.Th>
                    {row.values.map((value, i) => (
                      <Table.Td key={jobs[i].id} style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {jobs[i].results ? formatScore(value, none) : t('compare.notFinished')}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </section>
      <section aria-labelledby="compare-differences">
        <Title order={2} size="h3" id="compare-differences" mb="sm">
          {t('compare.differences')}
        </Title>
        {differences.length === 0 ? (
          <Text data-testid="compare-no-differences">{t('compare.noDifferences')}</Text>
        ) : (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={200 + jobs.length * 160}>
              <Table data-testid="compare-differences" verticalSpacing="xs">
                {header(t('compare.setting'))}
                <Table.Tbody>
                  {differences.map((row) => (
                    <Table.Tr key={row.setting}>
                      <Table.Th scope="row" style={{ fontWeight: 500 }}>
                        {settingLabel(row.setting, t)}
                      </Table.Th>
                      {row.values.map((value, i) => (
                        <Table.Td key={jobs[i].id} style={{ overflowWrap: 'anywhere' }}>
                          {value}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </section>
    </>,
  );
}
