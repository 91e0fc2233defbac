import { Badge, Progress, Stack, Text } from '@mantine/core';
import { displayStatus, type JobListItem } from '@indicata/contracts';
import { useTranslation } from 'react-i18next';

const STATUS_STYLE = {
  Done: { color: 'teal', variant: 'filled' },
  Pending: { color: 'yellow', variant: 'light' },
  Running: { color: 'blue', variant: 'light' },
  Error: { color: 'red', variant: 'filled' },
  Cancelled: { color: 'gray', variant: 'light' },
} as const;

/** Pending / Running / Done / Error / Cancelled in distinct styles; a running job shows its progress. */
export function StatusBadge({ job, showProgress = true }: { job: Pick<JobListItem, 'status' | 'progress' | 'name'>; showProgress?: boolean }) {
  const { t } = useTranslation('results');
  const label = displayStatus(job.status);
  const style = STATUS_STYLE[label];
  const badge = (
    <Badge color={style.color} variant={style.variant} radius="sm" data-status={label}>
      {t(`status.${label}`)}
    </Badge>
  );
  if (!showProgress || job.status !== 'running' || !job.progress) return badge;
  const percent = Math.round(Math.min(1, Math.max(0, job.progress.fraction)) * 100);
  return (
    <Stack gap={4} maw={220}>
      {badge}
      <Progress value={percent} size="sm" aria-label={t('list.progress', { name: job.name })} animated />
      <Text size="xs" c="dimmed" lineClamp={1}>
        {job.progress.message}
      </Text>
    </Stack>
  );
}
