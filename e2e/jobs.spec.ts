import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app.ts';
import { queueJob, readJob, whoAvailable, whoJobData } from './support/jobs.ts';

/**
 * Jobs under their owner's control, in Chromium against the real server and engine: cancel a running job, re-run
 * a finished one to the same results (with the same seed, and exactly by replaying its search), compare jobs side by side, delete one with its files, clone one into the
 * wizard and run the copy. Jobs are queued through the API (the wizard's own path is wizard.spec.ts and
 * journey.spec.ts) on the e2e server's WHO import.
 */

const JOB_WAIT_MS = 8 * 60_000;

const rowOf = (page: Page, id: string) => page.locator(`tr[data-job-id="${id}"]`);

async function openActions(page: Page, id: string) {
  await rowOf(page, id).getByTestId('job-actions').click();
}

test.describe('job control', () => {
  test.setTimeout(3 * JOB_WAIT_MS);

  test('cancel a running job, re-run a finished one to the same results, compare them, delete one', async ({ page, registerUser, login }) => {
    const user = await registerUser(page);
    await login(page, user.email, user.password);
    test.skip(!(await whoAvailable(page)), 'The e2e server has no WHO data (WHO_IMPORT_DIR).');

    const quick = await queueJob(page, 'Quick tree', whoJobData());
    // A long search: three families on auto with a 10-minute budget.
    const long = await queueJob(page, 'Long search', whoJobData({ MLAlgorithms: ['ANN', 'SVM', 'RF'], budgetSeconds: 600, KNNConfig: 'auto', DTConfig: 'auto' }));

    await page.goto('/home?tab=results');
    await expect(rowOf(page, quick.id).locator('[data-status="Done"]')).toBeVisible({ timeout: JOB_WAIT_MS });
    // The long job runs after the quick one (one at a time) and shows Running with its progress.
    await expect(rowOf(page, long.id).locator('[data-status="Running"]')).toBeVisible({ timeout: JOB_WAIT_MS });
    await expect(rowOf(page, long.id).getByRole('progressbar')).toBeVisible();
    // Its stripes run, unless the reader asked the system for reduced motion: then the bar stands still.
    const bar = rowOf(page, long.id).locator('.mantine-Progress-section');
    const animation = () => bar.evaluate((element) => getComputedStyle(element).animationName);
    await expect.poll(animation).not.toBe('none');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(animation).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    // Cancel, confirmed in a dialog: the row says Cancelled, the worker lets go within seconds.
    await openActions(page, long.id);
    await page.getByRole('menuitem', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this job?' });
    await dialog.getByRole('button', { name: 'Cancel the job' }).click();
    await expect(rowOf(page, long.id).locator('[data-status="Cancelled"]')).toBeVisible({ timeout: 15_000 });
    const cancelled = await readJob(page, long.id);
    expect(cancelled.job?.status).toBe('cancelled');
    expect(cancelled.job?.results ?? null).toBeNull();
    // Its detail says it was cancelled (not "Possible error encountered") and has the actions it names.
    await page.goto(`/results?id=${long.id}`);
    await expect(page.getByTestId('detail-cancelled')).toContainText('This job was cancelled before it finished');
    await expect(page.getByRole('button', { name: 'Actions for Long search' })).toBeVisible();
    await page.goto('/home?tab=results');

    // Re-run: a new job with the same configuration and seed; it starts at once because the cancelled run let go.
    await openActions(page, quick.id);
    await page.getByRole('menuitem', { name: 'Re-run (same seed)' }).click();
    const rerunRow = page.locator('tr[data-job-id]', { hasText: 'Quick tree (re-run)' });
    await expect(rerunRow).toBeVisible();
    await expect(rerunRow.locator('[data-status="Done"]')).toBeVisible({ timeout: JOB_WAIT_MS });
    const rerunId = (await rerunRow.getAttribute('data-job-id'))!;
    const [first, second] = [(await readJob(page, quick.id)).job!, (await readJob(page, rerunId)).job!];
    expect(second.data).toEqual(first.data);
    type Scores = { best: string; models: Record<string, { test: { macroF1: number; accuracy: number }; validationMacroF1: number }> };
    const [a, b] = [first.results as Scores, second.results as Scores];
    expect(b.best).toBe(a.best);
    for (const family of ['DT', 'KNN']) {
      expect(b.models[family].test).toEqual(a.models[family].test);
      expect(b.models[family].validationMacroF1).toBe(a.models[family].validationMacroF1);
    }

    // Rerun exactly: the recorded search replayed, so the very same record and scores; the bundle downloads.
    await openActions(page, quick.id);
    await page.getByRole('menuitem', { name: 'Rerun exactly (replay the same search)' }).click();
    const exactRow = page.locator('tr[data-job-id]', { hasText: 'Quick tree (exact replay)' });
    await expect(exactRow.locator('[data-status="Done"]')).toBeVisible({ timeout: JOB_WAIT_MS });
    const exact = (await readJob(page, (await exactRow.getAttribute('data-job-id'))!)).job!;
    type Replayed = Scores & { replay: unknown };
    expect((exact.results as Replayed).replay).toEqual((first.results as Replayed).replay);
    expect((exact.results as Replayed).models).toEqual(
      expect.objectContaining({ DT: expect.objectContaining({ test: a.models.DT.test, validationMacroF1: a.models.DT.validationMacroF1 }) }),
    );
    await openActions(page, quick.id);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download replay bundle' }).click()]);
    expect(download.suggestedFilename()).toBe(`indicata-${quick.id}-replay.json`);

    // Compare the two runs: same configuration, the same scores.
    await page.getByRole('checkbox', { name: 'Select Quick tree to compare' }).check();
    await page.getByRole('checkbox', { name: 'Select Quick tree (re-run) to compare' }).check();
    await page.getByTestId('compare-selected').click();
    await page.waitForURL(/\/compare\?ids=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Compare jobs' })).toBeVisible();
    await expect(page.getByTestId('compare-no-differences')).toBeVisible();
    const scores = page.getByTestId('compare-scores');
    const testF1 = scores.getByRole('row', { name: /^Test macro-F1 \(chosen model\)/ });
    const cells = await testF1.getByRole('cell').allInnerTexts();
    expect(cells).toHaveLength(2);
    expect(cells[0]).toMatch(/^\d\.\d{4}$/);
    expect(cells[1]).toBe(cells[0]);

    // Compare a finished job with the cancelled one: their configuration differences are listed.
    await page.goto(`/compare?ids=${quick.id},${long.id}`);
    const differences = page.getByTestId('compare-differences');
    await expect(differences.getByRole('row', { name: /^Models KNN, DT ANN, SVM, RF$/ })).toBeVisible();
    await expect(differences.getByRole('row', { name: /^Time budget \(seconds\) 30 600$/ })).toBeVisible();
    await expect(scores.getByRole('row', { name: /^Status Done Cancelled$/ })).toBeVisible();

    // Delete the cancelled job, confirmed: gone from the list and from the server.
    await page.goto('/home?tab=results');
    await openActions(page, long.id);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this job?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(rowOf(page, long.id)).toHaveCount(0);
    expect((await readJob(page, long.id)).status).toBe(404);
    // A finished job's model files go with it.
    const files = await page.request.get(`/api/jobs/${rerunId}/models/modelDT.json`);
    expect(files.status()).toBe(200);
    await openActions(page, rerunId);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this job?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(rowOf(page, rerunId)).toHaveCount(0);
    expect((await page.request.get(`/api/jobs/${rerunId}/models/modelDT.json`)).status()).toBe(404);
  });

  test('clone a job into the wizard, change it and run the copy', async ({ page, registerUser, login }) => {
    const user = await registerUser(page);
    await login(page, user.email, user.password);
    test.skip(!(await whoAvailable(page)), 'The e2e server has no WHO data (WHO_IMPORT_DIR).');
    const original = await queueJob(page, 'Original', whoJobData({ seed: 99, budgetSeconds: 90 }));

    await page.goto('/home?tab=results');
    await openActions(page, original.id);
    await page.getByRole('menuitem', { name: 'Clone into the wizard' }).click();
    await page.waitForURL(/\/home\?tab=configure/);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Original (copy)');
    await expect(page.getByTestId('current-source')).toHaveText('WHO Global Health Observatory');
    await expect(page.getByRole('textbox', { name: 'Seed' })).toHaveValue('99');
    await expect(page.getByRole('textbox', { name: 'Time budget' })).toHaveValue('90 s');
    // The models come back as configured: KNN and DT on their explicit parameters.
    await expect(page.getByTestId('step-models').getByText('Decision Tree')).toBeVisible();

    await page.getByRole('textbox', { name: 'Seed' }).fill('100');
    await page.getByTestId('run-automl').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Your job "Original (copy)" is queued. Follow it on the Results tab.')).toBeVisible();
    await page.waitForURL(/tab=results/);
    const copyRow = page.locator('tr[data-job-id]', { hasText: 'Original (copy)' });
    await expect(copyRow).toBeVisible();
    const copy = (await readJob(page, (await copyRow.getAttribute('data-job-id'))!)).job!;
    const before = (await readJob(page, original.id)).job!;
    const { seed: seedCopy, targetHistory: _a, ...restCopy } = copy.data as Record<string, unknown>;
    const { seed: seedOriginal, targetHistory: _b, ...restOriginal } = before.data as Record<string, unknown>;
    expect(seedOriginal).toBe(99);
    expect(seedCopy).toBe(100);
    expect(restCopy).toEqual(restOriginal);

    // A new request starts with an empty name, not the previous job's.
    await page.getByRole('tab', { name: 'Configure AutoML' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});
