import { useState, type KeyboardEvent } from 'react';
import { Anchor, Box, Button, Checkbox, Group, Paper, Stack, Table, Text, VisuallyHidden, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, type JobListItem } from '@indicata/contracts';
import { useJobsPage } from './resultsApi.ts';
import { databaseLabel, formatJobDate } from './format.ts';
import { LoadingDots } from './components/LoadingDots.tsx';
import { StatusBadge } from './components/StatusBadge.tsx';
import { PaginationControls } from './components/PaginationControls.tsx';
import { JobActionsMenu } from '../jobs/JobActionsMenu.tsx';
import { comparePath } from '../jobs/compare.ts';

/** The path of a job's result detail. */
export const resultDetailPath = (id: string) => `/results?id=${encodeURIComponent(id)}`;

/**
 * The Results tab of Home: the user's jobs, newest first, a page at a time from the server, live through SSE. A
 * table on wide windows, one card per job on phones; each job can be ticked for the compare view and has its
 * actions menu.
 */
export default function ResultsTab() {
  const { t } = useTranslation('results');
  const { t: tJobs } = useTranslation('jobs');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  // Phones get one card per job (no sideways scrolling); one layout is rendered, not both hidden by CSS.
  const phone = useMediaQuery(`(max-width: ${em(767.98)})`) ?? false;
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
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(job);
    }
  };
  const chosen = selected.filter((id) => list.some((job) => job.id === id));
  const toggle = (id: string, on: boolean) => setSelected((ids) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));
  const selectBox = (job: JobListItem) => (
    <Checkbox
      aria-label={tJobs('actions.select', { name: job.name })}
      checked={chosen.includes(job.id)}
      onChange={(event) => toggle(job.id, event.currentTarget.checked)}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      data-testid="compare-select"
    />
  );
  const date = (job: JobListItem) => formatJobDate(job.createdAt || job.currentTime);

  return (
    <div>
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          {tJobs('actions.compareHint')}
        </Text>
        <Button variant="light" size="sm" disabled={chosen.length < 2} onClick={() => navigate(comparePath(chosen))} data-testid="compare-selected">
          {tJobs('actions.compare', { count: chosen.length })}
        </Button>
      </Group>
      {!phone && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" data-testid="results-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <VisuallyHidden>{tJobs('actions.selectColumn')}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>{t('list.name')}</Table.Th>
                  <Table.Th>{t('list.date')}</Table.Th>
                  <Table.Th>{t('list.database')}</Table.Th>
                  <Table.Th>{t('list.status')}</Table.Th>
                  <Table.Th w={56}>
                    <VisuallyHidden>{tJobs('actions.column')}</VisuallyHidden>
                  </Table.Th>
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
                    <Table.Td>{selectBox(job)}</Table.Td>
                    <Table.Td fw={500}>{job.name}</Table.Td>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{date(job)}</Table.Td>
                    <Table.Td>{databaseLabel(job.database)}</Table.Td>
                    <Table.Td>
                      <StatusBadge job={job} />
                    </Table.Td>
                    <Table.Td>
                      <JobActionsMenu job={job} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {phone && (
      <Stack gap="sm" data-testid="results-cards">
        {current.rows.map((job) => (
          <Paper key={job.id} withBorder radius="md" p="sm" data-job-card={job.id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Group wrap="nowrap" align="flex-start" gap="sm" style={{ minWidth: 0 }}>
                {selectBox(job)}
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={resultDetailPath(job.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {job.name}
                  </Anchor>
                  <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {date(job)} · {databaseLabel(job.database)}
                  </Text>
                </Stack>
              </Group>
              <JobActionsMenu job={job} />
            </Group>
            <Box mt="xs">
              <StatusBadge job={job} />
            </Box>
          </Paper>
        ))}
      </Stack>
      )}
      <PaginationControls page={current.page} pageCount={current.pageCount} onChange={setPage} />
    </div>
  );
}
