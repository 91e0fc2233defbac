import { createJobRequestSchema, MESSAGES, runAutoMLChecks, type JobListItem, type MessageKey, type ReportLocale } from '@indicata/contracts';
import { api } from '../../lib/api.ts';
import { buildJobData } from './build-job-data.ts';
import type { WizardState } from './state.ts';

export type PreparedJob =
  | { ok: true; request: { name: string; data: ReturnType<typeof buildJobData> } }
  /** A Run AutoML check failed: its message. */
  | { ok: false; message: MessageKey }
  /** Models on manual with none added. */
  | { ok: false; noModels: true }
  /** Another schema problem (a value the pages should have refused). */
  | { ok: false; detail: string };

/**
 * Builds the request and runs the Run AutoML checks (spec section 5, in order), then the schema.
 * @param state the wizard state
 * @param locale the interface language (the report's and the e-mail's)
 */
export function prepareJob(state: WizardState, locale: ReportLocale = 'en'): PreparedJob {
  const data = buildJobData(state, locale);
  const failed = runAutoMLChecks(data, state.name);
  if (failed) return { ok: false, message: failed };
  if (data.MLAlgorithms.length === 0) return { ok: false, noModels: true };
  const parsed = createJobRequestSchema.safeParse({ name: state.name, data });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, detail: `${issue.path.join('.')}: ${issue.message}` };
  }
  return { ok: true, request: { name: state.name.trim(), data } };
}

/** POST /api/jobs; logs a failure the way the spec names it, then rethrows for the caller to show. */
export async function submitJob(request: { name: string; data: unknown }): Promise<JobListItem> {
  try {
    const { job } = await api.post<{ job: JobListItem }>('/api/jobs', request);
    return job;
  } catch (error) {
    console.error(MESSAGES.logSubmitFailed, error);
    throw error;
  }
}
