import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { JobListItem } from '@indicata/contracts';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { confirm, notify } from '../../lib/notify.tsx';
import { fetchJob, jobQueryKey, putJobInPages, removeJobFromPages } from '../results/resultsApi.ts';
import { databaseLabel } from '../results/format.ts';
import { setWizardState } from '../wizard/state.ts';
import { wizardStateFromJob } from '../wizard/clone-job.ts';
import { cancelJobRequest, deleteJobRequest, rerunJobRequest } from './jobsApi.ts';

/** Cancel, delete (both confirmed first), clone into the wizard and re-run, with their messages and cache updates. */
export function useJobActions() {
  const { t } = useTranslation('jobs');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const putInList = (job: JobListItem) => putJobInPages(queryClient, job);
  const fail = (error: unknown) => notify.error(apiErrorText(error, t));

  const cancel = async (job: Pick<JobListItem, 'id' | 'name'>) => {
    const ok = await confirm(t('confirm.cancel', { name: job.name }), {
      title: t('confirm.cancelTitle'),
      confirmLabel: t('confirm.cancelConfirm'),
      cancelLabel: t('confirm.keep'),
    });
    if (!ok) return;
    try {
      const updated = await cancelJobRequest(job.id);
      putInList(updated);
      void queryClient.invalidateQueries({ queryKey: jobQueryKey(job.id), exact: true });
      notify.success(t('messages:jobCancelled'));
    } catch (error) {
      fail(error);
    }
  };

  const remove = async (job: Pick<JobListItem, 'id' | 'name'>, after?: () => void) => {
    const ok = await confirm(t('confirm.delete', { name: job.name }), {
      title: t('confirm.deleteTitle'),
      confirmLabel: t('confirm.deleteConfirm'),
      cancelLabel: t('confirm.keep'),
    });
    if (!ok) return;
    try {
      await deleteJobRequest(job.id);
      removeJobFromPages(queryClient, job.id);
      notify.success(t('messages:jobDeleted'));
      after?.();
    } catch (error) {
      fail(error);
    }
  };

  const rerun = async (job: Pick<JobListItem, 'id' | 'name'>) => {
    try {
      const created = await rerunJobRequest(job.id, t('rerunName', { name: job.name }));
      putInList(created);
      notify.success(t('messages:jobRerunQueued', { name: job.name }));
    } catch (error) {
      fail(error);
    }
  };

  /** Replays the job's recorded search: the same fits, so the same results, whatever the server's load. */
  const rerunExactly = async (job: Pick<JobListItem, 'id' | 'name'>) => {
    try {
      putInList(await rerunJobRequest(job.id, t('rerunExactName', { name: job.name }), true));
      notify.success(t('rerunExactQueued', { name: job.name }));
    } catch (error) {
      fail(error);
    }
  };

  const clone = async (job: Pick<JobListItem, 'id' | 'name'>) => {
    try {
      const detail = await queryClient.fetchQuery({ queryKey: jobQueryKey(job.id), queryFn: () => fetchJob(job.id) });
      setWizardState(wizardStateFromJob(detail.data, t('cloneName', { name: job.name }), databaseLabel(detail.database)));
      notify.info(t('messages:jobClonedIntoWizard'));
      navigate('/home?tab=configure');
    } catch (error) {
      fail(error);
    }
  };

  return { cancel, remove, rerun, rerunExactly, clone };
}
