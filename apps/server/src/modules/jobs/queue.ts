import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { bossDbFor, type SqlExecutor } from './boss-db.ts';

/** The queue of AutoML jobs and the queue that receives the ones that failed past their last retry. */
export const AUTOML_QUEUE = 'automl';
export const AUTOML_DEAD_QUEUE = 'automl-dead';

/** What a queued message carries: only the job id; everything else is read from the jobs table. */
export interface AutoMLMessage {
  jobId: string;
}

export interface QueueSettings {
  /** A claimed job not finished after this long is taken back and retried (a worker died). */
  expireSeconds: number;
  /** Retries after the first attempt before the job goes to the dead-letter queue. */
  retryLimit: number;
  /** Seconds before a retry. */
  retryDelaySeconds: number;
  /** How often expired jobs are looked for. */
  maintenanceSeconds: number;
  /** How often an idle worker polls for new jobs. */
  pollingSeconds: number;
}

/**
 * pg-boss on our database (PGlite or PostgreSQL): one queue for AutoML jobs with retries and expiry,
 * plus a dead-letter queue. Several worker processes on one PostgreSQL share it safely: a job is
 * claimed by exactly one of them (SELECT ... FOR UPDATE SKIP LOCKED).
 */
export class JobQueue {
  /** pg-boss ids of this process's AutoML workers, woken by `wake()`. */
  private readonly localWorkers: string[] = [];
  /** The started pg-boss; absent before `start` and after `stop`. */
  private boss: PgBoss | undefined;

  /**
   * A queue that is not running yet: every process's context holds one from the start, and `start` (roles.ts's
   * initializer) connects it, so code that enqueues never meets a missing queue, only a stopped one.
   * @param database the open database; pg-boss reuses its connection(s)
   * @param settings expiry, retry and polling settings
   */
  constructor(
    private readonly database: Database,
    readonly settings: QueueSettings,
  ) {}

  /** Whether the queue accepts jobs now: false before `start` and from the beginning of `stop`. */
  get running(): boolean {
    return this.boss !== undefined;
  }

  /**
   * Starts pg-boss (creating its schema on first use) and both queues.
   * @param supervise whether this process runs pg-boss maintenance (expiry); workers do, http-only processes need not
   */
  async start(supervise: boolean): Promise<void> {
    if (this.boss) throw new Error('the job queue is already running');
    const { settings } = this;
    const boss = new PgBoss({
      db: bossDbFor(this.database),
      schema: 'pgboss',
      supervise,
      schedule: false,
      migrate: true,
      maintenanceIntervalSeconds: settings.maintenanceSeconds,
      monitorStateIntervalSeconds: Math.max(settings.maintenanceSeconds, 10),
    });
    boss.on('error', () => {
      // pg-boss reports transient polling errors here; the next poll retries. Job failures are handled per job.
    });
    await boss.start();
    const retry = {
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: false,
      expireInSeconds: settings.expireSeconds,
    };
    await createOrUpdateQueue(boss, { name: AUTOML_DEAD_QUEUE, ...retry, retryLimit: 5 });
    await createOrUpdateQueue(boss, { name: AUTOML_QUEUE, ...retry, deadLetter: AUTOML_DEAD_QUEUE });
    this.boss = boss;
  }

  /** The running pg-boss. @throws QueueStoppedError before `start` or after `stop` */
  private started(): PgBoss {
    if (!this.boss) throw new QueueStoppedError();
    return this.boss;
  }

  /**
   * Puts a job whose worker died back in line at once: its active queue entry is failed (a retry after
   * `retryDelaySeconds`, counted against the retry limit; past it, the dead-letter queue), or, when no entry
   * is waiting or active any more, a new one is sent. An entry already waiting is left alone.
   * @returns what was done
   */
  async requeueOrphan(jobId: string, reason: string): Promise<'failed' | 'sent' | 'waiting'> {
    const { rows } = await this.database.query<{ id: string; state: string }>(
      `SELECT id, state::text AS state FROM pgboss.job WHERE name = $1 AND data->>'jobId' = $2 AND state < 'completed'`,
      [AUTOML_QUEUE, jobId],
    );
    const active = rows.filter((row) => row.state === 'active').map((row) => row.id);
    if (active.length > 0) {
      for (const id of active) await this.started().fail(AUTOML_QUEUE, id, { message: reason });
      return 'failed';
    }
    if (rows.length > 0) return 'waiting';
    await this.started().send(AUTOML_QUEUE, { jobId });
    return 'sent';
  }

  /**
   * Enqueues a job inside the caller's transaction, so the job row and its queue entry commit together.
   * @param execute executor bound to the open transaction (see withRawTransaction)
   * @param expireSeconds this job's expiry (derived from its own budget); absent: the queue's setting
   */
  async enqueue(message: AutoMLMessage, execute: SqlExecutor, expireSeconds?: number): Promise<void> {
    await this.started().send(AUTOML_QUEUE, message, {
      db: { executeSql: execute },
      ...(expireSeconds !== undefined ? { expireInSeconds: expireSeconds } : {}),
    });
  }

  /**
   * Runs `handler` for each claimed job, one at a time per call (call `concurrency` times for more).
   * A handler that throws marks the attempt failed: the job is retried, then dead-lettered.
   */
  async work(concurrency: number, handler: (message: AutoMLMessage) => Promise<void>): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      const id = await this.started().work<AutoMLMessage>(
        AUTOML_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: this.settings.pollingSeconds },
        async ([job]) => {
          if (!job) return;
          try {
            await handler(job.data);
          } finally {
            // pg-boss waits out the rest of its polling interval after a job shorter than it; the next job in
            // line should not wait for that.
            this.wake();
          }
        },
      );
      this.localWorkers.push(id);
    }
  }

  /**
   * Makes this process's idle workers look for a job now instead of at their next poll: called once a job is
   * committed to the queue (and its owner told), and when a job ends. Workers of other processes still find a
   * job at their next poll (`pollingSeconds`).
   */
  wake(): void {
    for (const id of this.localWorkers) this.boss?.notifyWorker(id);
  }

  /** Runs `handler` for jobs that failed past their last retry. */
  async workDeadLetters(handler: (message: AutoMLMessage) => Promise<void>): Promise<void> {
    await this.started().work<AutoMLMessage>(
      AUTOML_DEAD_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.settings.pollingSeconds },
      async ([job]) => {
        if (job) await handler(job.data);
      },
    );
  }

  /**
   * Stops polling and refuses new jobs at once; waits up to `timeoutMs` for running handlers (a job cut off is
   * retried later). Stopping a queue that is not running does nothing.
   */
  async stop(timeoutMs = 5_000): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = undefined;
    this.localWorkers.length = 0;
    await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
  }
}

/** Thrown when a job is enqueued or claimed on a queue that is not running (before start-up or during shutdown). */
export class QueueStoppedError extends Error {
  constructor() {
    super('the job queue is not running');
    this.name = 'QueueStoppedError';
  }
}

async function createOrUpdateQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  const existing = await boss.getQueue(queue.name);
  if (existing) await boss.updateQueue(queue.name, queue);
  else await boss.createQueue(queue.name, queue);
}
