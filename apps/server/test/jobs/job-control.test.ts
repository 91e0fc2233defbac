import { onTestFinished, vi } from 'vitest';
import type { AutoMLResults } from '@indicata/contracts';
import { MESSAGES, replayBundleSchema } from '@indicata/contracts';
import { frameOfBundle, frameSha256 } from '@indicata/engine/pipeline/replay';
import { createTestServer, loginAsDemo, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from './fixtures.ts';
import { expireSecondsFor, runSettingsFor } from '../../src/modules/jobs/settings.ts';
import { engineWorkersFor } from '../../src/modules/jobs/worker.ts';

type Json = Record<string, unknown>;

async function jobOf(server: TestServer, who: SignedIn, id: string): Promise<Json & { status: string }> {
  const response = await server.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: who.headers });
  return response.json().job;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The results without what may differ between two runs with the same seed: timings and times, and the replay record
 * (which holds the run's own time context: seconds left at the choice, predicted final fits).
 */
function comparable(results: AutoMLResults): unknown {
  return JSON.parse(
    JSON.stringify({ ...results, replay: undefined }, (key, value: unknown) =>
      /seconds|time$|Time$|^fit|^score_time|^mean_fit|^std_fit|^mean_score|^std_score|^createdAt|budget/i.test(key) && typeof value === 'number'
        ? 0
        : value,
    ),
  );
}

describe('job settings per job', () => {
  it('derives the queue expiry and the hard limit from the job\'s own budget unless the expiry was set', () => {
    expect(expireSecondsFor(600, { expireSeconds: 540 })).toBe(2160);
    expect(expireSecondsFor(600, { expireSeconds: 45, expireExplicit: true })).toBe(45);
    const settings = runSettingsFor(600, expireSecondsFor(600, { expireSeconds: 540 }));
    expect(settings.budgetSeconds).toBe(600);
    expect(settings.hardLimitSeconds).toBeLessThan(2160);
    expect(settings.hardLimitSeconds).toBeGreaterThan(600);
  });

  it('leaves a core to the web server when both share the process', () => {
    expect(engineWorkersFor('all', 2)).toBe(1);
    expect(engineWorkersFor('all', 1)).toBe(1);
    expect(engineWorkersFor('all', 8)).toBe(7);
    expect(engineWorkersFor('worker', 8)).toBeNull();
  });
});

describe('job control without workers (PGlite)', () => {
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  let data: ReturnType<typeof uploadJobData>;

  beforeAll(async () => {
    server = await createTestServer('pglite', { initialize: true });
    owner = await registerAndLogin(server.app);
    other = await registerAndLogin(server.app);
    data = uploadJobData(await uploadPanel(server.ctx, owner.user.id));
  });
  afterAll(async () => server?.close());

  const create = async (payload: Json) => {
    const response = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload });
    expect(response.statusCode).toBe(201);
    return response.json().job.id as string;
  };

  it('accepts a budget between 30 s and 30 min and refuses others', async () => {
    for (const budgetSeconds of [29, 1801, 60.5]) {
      const response = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload: { name: 'b', data: { ...data, budgetSeconds } } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('data.budgetSeconds');
    }
    const id = await create({ name: 'budget', data: { ...data, budgetSeconds: 120, seed: 5 } });
    const job = await jobOf(server, owner, id);
    expect(job.data).toMatchObject({ budgetSeconds: 120, seed: 5 });
    // The queue entry expires after 3 x the job's budget + 360 s, not after the server-wide default.
    const { rows } = await server.ctx.database.query<{ expire: number }>(
      `SELECT EXTRACT(EPOCH FROM expire_in)::int AS expire FROM pgboss.job WHERE data->>'jobId' = $1`,
      [id],
    );
    expect(rows[0].expire).toBe(720);
  });

  it('accepts a target year alone (all regions of that year)', async () => {
    const id = await create({ name: 'year only', data: { ...data, predictionIndicatorYear: 2007, predictionIndicatorRegion: null } });
    expect((await jobOf(server, owner, id)).status).toBe('pending');
  });

  it('cancels a pending job once, and only for its owner', async () => {
    const id = await create({ name: 'to cancel', data });
    expect((await server.app.inject({ method: 'POST', url: `/api/jobs/${id}/cancel`, headers: other.headers })).statusCode).toBe(404);
    const cancelled = await server.app.inject({ method: 'POST', url: `/api/jobs/${id}/cancel`, headers: owner.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().job.status).toBe('cancelled');
    const again = await server.app.inject({ method: 'POST', url: `/api/jobs/${id}/cancel`, headers: owner.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.jobNotCancellable);
  });

  it('deletes a job and its stored files, only for its owner', async () => {
    const id = await create({ name: 'to delete', data });
    await server.ctx.storage!.put(`models/${id}/modelDT.json`, '{}');
    expect((await server.app.inject({ method: 'DELETE', url: `/api/jobs/${id}`, headers: other.headers })).statusCode).toBe(404);
    expect(await server.ctx.storage!.exists(`models/${id}/modelDT.json`)).toBe(true);
    const deleted = await server.app.inject({ method: 'DELETE', url: `/api/jobs/${id}`, headers: owner.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await server.ctx.storage!.list(`models/${id}/`)).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('re-runs with the same configuration and seed, under a new id', async () => {
    const id = await create({ name: 'original', data: { ...data, seed: 77 } });
    const rerun = await server.app.inject({ method: 'POST', url: `/api/jobs/${id}/rerun`, headers: owner.headers, payload: { name: 'original (again)' } });
    expect(rerun.statusCode).toBe(201);
    const copy = await jobOf(server, owner, rerun.json().job.id);
    const first = await jobOf(server, owner, id);
    expect(copy.id).not.toBe(id);
    expect(copy.name).toBe('original (again)');
    expect(copy.data).toEqual(first.data);
    expect((await server.app.inject({ method: 'POST', url: `/api/jobs/${id}/rerun`, headers: other.headers, payload: {} })).statusCode).toBe(404);
  });

  it('refuses cancel, delete and re-run to the read-only demo', async () => {
    const demo = await loginAsDemo(server.app);
    const id = await create({ name: 'x', data });
    for (const [method, url] of [['POST', `/api/jobs/${id}/cancel`], ['POST', `/api/jobs/${id}/rerun`], ['DELETE', `/api/jobs/${id}`]] as const) {
      expect((await server.app.inject({ method, url, headers: demo.headers, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(403);
    }
  });
});

describe('job control with a worker (PGlite)', () => {
  let server: TestServer;
  let owner: SignedIn;
  let data: ReturnType<typeof uploadJobData>;

  beforeAll(async () => {
    server = await createTestServer('pglite', { workers: true });
    server.ctx.config.jobs.seedDemo = false;
    owner = await registerAndLogin(server.app);
    data = uploadJobData(await uploadPanel(server.ctx, owner.user.id));
  });
  afterAll(async () => server?.close());

  const create = async (name: string, jobData: Json) => {
    const response = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload: { name, data: jobData } });
    expect(response.statusCode).toBe(201);
    return response.json().job.id as string;
  };

  it('stops a running job within a few seconds and keeps none of its files', async () => {
    // Heartbeats every 0.1 s: one lands between the cancel and the cancel watch's next look (every 1 s). It must
    // take that for a cancel (files removed), not for another worker having taken the job back.
    const heartbeatSeconds = server.ctx.config.jobs.heartbeatSeconds;
    server.ctx.config.jobs.heartbeatSeconds = 0.1;
    const warn = vi.spyOn(server.ctx.logger, 'warn');
    const info = vi.spyOn(server.ctx.logger, 'info');
    onTestFinished(() => {
      server.ctx.config.jobs.heartbeatSeconds = heartbeatSeconds;
      warn.mockRestore();
      info.mockRestore();
    });
    // A long search: ANN and SVM on auto with a 10-minute budget would run for minutes.
    const id = await create('long', { ...data, MLAlgorithms: ['ANN', 'SVM', 'RF'], ANNConfig: 'auto', SVMConfig: 'auto', RFConfig: 'auto', budgetSeconds: 600 });
    await waitFor('the search to start', async () => {
      const job = await jobOf(server, owner, id);
      const progress = job.progress as { fraction: number } | null;
      return job.status === 'running' && progress && progress.fraction >= 0.05 ? job : undefined;
    });
    const cancelledAt = Date.now();
    const response = await server.app.inject({ method: 'POST', url: `/api/jobs/${id}/cancel`, headers: owner.headers });
    expect(response.statusCode).toBe(200);

    // One job at a time: the next job starts only once the cancelled run has let go of the worker.
    const next = await create('next', data);
    await waitFor('the next job to start', async () => ((await jobOf(server, owner, next)).status !== 'pending' ? true : undefined), 30_000);
    const freedAfter = Date.now() - cancelledAt;
    // Cancel poll (1 s) + thread stop (the worker then looks for the next job at once), with slack for a loaded machine.
    expect(freedAfter).toBeLessThan(12_000);
    const job = await jobOf(server, owner, id);
    expect(job.status).toBe('cancelled');
    expect(job.results).toBeNull();
    expect(await server.ctx.storage!.list(`models/${id}/`)).toEqual([]);
    const logged = (spy: typeof warn) => spy.mock.calls.map((call) => call.find((arg) => typeof arg === 'string'));
    expect(logged(info)).toContain('job cancelled');
    expect(logged(warn)).not.toContain('job taken back by another worker while it ran here; this run stops');
    await waitFor('the next job to finish', async () => (['done', 'error'].includes((await jobOf(server, owner, next)).status) ? true : undefined));
  }, 180_000);

  it('re-runs a finished job to the same results (same seed)', async () => {
    const id = await create('reproducible', { ...data, seed: 23, budgetSeconds: 60 });
    const first = await waitFor('the first run', async () => {
      const job = await jobOf(server, owner, id);
      return ['done', 'error'].includes(job.status) ? job : undefined;
    });
    expect(first.status).toBe('done');
    const rerun = await server.app.inject({ method: 'POST', url: `/api/jobs/${id}/rerun`, headers: owner.headers, payload: {} });
    const second = await waitFor('the re-run', async () => {
      const job = await jobOf(server, owner, rerun.json().job.id);
      return ['done', 'error'].includes(job.status) ? job : undefined;
    });
    expect(second.status).toBe('done');
    const a = first.results as AutoMLResults;
    const b = second.results as AutoMLResults;
    expect(b.seed).toBe(23);
    expect(b.best).toBe(a.best);
    expect(comparable(b)).toEqual(comparable(a));
  }, 240_000);

  it('reruns a finished job exactly from its replay record, and bundles it for the command line', async () => {
    const id = await create('to replay', { ...data, seed: 31, budgetSeconds: 30 });
    const first = await waitFor('the first run', async () => {
      const job = await jobOf(server, owner, id);
      return ['done', 'error'].includes(job.status) ? job : undefined;
    });
    expect(first.status).toBe('done');
    const a = first.results as AutoMLResults;
    expect(a.replay?.frameSha256).toMatch(/^[0-9a-f]{64}$/);

    const bundleResponse = await server.app.inject({ method: 'GET', url: `/api/jobs/${id}/bundle`, headers: owner.headers });
    expect(bundleResponse.statusCode).toBe(200);
    expect(bundleResponse.headers['content-disposition']).toBe(`attachment; filename="indicata-${id}-replay.json"`);
    const bundle = replayBundleSchema.parse(bundleResponse.json());
    expect(bundle.replay).toEqual(a.replay);
    expect(bundle.job.seed).toBe(31);
    expect(bundle.versions.node).toBe(process.version);
    // The panel it carries is the one the run read, bit for bit once back in the engine.
    expect(bundle.frame?.source).toBe('upload');
    expect(frameSha256(frameOfBundle(bundle.frame!))).toBe(a.replay?.frameSha256);
    const stranger = await registerAndLogin(server.app);
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${id}/bundle`, headers: stranger.headers })).statusCode).toBe(404);

    const rerun = await server.app.inject({ method: 'POST', url: `/api/jobs/${id}/rerun`, headers: owner.headers, payload: { exact: true } });
    expect(rerun.statusCode).toBe(201);
    const second = await waitFor('the exact rerun', async () => {
      const job = await jobOf(server, owner, rerun.json().job.id);
      return ['done', 'error'].includes(job.status) ? job : undefined;
    });
    expect(second.status, String(second.errorMessage)).toBe('done');
    const b = second.results as AutoMLResults;
    // A run on the clock would record its own time left; the replay carries the original's record unchanged.
    expect(b.replay).toEqual(a.replay);
    expect(comparable(b)).toEqual(comparable(a));

    // A job still waiting has no record to replay: refused with the reason, and nothing is queued.
    const waiting = await create('not yet run', { ...data, seed: 5, budgetSeconds: 30 });
    const refused = await server.app.inject({ method: 'POST', url: `/api/jobs/${waiting}/rerun`, headers: owner.headers, payload: { exact: true } });
    if ((await jobOf(server, owner, waiting)).status !== 'done') {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'noReplayRecord', message: MESSAGES.noReplayRecord });
    }
  }, 240_000);
});
