import i18next from 'i18next';
import {
  createJobRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  JOB_LIMITS,
  runAutoMLChecks,
  type JobListItem,
  type MessageKey,
  type ReportLocale,
} from '@indicata/contracts';
import { api } from '../../lib/api.ts';
import { buildJobData } from './build-job-data.ts';
import type { WizardState } from './state.ts';

export type PreparedJob =
  | { ok: true; request: { name: string; data: ReturnType<typeof buildJobData> } }
  /** A Run AutoML check failed: its message. */
  | { ok: false; message: MessageKey }
  /** Models on manual with none added. */
  | { ok: false; noModels: true }
  /** The name is longer than the server takes (shown on the name field). */
  | { ok: false; nameTooLong: NameTooLong }
  /** Another schema problem (a value the pages should have refused). */
  | { ok: false; detail: string };

export interface NameTooLong {
  count: number;
  max: number;
}

/** The job name's length problem, counted as the server counts it (trimmed), or null. */
export function nameTooLong(name: string): NameTooLong | null {
  const count = name.trim().length;
  return count > JOB_LIMITS.nameMaxChars ? { count, max: JOB_LIMITS.nameMaxChars } : null;
}

/**
 * Builds the request and runs the Run AutoML checks (spec section 5, in order), then the schema.
 * @param state the wizard state
 * @param locale the interface language (the report's and the e-mail's)
 */
export function prepareJob(state: WizardState, locale: ReportLocale = 'en'): PreparedJob {
  const data = buildJobData(state, locale);
  const failed = runAutoMLChecks(data, state.name);
  if (failed) return { ok: false, message: failed };
  const longName = nameTooLong(state.name);
  if (longName) return { ok: false, nameTooLong: longName };
  if (data.MLAlgorithms.length === 0) return { ok: false, noModels: true };
  const parsed = createJobRequestSchema.safeParse({ name: state.name, data });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, detail: `${issue.path.join('.')}: ${issue.message}` };
  }
  return { ok: true, request: { name: state.name.trim(), data } };
}

/** A fresh Idempotency-Key: 128 random bits as hex (getRandomValues also works where randomUUID does not: plain http). */
export function newSubmissionKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per request until that request is queued: a second confirmation of the same request (a double
 * click that opened two dialogs) or another try after a network error sends the same key, so the server queues one
 * job and answers both with it. A changed request, or one sent after the last was queued, gets a new key.
 */
export class SubmissionKeys {
  private last: { body: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = newSubmissionKey) {}

  keyFor(request: unknown): string {
    const body = JSON.stringify(request);
    if (this.last?.body !== body) this.last = { body, key: this.newKey() };
    return this.last.key;
  }

  /** The request was queued: the next one, even if identical, is meant as another job. */
  queued(): void {
    this.last = null;
  }
}

/**
 * POST /api/jobs with the request's Idempotency-Key; logs a failure the way the spec names it, then rethrows for
 * the caller to show.
 */
export async function submitJob(request: { name: string; data: unknown }, idempotencyKey: string): Promise<JobListItem> {
  try {
    const { job } = await api.post<{ job: JobListItem }>('/api/jobs', request, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
    return job;
  } catch (error) {
    // In the reader's language: the spec's Portuguese log line is "Erro ao adicionar os dados".
    console.error(i18next.t('messages:logSubmitFailed'), error);
    throw error;
  }
}
