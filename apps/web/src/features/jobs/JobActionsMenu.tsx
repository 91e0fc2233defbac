import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isFinishedStatus, type JobListItem } from '@indicata/contracts';
import { isDemoUser, useCurrentUser } from '../auth/useCurrentUser.ts';
import { useJobActions } from './useJobActions.ts';
import { replayBundleUrl } from './jobsApi.ts';

const DotsIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable={false}>
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </svg>
);

/**
 * A job's actions: cancel (pending or running), re-run, rerun exactly and the replay bundle (finished jobs), clone,
 * delete. The read-only demo sees none.
 * @param onDeleted called after the job was deleted (e.g. to leave its detail page)
 */
export function JobActionsMenu({ job, onDeleted }: { job: Pick<JobListItem, 'id' | 'name' | 'status'>; onDeleted?: () => void }) {
  const { t } = useTranslation('jobs');
  const { data: user } = useCurrentUser();
  const actions = useJobActions();
  if (isDemoUser(user)) return null;
  const running = !isFinishedStatus(job.status);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('actions.menu', { name: job.name })}
          data-testid="job-actions"
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {running && <Menu.Item onClick={() => void actions.cancel(job)}>{t('actions.cancel')}</Menu.Item>}
        <Menu.Item onClick={() => void actions.rerun(job)}>{t('actions.rerun')}</Menu.Item>
        {job.status === 'done' && (
          <>
            <Menu.Item onClick={() => void actions.rerunExactly(job)}>{t('actions.rerunExact')}</Menu.Item>
            <Menu.Item component="a" href={replayBundleUrl(job.id)} download>
              {t('actions.bundle')}
            </Menu.Item>
          </>
        )}
        <Menu.Item onClick={() => void actions.clone(job)}>{t('actions.clone')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void actions.remove(job, onDeleted)}>
          {t('actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
