import { loadConfig } from '../../src/config.ts';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from './fixtures.ts';

/**
 * A job submitted to an idle worker starts at once, and the next one in line right after it: neither waits for
 * the worker's next poll. The poll is set to a minute here, so a job that waited for it could not pass.
 */
describe('job pickup', () => {
  const pollingSeconds = 60;
  let server: TestServer;
  let owner: SignedIn;

  beforeAll(async () => {
    const defaults = loadConfig({ DATA_DIR: '/unused', SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' });
    server = await createTestServer('pglite', { workers: true, config: { jobs: { ...defaults.jobs, pollingSeconds, seedDemo: false, budgetSeconds: 30 } } });
    owner = await registerAndLogin(server.app);
  });
  afterAll(async () => server?.close());

  const statusOf = async (id: string): Promise<string> =>
    (await server.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: owner.headers })).json().job.status;

  it('starts a submitted job without waiting for the poll, and the next job as soon as the first ends', async () => {
    // The worker's first look at the empty queue happens as it starts; from then on it sleeps for the poll.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const upload = await uploadPanel(server.ctx, owner.user.id);
    const submitted = Date.now();
    const ids: string[] = [];
    for (const name of ['first', 'second']) {
      const response = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload: { name, data: uploadJobData(upload) } });
      expect(response.statusCode).toBe(201);
      ids.push(response.json().job.id);
    }
    for (;;) {
      const statuses = await Promise.all(ids.map(statusOf));
      if (statuses.every((status) => status === 'done' || status === 'error')) {
        expect(statuses).toEqual(['done', 'done']);
        break;
      }
      // Each job alone takes a few seconds; waiting for one poll would take a minute.
      expect(Date.now() - submitted).toBeLessThan((pollingSeconds / 2) * 1000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 60_000);
});
