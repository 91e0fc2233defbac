import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  JOB_DELETED_EVENT,
  JOB_EVENT,
  LIMITS,
  type JobListResponse,
  isFinishedStatus,
  jobListItemSchema,
  type AutoMLResults,
  type JobStatus,
  type JobData,
  type JobListItem,
} from '@indicata/contracts';
import type { JobReport, ReportLocale } from '@indicata/contracts/report';
import { api, apiUrl } from '../../lib/api.ts';
import { EVENTS_RECONNECTED, useServerEvent } from '../../lib/events.ts';

/** GET /api/jobs/:id: the list item plus the stored configuration, results and report. */
export type JobDetail = JobListItem & { data: JobData; results: AutoMLResults | null; report: JobReport | null };

export const jobsQueryKey = ['jobs'] as const;
export const jobQueryKey = (id: string) => ['jobs', id] as const;

/** The key of one page of the list (under jobsQueryKey, so invalidating ['jobs'] refetches every page). */
export const jobsPageQueryKey = (page: number) => ['jobs', 'page', page] as const;
const jobsPagesKey = ['jobs', 'page'] as const;

/** One page of the caller's jobs (summaries, newest first), LIMITS.resultsRowsPerPage at a time. */
export const fetchJobsPage = async (page: number, signal?: AbortSignal): Promise<JobListResponse> =>
  api.get<JobListResponse>(`/api/jobs?page=${page}&size=${LIMITS.resultsRowsPerPage}`, { signal });
export const fetchJob = async (id: string, signal?: AbortSignal): Promise<JobDetail> =>
  (await api.get<{ job: JobDetail }>(`/api/jobs/${encodeURIComponent(id)}`, { signal })).job;
/** The built-in analyst's report of a finished job, written by the server in the reader's language. */
export const fetchBuiltinReport = async (id: string, locale: ReportLocale, signal?: AbortSignal): Promise<JobReport> =>
  (await api.get<{ report: JobReport }>(`/api/jobs/${encodeURIComponent(id)}/report?locale=${encodeURIComponent(locale)}`, { signal })).report;
/** "Download models": the job's one zip (models, ensemble, results JSON, predictions CSV, README), served by the server. */
export const archiveUrl = (id: string): string => apiUrl(`/api/jobs/${encodeURIComponent(id)}/archive`);

/** Puts a changed job into a cached page when it is there; undefined when the page does not hold it. */
export function replaceJobInPage(page: JobListResponse | undefined, job: JobListItem): JobListResponse | undefined {
  if (!page) return page;
  const index = page.jobs.findIndex((item) => item.id === job.id);
  if (index < 0) return undefined;
  const jobs = [...page.jobs];
  jobs[index] = job;
  return { ...page, jobs };
}

/** A new job on the first page (newest first): prepended, the page kept to its size, the total one more. */
export function prependJobToFirstPage(page: JobListResponse | undefined, job: JobListItem): JobListResponse | undefined {
  if (!page) return page;
  return { ...page, jobs: [job, ...page.jobs].slice(0, page.size), total: page.total + 1 };
}

/** Puts a new or changed job into the cached pages: in place where a page holds it, else at the top of page 1. */
export function putJobInPages(queryClient: QueryClient, job: JobListItem): void {
  let found = false;
  for (const [key, page] of queryClient.getQueriesData<JobListResponse>({ queryKey: jobsPagesKey })) {
    const next = replaceJobInPage(page, job);
    if (next) {
      found = true;
      queryClient.setQueryData(key, next);
    }
  }
  if (!found) queryClient.setQueryData<JobListResponse>(jobsPageQueryKey(1), (page) => prependJobToFirstPage(page, job));
}

/** Drops a deleted job from the cached pages (their totals and later pages are refetched). */
export function removeJobFromPages(queryClient: QueryClient, id: string): void {
  for (const [key, page] of queryClient.getQueriesData<JobListResponse>({ queryKey: jobsPagesKey })) {
    if (page?.jobs.some((job) => job.id === id)) queryClient.setQueryData(key, { ...page, jobs: page.jobs.filter((job) => job.id !== id), total: Math.max(0, page.total - 1) });
  }
  queryClient.removeQueries({ queryKey: jobQueryKey(id), exact: true });
  void queryClient.invalidateQueries({ queryKey: jobsPagesKey });
}

/** The job's status as the cache knows it (detail first, else a list page), or undefined. */
function knownStatus(queryClient: QueryClient, id: string): JobStatus | undefined {
  const detail = queryClient.getQueryData<JobDetail>(jobQueryKey(id));
  if (detail) return detail.status;
  for (const [, page] of queryClient.getQueriesData<JobListResponse>({ queryKey: jobsPagesKey })) {
    const job = page?.jobs.find((item) => item.id === id);
    if (job) return job.status;
  }
  return undefined;
}

const isActive = (job: Pick<JobListItem, 'status'>) => !isFinishedStatus(job.status);

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
    // A finished job never runs again: a "running" event that arrives after its end (progress published late)
    // must not bring it back. The detail stands for the job when the page has it; else the lists' copy.
    if (!isFinishedStatus(job.status) && isFinishedStatus(knownStatus(queryClient, job.id) ?? job.status)) return;
    putJobInPages(queryClient, job);
    queryClient.setQueryData<JobDetail>(jobQueryKey(job.id), (detail) => (detail ? { ...detail, ...job } : detail));
    if (job.status === 'done' || job.status === 'error' || job.status === 'cancelled') {
      void queryClient.invalidateQueries({ queryKey: jobQueryKey(job.id), exact: true });
    }
  });
  useServerEvent(JOB_DELETED_EVENT, (data) => {
    const id = (data as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    removeJobFromPages(queryClient, id);
  });
  useServerEvent(EVENTS_RECONNECTED, () => {
    void queryClient.invalidateQueries({ queryKey: jobsQueryKey });
  });
}

/**
 * One page of the list, kept live; the previous page stays on screen while the next one loads. While a job on it
 * waits or runs, the page is also asked for every LIMITS.jobStatusPollMs, in case an event was lost.
 */
export function useJobsPage(page: number) {
  useLiveJobUpdates();
  return useQuery({
    queryKey: jobsPageQueryKey(page),
    queryFn: ({ signal }) => fetchJobsPage(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.jobs.some(isActive) ? LIMITS.jobStatusPollMs : false),
  });
}

/** One job with its results, asked for again every LIMITS.jobStatusPollMs while it waits or runs (see useJobsPage). */
export function useJob(id: string | null, enabled = true) {
  return useQuery({
    queryKey: jobQueryKey(id ?? ''),
    queryFn: ({ signal }) => fetchJob(id ?? '', signal),
    enabled: enabled && !!id,
    refetchInterval: (query) => (query.state.data && isActive(query.state.data) ? LIMITS.jobStatusPollMs : false),
  });
}

/**
 * The built-in analyst's report of a finished job in the reader's language, asked for only when needed (the stored
 * report is in another language, or the reader asked for it beside a language model's). A finished job's results never
 * change, so it is not asked for again.
 */
export function useBuiltinReport(id: string | undefined, locale: ReportLocale, enabled: boolean) {
  return useQuery({
    queryKey: [...jobQueryKey(id ?? ''), 'report', locale],
    queryFn: ({ signal }) => fetchBuiltinReport(id ?? '', locale, signal),
    enabled: enabled && !!id,
    staleTime: Infinity,
  });
}
