import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  JOB_EVENT,
  jobListItemSchema,
  type AutoMLResults,
  type JobData,
  type JobListItem,
} from '@indicata/contracts';
import type { JobReport } from '@indicata/contracts/report';
import { api, apiUrl } from '../../lib/api.ts';
import { EVENTS_RECONNECTED, useServerEvent } from '../../lib/events.ts';

/** GET /api/jobs/:id: the list item plus the stored configuration, results and report. */
export type JobDetail = JobListItem & { data: JobData; results: AutoMLResults | null; report: JobReport | null };

export const jobsQueryKey = ['jobs'] as const;
export const jobQueryKey = (id: string) => ['jobs', id] as const;

export const fetchJobs = async (): Promise<JobListItem[]> => (await api.get<{ jobs: JobListItem[] }>('/api/jobs')).jobs;
export const fetchJob = async (id: string): Promise<JobDetail> =>
  (await api.get<{ job: JobDetail }>(`/api/jobs/${encodeURIComponent(id)}`)).job;
/** "Download models": the job's one zip (models, ensemble, results JSON, predictions CSV, README), served by the server. */
export const archiveUrl = (id: string): string => apiUrl(`/api/jobs/${encodeURIComponent(id)}/archive`);

/** Puts a changed job into the cached list (newest first), or adds it when it is new. */
export function mergeJobIntoList(list: readonly JobListItem[] | undefined, job: JobListItem): JobListItem[] | undefined {
  if (!list) return list;
  const index = list.findIndex((item) => item.id === job.id);
  if (index < 0) return [job, ...list];
  const next = [...list];
  next[index] = job;
  return next;
}

/**
 * Keeps the jobs cache live: each SSE `job` event updates the list in place and refreshes that job's
 * detail once it has finished; after a dropped stream everything is refetched (events may be lost).
 */
export function useLiveJobUpdates(): void {
  const queryClient = useQueryClient();
  useServerEvent(JOB_EVENT, (data) => {
    const parsed = jobListItemSchema.safeParse(data);
    if (!parsed.success) return;
    const job = parsed.data;
    queryClient.setQueryData<JobListItem[]>(jobsQueryKey, (list) => mergeJobIntoList(list, job));
    queryClient.setQueryData<JobDetail>(jobQueryKey(job.id), (detail) => (detail ? { ...detail, ...job } : detail));
    if (job.status === 'done' || job.status === 'error') {
      void queryClient.invalidateQueries({ queryKey: jobQueryKey(job.id), exact: true });
    }
  });
  useServerEvent(EVENTS_RECONNECTED, () => {
    void queryClient.invalidateQueries({ queryKey: jobsQueryKey });
  });
}

export function useJobs() {
  useLiveJobUpdates();
  return useQuery({ queryKey: jobsQueryKey, queryFn: fetchJobs });
}

export function useJob(id: string | null, enabled = true) {
  return useQuery({ queryKey: jobQueryKey(id ?? ''), queryFn: () => fetchJob(id ?? ''), enabled: enabled && !!id });
}
