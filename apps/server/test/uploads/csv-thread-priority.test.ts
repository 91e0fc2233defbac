import os from 'node:os';
import type { AppContext } from '../../src/context.ts';
import { closeCsvThreads, initCsvThreads, validateUploadInThread } from '../../src/modules/uploads/csv-threads.ts';
import { interactiveThreadNiceness } from '../../src/threads/interactive-pool.ts';
import { threadNiceLevels } from '../helpers/thread-nice-levels.ts';

const TINY_PANEL = new TextEncoder().encode('country;year;cases\nA;2010;5\nA;2011;7\nB;2010;3\nB;2011;9\n');

describe('CSV threads run between the web server and the jobs in CPU priority', () => {
  afterEach(async () => {
    await closeCsvThreads();
  });

  it('sit halfway between the event loop (0) and a job thread (JOB_THREAD_NICENESS)', () => {
    expect(interactiveThreadNiceness(10)).toBe(5);
    expect(interactiveThreadNiceness(0)).toBe(0);
    expect(interactiveThreadNiceness(19)).toBe(9);
  });

  it.skipIf(process.platform !== 'linux')('apply the level from the configuration to the pool thread only', async () => {
    const base = os.getPriority();
    await closeCsvThreads();
    await initCsvThreads({ config: { jobs: { threadNiceness: 14 } } } as unknown as AppContext);
    const outcome = await validateUploadInThread({ fileName: 'tiny.csv', bytes: TINY_PANEL.slice(), spatialColumn: 'country', temporalColumn: 'year' });
    expect(outcome.ok).toBe(true);
    const levels = threadNiceLevels();
    // The thread that read the file (it idles in the pool for 30 s) has the CSV level; the main thread keeps its own.
    expect(levels).toContain(Math.min(19, base + 7));
    expect(os.getPriority()).toBe(base);
  });
});
