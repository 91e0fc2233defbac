import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { MESSAGES, formatMessage } from '@indicata/contracts';
import { E2E_SMTP_MESSAGES_URL } from '../playwright.config.ts';
import { expect, test } from './fixtures/app.ts';

/**
 * The whole product as a new user meets it, end to end: upload a CSV, configure the target
 * and a few steps, run AutoML, watch the job go from Pending to Done live, open the result's tables and
 * plots, download the models, and find the result e-mail in the SMTP sink. Everything is real: the
 * queue, the worker thread running the engine, the SMTP conversation.
 */

/** 24 regions over 8 years; `score` (the target) follows f1 and f2. */
function panelCsv(): string {
  let state = 7;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const lines = ['region;year;f1;f2;f3;score'];
  for (let r = 0; r < 24; r++) {
    const level = random() * 10;
    for (let y = 0; y < 8; y++) {
      const f1 = level + y * 0.3 + random();
      const f2 = random() * 5;
      lines.push([`Region ${r}`, 2000 + y, f1.toFixed(3), f2.toFixed(3), (random() * 100).toFixed(2), (2 * f1 + f2 + random() * 2).toFixed(3)].join(';'));
    }
  }
  return lines.join('\n');
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function closeAlert(page: Page, message: string): Promise<void> {
  const alert = page.locator('.mantine-Notification-root').filter({ hasText: message });
  await expect(alert).toBeVisible();
  await alert.getByRole('button').first().click();
}

interface SinkMessage {
  to: string[];
  raw: string;
}

test('a new user uploads data, runs AutoML, watches it finish, reads and downloads the results, and gets the e-mail', async ({ page, registerUser, login }, testInfo) => {
  test.setTimeout(10 * 60_000);
  const user = await registerUser(page);
  await login(page, user.email, user.password);

  // Step 1.1: import a database through the upload page.
  await page.getByRole('button', { name: 'Import Database' }).click();
  await page.waitForURL('**/uploadcsv');
  await page.locator('input[type="file"]').setInputFiles({ name: 'regional panel.csv', mimeType: 'text/csv', buffer: Buffer.from(panelCsv()) });
  await expect(page.getByText('192 rows, 6 columns')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Spatial dimension column' })).toHaveValue('region');
  await expect(page.getByRole('textbox', { name: 'Temporal dimension column' })).toHaveValue('year');
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(page.getByText(MESSAGES.uploadSaved)).toBeVisible();
  await page.waitForURL('**/home');
  await expect(page.getByTestId('current-source')).toHaveText('File regional panel.csv');

  // Step 1.3: the target, three automatic groups, the most recent 25% of rows for testing.
  await page.getByRole('button', { name: 'Configure Target' }).click();
  await page.waitForURL('**/targetselection');
  await pick(page, 'Target indicator', 'score');
  await page.getByRole('radio', { name: 'Percentage for testing' }).check();
  await page.getByRole('textbox', { name: 'Percentage for testing (%)' }).fill('25');
  await pick(page, 'Number of groups', '3');
  await expect(page.getByTestId('class-preview').locator('tbody tr')).toHaveCount(3);
  await page.getByRole('button', { name: 'Import Target' }).click();
  await closeAlert(page, MESSAGES.targetImported);
  await page.waitForURL('**/home**');
  await expect(page.getByTestId('current-target')).toHaveValue('score');

  // Step 2: two preprocessing steps of our choosing (each on its own auto settings).
  await page.getByTestId('step-preprocessing').locator('.mantine-Switch-label').click();
  await page.getByRole('button', { name: 'Add Step' }).click();
  await page.waitForURL('**/selectpreprocessingstep');
  for (const step of ['MissingData', 'Outliers']) await page.getByRole('checkbox', { name: new RegExp(`^${step} \\(`) }).check();
  await page.getByRole('button', { name: 'Import Steps' }).click();
  await page.waitForURL('**/home**');
  await expect(page.getByTestId('step-preprocessing').locator('[data-testid^="item-"]')).toHaveCount(2);

  // Step 3: a Decision Tree and KNN.
  await page.getByTestId('step-models').locator('.mantine-Switch-label').click();
  await page.getByRole('button', { name: 'Add Model' }).click();
  await page.waitForURL('**/selectmlstep');
  await page.getByRole('checkbox', { name: 'DT (Decision Tree)' }).check();
  await page.getByRole('checkbox', { name: 'KNN', exact: true }).check();
  await page.getByRole('button', { name: 'Import Algorithms' }).click();
  await page.waitForURL('**/home**');

  // Run AutoML: confirm, the job is queued and the Results tab opens.
  const jobName = `Journey ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(jobName);
  await page.getByTestId('run-automl').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(MESSAGES.jobQueued, { exact: true })).toBeVisible();
  await expect(page.getByText(formatMessage(MESSAGES.jobQueuedDetail, { name: jobName }))).toBeVisible();
  await page.waitForURL('**/home?tab=results');

  // The row goes from Pending to Done without a reload (Server-Sent Events).
  const row = page.getByTestId('results-list').locator('tr[data-job-id]', { hasText: jobName });
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', /Pending|Running|Done/);
  await expect(row.locator('[data-status="Done"]')).toBeVisible({ timeout: 8 * 60_000 });
  await expect(row.locator('td').nth(3)).toHaveText(/regional_panelcsv$/);

  // The detail: header, report, every table and the pictures.
  await row.click();
  await page.waitForURL(/\/results\?id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Step 4 - Post-processing' })).toBeVisible();
  // In the detail's header (the "queued" notification may still show the name when the job was quick).
  await expect(page.getByTestId('result-detail').getByText(jobName)).toBeVisible();
  await expect(page.getByTestId('final-results')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('report').getByText(/^Written by: /).first()).toBeVisible();
  // The verdict comes first; the detailed sections open on demand.
  await page.getByTestId('toggle-all-sections').click();
  for (const id of ['table-resultados', 'table-summary', 'table-baselines', 'table-classes', 'table-used-indicators', 'table-correlation', 'table-outliers']) {
    await expect(page.getByTestId(id)).toBeAttached();
  }
  // The leaderboard shows 20 rows a page by validation score; sorted by test score, which only finalists have, each
  // family's finalist is on the first page.
  await page.getByTestId('leaderboard').getByRole('button', { name: 'Sort by Test macro-F1 (finalists only)' }).click();
  for (const family of ['DT', 'KNN']) {
    await expect(page.getByTestId(`table-predictions-${family}`)).toBeAttached();
    await expect(page.getByTestId('leaderboard').locator(`tbody tr[data-family="${family}"][data-finalist="true"]`)).toHaveCount(1);
    await expect(page.getByTestId(`chart-confusion-${family}`).locator('canvas').first()).toBeVisible();
  }
  await expect(page.getByTestId('chart-scores').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('chart-correlation').locator('canvas').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('journey-detail.png'), fullPage: true });

  // Download the models: one zip holding a JSON file per trained family.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download models' }).click()]);
  const zipped = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(Object.keys(zipped)).toEqual(expect.arrayContaining(['models/modelDT.json', 'models/modelKNN.json', 'results.json']));

  // The result e-mail reached the SMTP server, addressed to the user, naming the job with a link to it.
  const jobId = new URL(page.url()).searchParams.get('id')!;
  let mail: SinkMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await page.request.get(E2E_SMTP_MESSAGES_URL)).json()) as SinkMessage[];
        mail = messages.find((m) => m.to.includes(user.email));
        return Boolean(mail);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const text = mail!.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  expect(text).toContain(jobName);
  expect(text).toContain(`/results?id=${jobId}`);
});
