import { describe, expect, it } from 'vitest';
import { jobsContext, type AppContext } from './context.ts';
import type { JobQueue } from './modules/jobs/queue.ts';
import type { Mailer } from './modules/mail/mailer.ts';

describe('the context of the code that runs jobs', () => {
  const base = {} as AppContext;
  const queue = {} as JobQueue;
  const mailer = {} as Mailer;

  it('names the initializer that did not run', () => {
    expect(() => jobsContext({ ...base, mailer })).toThrow(/initJobQueue must run before the job worker starts/);
    expect(() => jobsContext({ ...base, queue })).toThrow(/initMailer must run before the job worker starts/);
  });

  it('is the same context once both are set (what the worker sets on it, the routes see)', () => {
    const ctx = { ...base, queue, mailer };
    expect(jobsContext(ctx)).toBe(ctx);
  });
});
