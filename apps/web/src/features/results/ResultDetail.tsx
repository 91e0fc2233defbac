import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useJob, useLiveJobUpdates } from './resultsApi.ts';
import { formatJobDate } from './format.ts';
import { StatusBadge } from './components/StatusBadge.tsx';
import { ConfigurationSection } from './components/ConfigurationSection.tsx';
import { ReportSections } from './components/ReportSections.tsx';
import { FinalResults } from './components/FinalResults.tsx';
import { Verdict } from './components/Verdict.tsx';
import { WhoVintageText } from '../who/WhoVintageText.tsx';
import { JobActionsMenu } from '../jobs/JobActionsMenu.tsx';
import { useIndicatorNames } from './useIndicatorNames.ts';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * The result detail of one job (route /results?id=<jobId>): the spec's header (heading, Name, Request Date, Status),
 * then the verdict, which answers the researcher's question first, then the spec's sections in the spec's order
 * (AutoML Configurations, the report, "Final results").
 */
export function ResultDetail({ jobId }: { jobId: string | null }) {
  const { t } = useTranslation('results');
  const navigate = useNavigate();
  useLiveJobUpdates();
  const job = useJob(jobId);
  const names = useIndicatorNames(job.data);
  if (job.isError) console.error('Failed to read the result details', job.error);

  const back = (
    <Button variant="default" onClick={() => navigate('/home?tab=results')}>
      {t('detail.back')}
    </Button>
  );

  let body: React.ReactNode;
  if (!jobId) {
    body = <Text c="dimmed">{t('detail.noJob')}</Text>;
  } else if (job.isPending) {
    body = <Text c="dimmed">{t('detail.loading')}</Text>;
  } else if (!job.data) {
    body = <Text c="dimmed">{t('detail.noDetails')}</Text>;
  } else {
    const detail = job.data;
    const pending = detail.status === 'pending' || detail.status === 'running';
    const finished = !pending && detail.status !== 'cancelled' && detail.status !== 'error' && detail.results ? detail.results : null;
    body = (
      <Stack gap="xl">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Field label={t('detail.name')}>{detail.name}</Field>
            <Field label={t('detail.requestDate')}>{formatJobDate(detail.createdAt || detail.currentTime)}</Field>
            <Field label={t('detail.status')}>
              <StatusBadge job={detail} showProgress={false} />
            </Field>
          </SimpleGrid>
        </Paper>
        {finished && <Verdict results={finished} />}
        <ConfigurationSection jobId={detail.id} />
        {pending ? (
          <Stack gap="xs" data-testid="detail-pending">
            <Text>{t('detail.stillProcessing')}</Text>
            {detail.progress && (
              <>
                <Progress value={Math.round(detail.progress.fraction * 100)} animated aria-label={detail.progress.message} />
                <Text size="sm" c="dimmed">
                  {detail.progress.message}
                </Text>
              </>
            )}
          </Stack>
        ) : detail.status === 'cancelled' ? (
          // Cancelled by its owner: nothing went wrong, so not the spec's "Possible error encountered".
          <Alert color="gray" variant="light" radius="md" data-testid="detail-cancelled">
            <Text>{t('detail.cancelled')}</Text>
          </Alert>
        ) : detail.status === 'error' || !detail.results ? (
          <Alert color="red" variant="light" radius="md" data-testid="detail-missing">
            <Text>{t('detail.noDetails')}</Text>
            {detail.errorMessage && (
              <Text size="sm" mt={4}>
                {t('detail.errorReason', { reason: detail.errorMessage })}
              </Text>
            )}
          </Alert>
        ) : (
          <>
            <WhoVintageText vintages={detail.results.whoVintages} prefix={t('detail.whoVintage')} />
            <ReportSections jobId={detail.id} report={detail.report} />
            <FinalResults jobId={detail.id} results={detail.results} database={detail.database} names={names} />
          </>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="result-detail">
      <Group justify="space-between">
        <Group gap="md">
          {back}
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t('detail.heading')}
          </Title>
        </Group>
        {/* Cancel, re-run, clone and delete here too: a cancelled job's detail points to them. */}
        {job.data && <JobActionsMenu job={job.data} onDeleted={() => navigate('/home?tab=results')} />}
      </Group>
      {body}
    </Stack>
  );
}
