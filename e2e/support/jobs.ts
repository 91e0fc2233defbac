import { expect, type Page } from '@playwright/test';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  autoJobSettings,
  type JobDataInput,
  type JobListItem,
} from '@indicata/contracts';

/** The e2e server's WHO catalog is imported at start-up; waits until it answers with data (or skips the caller). */
export async function whoAvailable(page: Page, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = (await (await page.request.get('/api/who/status')).json()) as { available: boolean };
    if (status.available) return true;
    await page.waitForTimeout(1000);
  }
  return false;
}

/**
 * A WHO job on life expectancy (both sexes), tested on 2015: by default one fixed decision tree and one fixed
 * KNN, so the search space is tiny, the budget never binds and the same seed gives the same results.
 */
export function whoJobData(overrides: Partial<JobDataInput> = {}): JobDataInput {
  return {
    ...autoJobSettings(),
    database: 'WHO',
    uploadId: null,
    codePredictionIndicator: 'WHOSIS_000001',
    predictionIndicatorDimensions: ['SEX_BTSX'],
    predictionIndicatorYear: 2015,
    MLAlgorithms: ['KNN', 'DT'],
    timeDimension: 'year',
    regionDimension: 'regionName',
    KNNConfig: { KNNnNeighbors: [5], KNNweights: ['distance'], KNNalgorithm: ['auto'], KNNleafSize: [30], KNNp: [2] },
    DTConfig: {
      DTcriterion: ['gini'],
      DTsplitter: ['best'],
      DTmaxDepth: [4],
      DTminSamplesSplit: [2],
      DTminSamplesLeaf: [1],
      DTminWeightFractionLeaf: [0],
      DTmaxFeatures: [null],
      DTrandomState: [0],
      DTmaxLeafNodes: [null],
      DTminImpurityDecrease: [0],
    },
    seed: 123,
    budgetSeconds: 30,
    ...overrides,
  };
}

/** Queues a job through the API as the signed-in page's user. */
export async function queueJob(page: Page, name: string, data: JobDataInput): Promise<JobListItem> {
  const response = await page.request.post('/api/jobs', { data: { name, data }, headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { job: JobListItem }).job;
}

/** The stored job (configuration and results) as its owner reads it. */
export async function readJob(page: Page, id: string): Promise<{ status: number; job?: Record<string, unknown> & JobListItem }> {
  const response = await page.request.get(`/api/jobs/${id}`);
  return { status: response.status(), job: response.ok() ? ((await response.json()) as { job: Record<string, unknown> & JobListItem }).job : undefined };
}

/** Whether the page scrolls sideways (wider than its window). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
