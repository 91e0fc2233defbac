import { readFileSync } from 'node:fs';
import type { GapsResponse } from '@indicata/contracts';
import { expect, test } from './fixtures/app.ts';
import { queueJob, readJob, whoAvailable, whoJobData } from './support/jobs.ts';

/**
 * Using a finished model from its result page, in Chromium against the real server and engine: predict the
 * WHO panel's missing target values (table, map, CSV download), predict rows pasted as a semicolon CSV (with the
 * API's message when training columns are missing), and create, use and revoke a personal API token on the profile
 * page. The job is queued through the API on the e2e WHO import.
 */

const JOB_WAIT_MS = 8 * 60_000;

test.describe('use the model', () => {
  test.setTimeout(JOB_WAIT_MS + 3 * 60_000);

  test('predicts the missing values of a WHO panel and rows pasted as CSV', async ({ page, registerUser, login }, testInfo) => {
    const user = await registerUser(page);
    await login(page, user.email, user.password);
    test.skip(!(await whoAvailable(page)), 'The e2e server has no WHO data (WHO_IMPORT_DIR).');
    const job = await queueJob(page, 'Life expectancy gaps', whoJobData());

    await page.goto(`/results?id=${job.id}`);
    const section = page.getByTestId('use-model');
    await expect(section).toBeVisible({ timeout: JOB_WAIT_MS });
    const { job: stored } = await readJob(page, job.id);
    const labels = (stored?.results as { labels: { space: string; time: string } }).labels;

    // Predict missing values: the table (or the empty state) appears within seconds of asking.
    await section.getByTestId('gaps-button').scrollIntoViewIfNeeded();
    const asked = Date.now();
    await section.getByTestId('gaps-button').click();
    const summary = section.getByTestId('gaps-summary');
    const empty = section.getByTestId('gaps-empty');
    await expect(summary.or(empty)).toBeVisible({ timeout: 30_000 });
    const seconds = (Date.now() - asked) / 1000;
    testInfo.annotations.push({ type: 'gaps table shown after', description: `${seconds.toFixed(2)} s` });
    const gaps = (await (await page.request.get(`/api/jobs/${job.id}/gaps`)).json()) as GapsResponse;
    await page.screenshot({ path: testInfo.outputPath('predict-gaps.png'), fullPage: true });
    if (gaps.missingTarget === 0) {
      await expect(empty).toContainText('There are no rows with a missing target');
    } else {
      await expect(summary).toContainText(`${gaps.missingTarget} of ${gaps.panelRows} rows have no`);
      const table = section.getByTestId('gaps-result-predictions');
      await expect(table.locator('thead th').first()).toHaveText(labels.space);
      await expect(table.locator('tbody tr')).toHaveCount(Math.min(20, gaps.predictions.length || 1));
      if (gaps.predictions.length > 0) {
        const first = gaps.predictions[0];
        await expect(table.locator('tbody tr').first().locator('td').nth(2)).toHaveText(first.label);
        // Its "Why?": the server explains the gap by place and year, from the saved model, on the same prediction.
        const why = table.getByRole('button', { name: `Why ${gaps.model} predicted ${first.label} for ${first.space}, ${first.time}` }).first();
        await why.click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByTestId('explanation-summary')).toHaveText(new RegExp(`^Probability of ${first.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d\\.\\d{3} knowing no indicator, ${first.probabilities[first.classIndex].toFixed(3)} for this row`), { timeout: 30_000 });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      // WHO panel: the map of observed and predicted classes, drawn, with its year slider.
      const map = section.getByTestId('gaps-map');
      await expect(map.getByTestId('chart-gaps-map').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
      await expect(map.getByTestId('chart-gaps-map')).toHaveAttribute('aria-label', /countries with an observed class and \d+ with a predicted one/);
      const firstYear = Math.min(...gaps.observed.map((o) => o.time), ...gaps.predictions.map((p) => p.time ?? Infinity));
      await map.getByRole('slider').focus();
      await page.keyboard.press('Home');
      await expect(map.getByTestId('gaps-map-year')).toHaveText(`Year: ${firstYear}`);
      const [download] = await Promise.all([page.waitForEvent('download'), section.getByTestId('gaps-result-csv').click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^indicata-${job.id}-gaps-[A-Za-z]+\\.csv$`));
      const lines = readFileSync(await download.path(), 'utf8').trim().split('\r\n');
      expect(lines[0].split(';').slice(0, 3)).toEqual([labels.space, labels.time, 'Predicted class']);
      expect(lines).toHaveLength(1 + gaps.predictions.length + gaps.notPredicted.length);
    }

    // Predict new rows: two countries pasted as a semicolon CSV with the training columns.
    await section.getByTestId('tab-new-rows').click();
    const paste = section.getByTestId('new-rows-paste');
    await paste.fill(`${labels.space};${labels.time}\nNowhere;2030`);
    await section.getByTestId('new-rows-button').click();
    const error = section.getByTestId('new-rows-error');
    await expect(error).toContainText('The rows lack columns the model was trained on: ');
    // The message names the columns to send (the target's history, if the model uses it, comes from the panel).
    const features = (await error.innerText()).replace(/^.*trained on: /s, '').replace(/\.\s*$/, '').split(', ');
    expect(features.every((f) => gaps.features.includes(f))).toBe(true);
    const header = [labels.space, labels.time, ...features].join(';');
    const row = (place: string, value: number) => [place, 2030, ...features.map(() => value)].join(';');
    await paste.fill(`${header}\n${row('Atlantis', 1)}\n${row('Utopia', 50)}`);
    await section.getByTestId('new-rows-button').click();
    const predicted = section.getByTestId('new-rows-result-predictions');
    await expect(predicted.locator('tbody tr')).toHaveCount(2, { timeout: 30_000 });
    await expect(predicted.locator('tbody tr').first().locator('td').first()).toHaveText('Atlantis');
    await expect(section.getByTestId('new-rows-error')).toHaveCount(0);
    // The same rows through the decision tree, explained: a column of the inputs that moved each prediction most.
    await section.getByTestId('new-rows-model').click();
    await page.getByRole('listbox', { name: 'Model' }).getByRole('option', { name: 'DT', exact: true }).click();
    await section.getByTestId('new-rows-explain').click();
    await section.getByTestId('new-rows-button').click();
    await expect(predicted.locator('thead th').last()).toHaveText('Inputs that moved it most', { timeout: 30_000 });
    await expect(predicted.locator('tbody tr')).toHaveCount(2);
    await page.screenshot({ path: testInfo.outputPath('predict-new-rows.png'), fullPage: true });
    // A row's "Why?" opens the waterfall of its explanation (drawn) and its numbers; Escape gives the focus back.
    const why = predicted.getByRole('button', { name: /^Why DT predicted .+ for Atlantis, 2030$/ });
    await why.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('explanation-summary')).toHaveText(/^Probability of .+: \d\.\d{3} knowing no indicator, \d\.\d{3} for this row/);
    await expect(dialog.getByTestId('explanation-chart').locator('canvas').first()).toBeVisible();
    await expect(dialog.getByTestId('explanation-table').locator('tbody tr').first().locator('td').first()).toHaveText('Knowing no indicator');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(why).toBeFocused();

    // A personal token from the menu's "API tokens" page: shown once, works as a bearer, refused once revoked.
    await page.getByTestId('menu-tokens').click();
    await page.waitForURL(/\/profile$/);
    await page.getByTestId('token-name').fill('e2e notebook');
    await page.getByTestId('token-create').click();
    const secret = (await page.getByTestId('token-secret-value').innerText()).trim();
    expect(secret).toMatch(/^ind_/);
    await expect(page.getByTestId('token-secret')).toContainText('it will not be shown again');
    const bearer = { headers: { authorization: `Bearer ${secret}` } };
    const request = page.context().request;
    expect((await request.get(`/api/jobs/${job.id}/gaps?model=DT`, bearer)).status()).toBe(200);
    await page.getByRole('button', { name: 'Revoke e2e notebook' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke the token' }).click();
    await expect(page.getByTestId('tokens-table')).toContainText('Revoked');
    expect((await request.get(`/api/jobs/${job.id}/gaps?model=DT`, bearer)).status()).toBe(401);
  });
});
