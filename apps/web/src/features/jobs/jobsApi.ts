import { IDEMPOTENCY_KEY_HEADER, type JobListItem } from '@indicata/contracts';
import { api } from '../../lib/api.ts';
import { SubmissionKeys } from '../wizard/submit.ts';

const jobPath = (id: string) => `/api/jobs/${encodeURIComponent(id)}`;

/** GET /api/jobs/:id/bundle: the job's replay bundle (a download, for `npm run automl -- --replay FILE`). */
export const replayBundleUrl = (id: string) => `${jobPath(id)}/bundle`;

/** POST /api/jobs/:id/cancel: stops a pending or running job. */
export const cancelJobRequest = async (id: string): Promise<JobListItem> =>
  (await api.post<{ job: JobListItem }>(`${jobPath(id)}/cancel`, {})).job;

/** DELETE /api/jobs/:id: removes the job with its stored files. */
export const deleteJobRequest = (id: string): Promise<void> => api.del(jobPath(id));

/** One key per re-run until it is queued, shared by every job menu of the page (a click may remount the menu). */
const rerunKeys = new SubmissionKeys();

/**
 * POST /api/jobs/:id/rerun: queues the same configuration with the same seed under `name`. A second click while the
 * first is on its way, or a retry after a lost answer, sends the same Idempotency-Key, so the server queues one job
 * and answers both with it; once queued, the next re-run is another job.
 */
export async function rerunJobRequest(id: string, name: string, exact = false): Promise<JobListItem> {
  const key = rerunKeys.keyFor({ id, name, exact });
  const body = exact ? { name, exact } : { name };
  const { job } = await api.post<{ job: JobListItem }>(`${jobPath(id)}/rerun`, body, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
  rerunKeys.queued();
  return job;
}
