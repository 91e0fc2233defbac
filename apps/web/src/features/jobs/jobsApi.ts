import type { JobListItem } from '@indicata/contracts';
import { api } from '../../lib/api.ts';

const jobPath = (id: string) => `/api/jobs/${encodeURIComponent(id)}`;

/** POST /api/jobs/:id/cancel: stops a pending or running job. */
export const cancelJobRequest = async (id: string): Promise<JobListItem> =>
  (await api.post<{ job: JobListItem }>(`${jobPath(id)}/cancel`, {})).job;

/** DELETE /api/jobs/:id: removes the job with its stored files. */
export const deleteJobRequest = (id: string): Promise<void> => api.del(jobPath(id));

/** POST /api/jobs/:id/rerun: queues the same configuration with the same seed under `name`. */
export const rerunJobRequest = async (id: string, name: string): Promise<JobListItem> =>
  (await api.post<{ job: JobListItem }>(`${jobPath(id)}/rerun`, { name })).job;
