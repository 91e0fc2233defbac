import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayStatus, isFinishedStatus } from '@indicata/contracts';
import { fetchJob, jobQueryKey } from '../features/results/resultsApi.ts';
import { TargetSummary } from '../features/wizard/components/TargetSummary.tsx';
import { WizardPage } from '../features/wizard/components/WizardPage.tsx';
import { REQUEST_RESULT_COLUMNS, formatRequestCell } from '../features/wizard/request-results.ts';
import { useWizard } from '../features/wizard/state.ts';
import { useSubmitRequest } from '../features/wizard/useSubmitRequest.ts';

/** Route /adddata ("Confirm submission"): send the current request and follow its results here. */
export default function AddDataPage() {
  const { t } = useTranslation('wizard');
  const { state } = useWizard();
  const { submit: send, sending } = useSubmitRequest('confirmScreenAdded');
  const job = useQuery({
    queryKey: jobQueryKey(state.lastJobId ?? ''),
    queryFn: ({ signal }) => fetchJob(state.lastJobId ?? '', signal),
    enabled: state.lastJobId !== null,
    // A request still in the queue is polled, so its results appear here without a reload.
    refetchInterval: (query) => (query.state.data && !isFinishedStatus(query.state.data.status) ? 5000 : false),
  });

  const rows = job.data?.results?.summary ?? [];

  return (
    <WizardPage title={t('common:routes.adddata')} intro={t('confirmScreen.intro')}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('name.label')}
            </Text>
            <Text fw={650}>{state.name || '—'}</Text>
          </Stack>
          <TargetSummary state={state} />
          {sending ? (
            <Center role="status" px="lg">
              <Loader size="sm" aria-label={t('run.sending')} />
            </Center>
          ) : (
            <Button onClick={() => void send()}>{t('confirmScreen.send')}</Button>
          )}
        </Group>

        <Stack gap="xs">
          <Group gap="sm">
            <Title order={2} size="h4">
              {t('confirmScreen.results')}
            </Title>
            {/* The request these results belong to: the name above is already the next request's. */}
            {job.data && (
              <Text size="sm" fw={600} data-testid="request-results-name">
                {job.data.name}
              </Text>
            )}
            {job.data && <Badge variant="light">{t('confirmScreen.status', { status: displayStatus(job.data.status) })}</Badge>}
          </Group>
          {!state.lastJobId && (
            <Text size="sm" c="dimmed">
              {t('confirmScreen.noRequest')}
            </Text>
          )}
          {state.lastJobId && rows.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('confirmScreen.waiting')}
            </Text>
          )}
          {rows.length > 0 && (
            <Table.ScrollContainer minWidth={900}>
              <Table striped withTableBorder data-testid="request-results">
                <Table.Thead>
                  <Table.Tr>
                    {REQUEST_RESULT_COLUMNS.map((column) => (
                      <Table.Th key={column}>{t(`confirmScreen.columns.${column}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, index) => (
                    <Table.Tr key={index}>
                      {REQUEST_RESULT_COLUMNS.map((column) => (
                        <Table.Td key={column}>{formatRequestCell(row, column)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
    </WizardPage>
  );
}
