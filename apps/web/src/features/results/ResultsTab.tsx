import { useState, type KeyboardEvent } from 'react';
import { Paper, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, type JobListItem } from '@indicata/contracts';
import { useJobsPage } from './resultsApi.ts';
import { databaseLabel, formatJobDate } from './format.ts';
import { LoadingDots } from './components/LoadingDots.tsx';
import { StatusBadge } from './components/StatusBadge.tsx';
import { PaginationControls } from './components/PaginationControls.tsx';

/** The path of a job's result detail. */
export const resultDetailPath = (id: string) => `/results?id=${encodeURIComponent(id)}`;

/** The Results tab of Home: the user's jobs, newest first, a page at a time from the server, live through SSE. */
export default function ResultsTab() {
  const { t } = useTranslation('results');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const jobs = useJobsPage(page);

  if (jobs.isPending) return <LoadingDots text={t('list.loading')} />;
  if (jobs.isError) console.error('Failed to read the results', jobs.error);
  const list = jobs.data?.jobs ?? [];
  if (list.length === 0 && page === 1) {
    return (
      <Text c="dimmed" py="md" data-testid="results-empty">
        {t('list.empty')}
      </Text>
    );
  }

  const pageCount = Math.max(1, Math.ceil((jobs.data?.total ?? 0) / LIMITS.resultsRowsPerPage));
  const current = { rows: list, page: Math.min(page, pageCount), pageCount };
  const open = (job: JobListItem) => navigate(resultDetailPath(job.id));
  const onKeyDown = (event: KeyboardEvent, job: JobListItem) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(job);
    }
  };

  return (
    <div>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" data-testid="results-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.name')}</Table.Th>
                <Table.Th>{t('list.date')}</Table.Th>
                <Table.Th>{t('list.database')}</Table.Th>
                <Table.Th>{t('list.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.rows.map((job) => (
                <Table.Tr
                  key={job.id}
                  tabIndex={0}
                  aria-label={t('list.open', { name: job.name })}
                  style={{ cursor: 'pointer' }}
                  onClick={() => open(job)}
                  onKeyDown={(event) => onKeyDown(event, job)}
                  data-job-id={job.id}
                >
                  <Table.Td fw={500}>{job.name}</Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatJobDate(job.createdAt || job.currentTime)}
                  </Table.Td>
                  <Table.Td>{databaseLabel(job.database)}</Table.Td>
                  <Table.Td>
                    <StatusBadge job={job} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <PaginationControls page={current.page} pageCount={current.pageCount} onChange={setPage} />
    </div>
  );
}
