import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE, IDEMPOTENCY_KEY_HEADER, enLocale, formatMessage, ptBRLocale, type JobListResponse } from '@indicata/contracts';
import { expect, test } from './fixtures/app.ts';
import { queueJob, whoAvailable, whoJobData } from './support/jobs.ts';

/**
 * Submit once: a double click on Run AutoML and on "Yes", then another try after the answer was lost on the way
 * back, queue one job. The wizard is filled by cloning a job (queued and cancelled through the API, so no engine runs
 * for it); the job the wizard queues is cancelled at the end. On a wide window and on a phone (the results list is cards
 * there), each in English and in Portuguese.
 */

const VARIANTS = [
  { width: 1366, height: 900, language: 'en', words: enLocale },
  { width: 1366, height: 900, language: 'pt-BR', words: ptBRLocale },
  { width: 390, height: 844, language: 'en', words: enLocale },
  { width: 390, height: 844, language: 'pt-BR', words: ptBRLocale },
] as const;

const cancel = (page: Page, id: string) => page.request.post(`/api/jobs/${id}/cancel`, { headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } });

for (const { width, height, language, words } of VARIANTS) {
test(`a double-clicked confirmation and a retry after a lost answer queue one job (${width} px, ${language})`, async ({ page, registerUser, login }) => {
  await page.setViewportSize({ width, height });
  const user = await registerUser(page);
  await login(page, user.email, user.password);
  test.skip(!(await whoAvailable(page)), 'The e2e server has no WHO data (WHO_IMPORT_DIR).');
  const original = await queueJob(page, 'Submit once', whoJobData());
  expect((await cancel(page, original.id)).status()).toBe(200);

  await page.goto('/home?tab=results');
  if (language !== 'en') await page.getByRole('banner').getByRole('combobox').selectOption(language);
  await page.locator(`tr[data-job-id="${original.id}"], [data-job-card="${original.id}"]`).getByTestId('job-actions').click();
  await page.getByRole('menuitem', { name: words.jobs.actions.clone }).click();
  await page.waitForURL(/\/home\?tab=configure/);
  const copyName = formatMessage(words.jobs.cloneName, { name: 'Submit once' });
  await expect(page.getByTestId('job-name')).toHaveValue(copyName);

  // The first submission reaches the server and queues the job, but its answer is lost on the way back.
  const keys: string[] = [];
  await page.route('**/api/jobs', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push((await route.request().headerValue(IDEMPOTENCY_KEY_HEADER)) ?? '');
    if (keys.length === 1) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });

  await page.getByTestId('run-automl').dblclick();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.getByRole('dialog').getByRole('button', { name: words.common.actions.yes }).dblclick();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => keys.length).toBe(1);
  // The network error is shown; the person tries again.
  await expect(page.getByTestId('run-automl')).toBeEnabled();
  await page.getByTestId('run-automl').click();
  await page.getByRole('dialog').getByRole('button', { name: words.common.actions.yes }).click();
  // The retry's answer waits on the database beside the copy's job, which the first request queued and which may be
  // running on both cores by now: longer than the 10 s default on a loaded 2-core machine (seen once).
  await expect(page.getByText(formatMessage(words.messages.jobQueuedDetail, { name: copyName }))).toBeVisible({ timeout: 30_000 });

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  const list = (await (await page.request.get('/api/jobs')).json()) as JobListResponse;
  const copies = list.jobs.filter((job) => job.name === copyName);
  expect(copies).toHaveLength(1);
  await cancel(page, copies[0].id);
});
}
