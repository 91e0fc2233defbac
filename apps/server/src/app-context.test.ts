import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppContext, type ContextBase } from './app-context.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { EventHub } from './events/hub.ts';
import { createLogger } from './logger.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { QueueStoppedError } from './modules/jobs/queue.ts';

describe('createAppContext', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-context-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir });
  // Nothing is connected while the context is made, so a database and a hub that would throw on use are enough.
  const base: ContextBase = { config, database: {} as Database, events: {} as EventHub, logger: createLogger('silent') };

  it('makes every required service, with a queue that refuses jobs until it is started', async () => {
    const ctx = createAppContext(base);
    expect(ctx.mailer.destination).toBe(path.join(dataDir, 'outbox'));
    expect(ctx.storage.description).toContain(dataDir);
    expect(ctx.queue.running).toBe(false);
    expect(ctx.queue.settings.pollingSeconds).toBe(config.jobs.pollingSeconds);
    await expect(ctx.queue.enqueue({ jobId: 'x' }, async () => ({ rows: [] }))).rejects.toBeInstanceOf(QueueStoppedError);
    await ctx.queue.stop(); // stopping an idle queue does nothing
    ctx.mailer.close();
  });

  it('uses the members a caller passes instead of making them', () => {
    const mailer: Mailer = { destination: 'test', send: async () => {}, close: () => {} };
    expect(createAppContext(base, { mailer }).mailer).toBe(mailer);
  });
});
