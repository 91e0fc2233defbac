import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures/app.ts';

/**
 * The Results tab and the result detail of a finished job. The job is the demo account's example, a real
 * AutoML run on the WHO data that the server seeds on first start (it needs WHO_IMPORT_DIR); the test waits
 * for it to finish and skips with a message when the server has no WHO data to seed it from.
 */

const JOB_WAIT_MS = 12 * 60_000;

async function bodyRows(table: Locator): Promise<Locator[]> {
  return table.locator('tbody tr').all();
}

async function cellTexts(table: Locator, column: number): Promise<string[]> {
  return table.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts();
}

/** A chart drew on its canvas (ECharts paints a non-empty canvas once the chunk has loaded). */
async function expectChartDrawn(page: Page, testId: string): Promise<void> {
  const chart = page.getByTestId(testId);
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', /\S/);
  const painted = await chart.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });
  expect(painted, `${testId} painted`).toBe(true);
}

test.describe('results', () => {
  test.setTimeout(JOB_WAIT_MS + 4 * 60_000);

  test('list and detail of a finished job: tables, filters, pagination, charts, download', async ({ page, loginDemo }, testInfo) => {
    await loginDemo(page);
    const list = page.getByTestId('results-list');
    const empty = page.getByTestId('results-empty');
    await expect(list.or(empty)).toBeVisible({ timeout: 30_000 });
    test.skip(await empty.isVisible(), 'The demo account has no job: the e2e server needs WHO_IMPORT_DIR so the demo example is seeded.');

    // The list updates live (SSE): the example job finishes without a reload.
    const finished = list.locator('tr[data-job-id]', { has: page.locator('[data-status="Done"], [data-status="Error"]') }).first();
    await expect(finished).toBeVisible({ timeout: JOB_WAIT_MS });
    if ((await finished.locator('[data-status]').getAttribute('data-status')) === 'Error') {
      // A failed job shows the missing-detail text and its reason; the rest of this test needs a finished one.
      await finished.click();
      await expect(page.getByText('No result details found. Possible error encountered.')).toBeVisible({ timeout: 30_000 });
      const reason = await page.getByTestId('detail-missing').innerText();
      await page.screenshot({ path: testInfo.outputPath('results-error.png'), fullPage: true });
      throw new Error(`The demo example job ended in error: ${reason}`);
    }
    const done = finished;
    await expect(list.locator('thead th')).toHaveText(['Compare', 'Name', 'Date', 'Database', 'Status', 'Actions']);
    await expect(done.locator('td').nth(2)).toHaveText(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):\d{2}$/);
    await expect(done.locator('td').nth(3)).toHaveText('WHO');
    await expect(page.getByText(/^Page 1 of \d+$/).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('results-list.png'), fullPage: true });

    // Keyboard opens the detail too.
    await done.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/results\?id=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Step 4 - Post-processing' })).toBeVisible();
    await expect(page.getByText('Request Date')).toBeVisible();
    await expect(page.getByTestId('final-results')).toBeVisible({ timeout: 30_000 });

    // AutoML Configurations: closed, opens with the spec labels, closes again.
    const toggle = page.getByRole('button', { name: /AutoML Configurations/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    for (const label of ['Predicted Indicator', 'Predicted Year', 'ML Algorithms Used']) {
      await expect(page.getByTestId('configuration-fields').getByText(label, { exact: true })).toBeVisible();
    }
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // The report, each section naming who wrote it, and one sentence on who wrote the whole (the e2e server has no
    // language model configured: the built-in analyst).
    await expect(page.getByTestId('report').getByText(/^Written by: /).first()).toBeVisible();
    await expect(page.getByTestId('report-banner')).toHaveText(/^This report was written by the built-in analyst, .* it is not a language model\.$/);

    // Every table, once its section is opened (they start collapsed).
    await page.getByTestId('toggle-all-sections').click();
    const tables = [
      'table-resultados',
      'table-summary',
      'table-baselines',
      'table-classes',
      'table-used-indicators',
      'table-unused-indicators',
      'table-correlation',
      'table-outliers',
    ];
    for (const id of tables) await expect(page.getByTestId(id)).toBeAttached();
    await expect(page.getByTestId('table-resultados').locator('thead th')).toHaveText(['Model', 'Class', 'Test rows', 'Accuracy (0-1)', 'Precision', 'Recall', 'F1']);
    for (const accuracy of await cellTexts(page.getByTestId('table-summary'), 2)) expect(accuracy).toMatch(/^\d{1,3}\.\d{2}%$/);
    // No field name of the spec on the page (they stay in the JSON and the CSV downloads).
    const pageText = await page.getByTestId('final-results').innerText();
    for (const raw of ['TotalIntances', 'indicatorAnalyzingName', 'missingDatasPercent', 'mean_test_score', 'rank_test_score']) expect(pageText).not.toContain(raw);
    // Indicators by their WHO names: a column code with its dimension ("WHOSIS_000004-SEX_FMLE") appears only in
    // parentheses after its name, and never in the report.
    const dimensionCode = /(?<![(\w])[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*-(SEX|RESIDENCEAREATYPE|AGEGROUP)_/;
    expect(pageText).not.toMatch(dimensionCode);
    expect(await page.getByTestId('report').innerText()).not.toMatch(/[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*-(SEX|RESIDENCEAREATYPE|AGEGROUP)_/);
    const families = await page.locator('[data-testid^="model-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')!.slice(6)));
    expect(families.length).toBeGreaterThan(0);
    for (const family of families) {
      // Then the prediction set, when the model has a conformal rule.
      const heads = await page.getByTestId(`table-predictions-${family}`).locator('thead th').allInnerTexts();
      expect(heads.slice(0, 5)).toEqual(['Country', 'WHO region', 'Year', 'Actual class', 'Predicted class']);
      expect([['Explanation'], ['Prediction set', 'Explanation']]).toContainEqual(heads.slice(5));
      await expect(page.getByTestId(`table-confusion-${family}`)).toBeAttached();
    }
    if (families.includes('ANN')) await expect(page.getByTestId('table-ann-hyperparameters')).toBeAttached();
    // The leaderboard: every family's candidates, a test score for finalists only.
    const board = page.getByTestId('leaderboard');
    // 20 rows a page: sorted by test score, the finalists (one per family, the only rows with one) come first.
    await board.getByRole('button', { name: 'Sort by Test macro-F1 (finalists only)' }).click();
    for (const family of families) await expect(board.locator(`tbody tr[data-family="${family}"][data-finalist="true"]`)).toHaveCount(1);
    for (const row of await board.locator('tbody tr[data-finalist="false"]').all()) await expect(row.locator('td').nth(8)).toHaveText('');
    const ig = (await cellTexts(page.getByTestId('table-used-indicators'), 2)).map(Number);
    expect(ig).toEqual([...ig].sort((a, b) => b - a));

    // Charts, each drawn and described.
    await expectChartDrawn(page, 'chart-scores');
    for (const family of families) await expectChartDrawn(page, `chart-confusion-${family}`);
    await expectChartDrawn(page, 'chart-correlation');
    const featureCharts = await page.locator('[data-testid^="chart-features-"]').count();
    expect(featureCharts).toBeGreaterThan(0);
    await expectChartDrawn(page, 'chart-map');
    await page.getByTestId('world-map').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('results-map.png') });

    // Pagination of the predictions (about 190 countries in the test year: several pages).
    const predictions = page.getByTestId(`table-predictions-${families[0]}`);
    const pageLabel = predictions.getByText(/^Page \d+ of \d+$/);
    const pages = Number((await pageLabel.innerText()).split(' of ')[1]);
    expect(await bodyRows(predictions)).toHaveLength(pages > 1 ? 20 : (await bodyRows(predictions)).length);
    if (pages > 1) {
      await predictions.getByRole('button', { name: 'Next' }).click();
      await expect(pageLabel).toHaveText(`Page 2 of ${pages}`);
      await predictions.getByRole('button', { name: 'Previous' }).click();
      await expect(pageLabel).toHaveText(`Page 1 of ${pages}`);
    }

    // Filters: Hits, Errors, year, algorithm, category.
    const filters = page.getByTestId('result-filters');
    await filters.getByLabel('Type').selectOption('acertos');
    for (const row of await bodyRows(predictions)) {
      const [actual, predicted] = await Promise.all([row.locator('td').nth(3).innerText(), row.locator('td').nth(4).innerText()]);
      if (actual !== 'No rows.') expect(predicted).toBe(actual);
    }
    await filters.getByLabel('Type').selectOption('erros');
    for (const row of await bodyRows(predictions)) {
      const cells = row.locator('td');
      if ((await cells.count()) < 5) continue; // "No rows."
      expect(await cells.nth(4).innerText()).not.toBe(await cells.nth(3).innerText());
    }
    await filters.getByLabel('Type').selectOption('');
    const years = (await filters.getByLabel('Year').locator('option').allInnerTexts()).slice(1);
    await filters.getByLabel('Year').selectOption(years[0]);
    expect(new Set(await cellTexts(predictions, 2))).toEqual(new Set([years[0]]));
    await filters.getByLabel('Algorithm').selectOption(families[0]);
    expect(new Set(await cellTexts(page.getByTestId('table-resultados'), 0))).toEqual(new Set([families[0]]));
    if (families.length > 1) await expect(page.getByTestId(`model-${families[1]}`)).toHaveCount(0);
    const categories = (await filters.getByLabel('Category').locator('option').allInnerTexts()).slice(1);
    await filters.getByLabel('Category').selectOption(categories[0]);
    expect(new Set(await cellTexts(page.getByTestId('table-resultados'), 1))).toEqual(new Set([categories[0]]));
    await filters.getByRole('button', { name: 'Clear filters' }).click();

    // How to read the results.
    await page.getByRole('button', { name: 'How to read the results' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/Baselines: the majority class/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath('results-detail.png'), fullPage: true });

    // Download models: one zip with every model, the ensemble, the results, the predictions and a README.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download models' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^indicata-[0-9A-Za-z_-]{20}\.zip$/);
    const zipped = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const names = Object.keys(zipped);
    expect(names).toEqual(expect.arrayContaining(['README.md', 'results.json', 'resultados.csv']));
    const results = JSON.parse(strFromU8(zipped['results.json'])) as { best: string; models: Record<string, unknown> };
    for (const family of Object.keys(results.models)) {
      expect(names).toContain(`predictions/predictions${family}.csv`);
      expect(names).toContain(family === 'Ensemble' ? 'models/ensemble.json' : `models/model${family}.json`);
    }

    // Back to the list.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/home\?tab=results/);
  });
});
