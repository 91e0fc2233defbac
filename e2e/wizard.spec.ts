import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE, MESSAGES, enLocale, formatMessage, ptBRLocale } from '@indicata/contracts';
import { expect, test } from './fixtures/app.ts';

/**
 * The AutoML wizard in the real browser: the Run AutoML checks (first failing one shown), Target Selection
 * with its class preview, steps and models toggled and imported without duplicates, a configuration page
 * with its validation and confirmation, the state kept across a reload, and the submit flow.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Screenshots of the wizard for a person to look at (outside test-results, which every run empties). */
const SHOTS = process.env.WIZARD_SHOTS_DIR ?? path.join(repoRoot, 'test-results', 'wizard');
const WIZARD_STORAGE_KEY = 'indicata.wizard.v1';
/** Two regions over six years; `cases` is the target, `beds` a feature. */
const CSV = ['region;year;cases;beds', ...[0, 1, 2, 3, 4, 5].flatMap((i) => [`North;${2010 + i};${10 + i * 3};${i}`, `South;${2010 + i};${40 + i};${i * 2}`])].join('\n');

async function expectAlert(page: Page, message: string): Promise<void> {
  const alert = page.locator('.mantine-Notification-root').filter({ hasText: message });
  await expect(alert).toBeVisible();
  await alert.getByRole('button').first().click();
  await expect(alert).toHaveCount(0);
}

/** A full-page screenshot from the top (the fixed header would otherwise be drawn mid-page). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function pick(page: Page, input: Locator, option: string): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function uploadAndChoose(page: Page): Promise<void> {
  const response = await page.request.post('/api/uploads', {
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    multipart: { file: { name: 'regions.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) }, spatialColumn: 'region', temporalColumn: 'year' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const upload = (await response.json()) as { id: string; storedName: string; fileName: string };
  // What /uploadcsv does after a successful upload (chooseUpload): the stored state gets the file and dimensions.
  await page.evaluate(
    ({ key, u }) => {
      const state = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      Object.assign(state, { useWho: false, database: u.storedName, uploadId: u.id, fileName: u.fileName, regionDimension: 'region', timeDimension: 'year' });
      localStorage.setItem(key, JSON.stringify(state));
    },
    { key: WIZARD_STORAGE_KEY, u: upload },
  );
  await page.reload();
  await expect(page.getByTestId('current-source')).toHaveText('File regions.csv');
}

test('configure a request, see every check, keep it across a reload and submit it', async ({ page, registerUser, login }) => {
  test.setTimeout(120_000);
  const user = await registerUser(page);
  await login(page, user.email, user.password);
  await expect(page.getByRole('tab', { name: 'Configure AutoML' })).toHaveAttribute('aria-selected', 'true');
  const run = page.getByTestId('run-automl');

  // Check 1: no database. Typing the name first also stores the wizard state.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
  await run.click();
  await expectAlert(page, MESSAGES.noDatabase);
  await shoot(page, 'configure-tab');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('x');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
  await uploadAndChoose(page);

  // Check 2: no target.
  await run.click();
  await expectAlert(page, MESSAGES.noTargetCode);

  // Target Selection: its own rules, the digits-only percentage, the class preview, then "Target imported."
  await page.getByRole('button', { name: 'Configure Target' }).click();
  await page.waitForURL('**/targetselection');
  await page.getByRole('button', { name: 'Import Target' }).click();
  await expectAlert(page, MESSAGES.targetNoIndicator);
  await pick(page, page.getByRole('textbox', { name: 'Target indicator' }), 'cases');
  await page.getByRole('button', { name: 'Import Target' }).click();
  await expectAlert(page, MESSAGES.targetNeitherYearRegionNorPercent);
  // By time period: a year alone is not enough; "All regions" (first in the list) or one region is.
  await page.getByRole('radio', { name: 'By time period' }).check();
  await pick(page, page.getByRole('textbox', { name: 'Target year' }), '2014');
  await page.getByRole('button', { name: 'Import Target' }).click();
  await expectAlert(page, MESSAGES.targetNeitherYearRegionNorPercent);
  await page.getByRole('textbox', { name: 'Target region' }).click();
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText('All regions');
  await page.getByRole('option', { name: 'All regions', exact: true }).click();
  await page.getByRole('button', { name: 'Import Target' }).click();
  await expectAlert(page, MESSAGES.autoDiscretizationNoValue);
  // Switching to the percentage clears the year and the region.
  await page.getByRole('radio', { name: 'Percentage for testing' }).check();
  const percent = page.getByRole('textbox', { name: 'Percentage for testing (%)' });
  await percent.pressSequentially('2x5.');
  await expect(percent).toHaveValue('25');
  await page.getByRole('button', { name: 'Import Target' }).click();
  await expectAlert(page, MESSAGES.autoDiscretizationNoValue);
  await pick(page, page.getByRole('textbox', { name: 'Number of groups' }), '2');
  const preview = page.getByTestId('class-preview');
  await expect(preview).toBeVisible();
  // 12 rows with a value: cases 10..25 (North) and 40..45 (South) cut at the middle of the training years' [10, 44].
  await expect(page.getByText('12 rows with a value')).toBeVisible();
  await expect(preview.locator('tbody tr')).toHaveCount(2);
  await expect(preview.locator('tbody tr').nth(0)).toContainText('6');
  await expect(preview.locator('tbody tr').nth(1)).toContainText('6');
  // 25 % of six years of two rows is the last year; each class has one test row, and the preview says so by name.
  await expect(page.getByTestId('class-preview-split')).toHaveText('Training on 2010-2014 (10 rows); testing on 2015 (2 rows).');
  await expect(page.getByTestId('class-warnings')).toContainText('in the test years (2015): 1, fewer than 5');
  // The classes are quantile ones by default (the split every test year can judge), so the preview offers no switch to them.
  await expect(page.getByRole('textbox', { name: 'Method' })).toHaveValue('Quantile (equal counts)');
  await expect(page.getByTestId('use-quantile')).toHaveCount(0);
  await shoot(page, 'target-selection');
  await page.getByRole('button', { name: 'Import Target' }).click();
  await expectAlert(page, MESSAGES.targetImported);
  await page.waitForURL('**/home**');
  await expect(page.getByTestId('current-target')).toHaveValue('cases');

  // Check 7: the name.
  await run.click();
  await expectAlert(page, MESSAGES.noName);

  // Step 2: Auto off empties the steps; Add Step imports without duplicates.
  await page.getByTestId('step-preprocessing').locator('.mantine-Switch-label').click();
  await expect(page.getByRole('switch', { name: 'Auto: Step 2 Preprocessing' })).not.toBeChecked();
  await expect(page.getByText('No preprocessing step added.', { exact: false })).toBeVisible();
  for (const steps of [['MissingData', 'Outliers'], ['Outliers', 'Sampling']]) {
    await page.getByRole('button', { name: 'Add Step' }).click();
    await page.waitForURL('**/selectpreprocessingstep');
    for (const step of steps) await page.getByRole('checkbox', { name: new RegExp(`^${step} \\(`) }).check();
    await page.getByRole('button', { name: 'Import Steps' }).click();
    await page.waitForURL('**/home**');
  }
  const preprocessing = page.getByTestId('step-preprocessing');
  await expect(preprocessing.locator('[data-testid^="item-"]')).toHaveCount(3);
  await preprocessing.getByRole('button', { name: 'Disable: Sampling' }).click();
  await expect(preprocessing.locator('[data-testid^="item-"]')).toHaveCount(2);

  // Step 3: only Random Forest, configured on its page.
  await page.getByTestId('step-models').locator('.mantine-Switch-label').click();
  await expect(page.getByRole('switch', { name: 'Auto: Step 3 Model Selection' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Add Model' }).click();
  await page.waitForURL('**/selectmlstep');
  await page.getByRole('checkbox', { name: 'RF (Random Forest)' }).check();
  await page.getByRole('button', { name: 'Import Algorithms' }).click();
  await page.waitForURL('**/home**');
  await page.getByRole('button', { name: 'Configure: RF' }).click();
  await page.waitForURL('**/randomforest');
  await page.getByRole('button', { name: 'Auto: n_estimators' }).click();
  await page.getByRole('button', { name: 'Auto: max_depth' }).click();
  await page.getByRole('button', { name: 'Save Configurations' }).click();
  await expectAlert(page, formatMessage(MESSAGES.rfNeedsParameter, { parameter: 'n_estimators' }));
  await page.getByRole('textbox', { name: 'Customize: n_estimators' }).fill('50, 100');
  await page.getByRole('button', { name: 'Save Configurations' }).click();
  await expectAlert(page, formatMessage(MESSAGES.rfNeedsParameter, { parameter: 'max_depth' }));
  await page.getByRole('textbox', { name: 'Customize: max_depth' }).fill('None, 8');
  await shoot(page, 'random-forest');
  await page.getByRole('button', { name: 'Save Configurations' }).click();
  await expectAlert(page, MESSAGES.rfConfigured);
  await page.waitForURL('**/home**');
  const rf = page.getByTestId('item-RF');
  await expect(rf).toContainText('Custom settings');

  // A preprocessing page: its per-parameter auto toggle and its confirmation.
  await page.getByRole('button', { name: 'Configure: MissingData' }).click();
  await page.waitForURL('**/dadosausentes');
  const removal = page.getByRole('textbox', { name: 'Customize: Remove attributes with missing data' });
  await expect(removal).toBeDisabled();
  await page.getByRole('button', { name: 'Auto: Remove attributes with missing data' }).click();
  await pick(page, removal, 'More than 60%');
  await shoot(page, 'missing-data');
  await page.getByRole('button', { name: 'Save Configurations' }).click();
  await expectAlert(page, MESSAGES.missingDataSaved);
  await page.waitForURL('**/home**');
  await expect(page.getByTestId('item-MissingData')).toContainText('Custom settings');

  // A reload keeps the request in progress.
  await page.reload();
  await expect(page.getByTestId('current-target')).toHaveValue('cases');
  await expect(preprocessing.locator('[data-testid^="item-"]')).toHaveCount(2);
  await expect(page.getByTestId('item-RF')).toContainText('Custom settings');
  await expect(page.getByTestId('current-source')).toHaveText('File regions.csv');
  await shoot(page, 'configure-tab-filled');

  // Submit: cancel sends nothing; yes queues the job and opens Results.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Regional cases');
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/jobs')) posted.push(request.postData() ?? '');
  });
  await run.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MESSAGES.confirmSubmit);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(posted).toEqual([]);
  await run.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(MESSAGES.jobQueued, { exact: true })).toBeVisible();
  await expect(page.getByText(formatMessage(MESSAGES.jobQueuedDetail, { name: 'Regional cases' }))).toBeVisible();
  await page.waitForURL('**/home?tab=results');
  await expect(page.getByRole('tab', { name: 'Results' })).toHaveAttribute('aria-selected', 'true');
  expect(posted).toHaveLength(1);
  const sent = JSON.parse(posted[0]) as { name: string; data: Record<string, unknown> };
  expect(sent.name).toBe('Regional cases');
  expect(sent.data).toMatchObject({
    codePredictionIndicator: 'cases',
    fracUsedToTest: 25,
    predictionIndicatorYear: null,
    groupsCategorization: 2,
    MLAlgorithms: ['RF'],
    RFConfig: { RFnEstimators: [50, 100], RFmaxDepth: [null, 8], RFcriterion: 'auto' },
    outlierQparameter: 'auto',
    BalanceAlgorithm: 'none',
    typeML: 'Classification',
  });
  expect(sent.data).toMatchObject({ maxPercentMissingDatasToPrediction: 60, dataImputation: 'auto' });

  // The confirm screen follows the request just sent.
  await page.goto('/adddata');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm submission' })).toBeVisible();
  await expect(page.getByText(/^Status: (Pending|Running|Done)$/)).toBeVisible();
  await shoot(page, 'confirm-submission');
});

test('the percentage and year checks of Run AutoML, and a corrupt stored state', async ({ page, registerUser, login }) => {
  const user = await registerUser(page);
  await login(page, user.email, user.password);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Checks');
  await uploadAndChoose(page);
  const setState = (patch: Record<string, unknown>) =>
    page.evaluate(
      ({ key, p }) => {
        const state = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
        localStorage.setItem(key, JSON.stringify({ ...state, ...p }));
      },
      { key: WIZARD_STORAGE_KEY, p: patch },
    );
  const run = page.getByTestId('run-automl');

  await setState({ targetCode: 'cases', targetYear: '2014', targetRegion: 'North', testPercent: '20' });
  await page.reload();
  await run.click();
  await expectAlert(page, MESSAGES.bothYearAndPercent);

  await setState({ targetYear: '', targetRegion: '', testPercent: '' });
  await page.reload();
  await run.click();
  await expectAlert(page, MESSAGES.neitherYearNorPercent);

  await setState({ testPercent: '150' });
  await page.reload();
  await run.click();
  await expectAlert(page, MESSAGES.percentOutOfRange);

  await setState({ testPercent: '30', groupsCategorization: null });
  await page.reload();
  await run.click();
  await expectAlert(page, MESSAGES.noGroupCount);

  // A corrupt value resets the wizard instead of breaking the page.
  await page.evaluate((key) => localStorage.setItem(key, '{"name": 42'), WIZARD_STORAGE_KEY);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  await expect(page.getByTestId('current-source')).toHaveText('None chosen yet');
});

/** The class-preview check in each language at each width: the warning in the page's language, nothing sideways. */
const PREVIEW_VARIANTS = [
  { width: 390, height: 844, language: 'pt-BR', words: ptBRLocale.wizard, otherLanguage: /\b(Rows|class|fewer)\b/ },
  { width: 390, height: 844, language: 'en', words: enLocale.wizard, otherLanguage: /\b(Linhas|classe|menos)\b/ },
  { width: 1366, height: 900, language: 'pt-BR', words: ptBRLocale.wizard, otherLanguage: /\b(Rows|class|fewer)\b/ },
  { width: 1366, height: 900, language: 'en', words: enLocale.wizard, otherLanguage: /\b(Linhas|classe|menos)\b/ },
] as const;

/** The class warning's first sentence for one test row of a class, whatever the class's title. */
function fewTestRowsPattern(template: string): RegExp {
  const sentence = formatMessage(template, { testYears: '2015', where: '', count: '1', min: '5', title: '\u0000' }).split('. ')[0];
  const escaped = sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace('\u0000', '.+'));
}

for (const { width, height, language, words, otherLanguage } of PREVIEW_VARIANTS) {
test(`the class preview names the class too small to test, without sideways scroll (${width} px, ${language})`, async ({ page, registerUser, login }) => {
  await page.setViewportSize({ width, height });
  const user = await registerUser(page);
  await login(page, user.email, user.password);
  // Typing a name stores the wizard's state, which the upload is then added to.
  await page.getByTestId('job-name').fill('Preview');
  await uploadAndChoose(page);
  if (language !== 'en') await page.getByRole('banner').getByRole('combobox').selectOption(language);
  await page.getByRole('button', { name: words.step13.configure }).click();
  await page.waitForURL('**/targetselection');
  await pick(page, page.getByRole('textbox', { name: words.target.indicator }), 'cases');
  await page.getByRole('radio', { name: words.target.byPercent }).check();
  await page.getByRole('textbox', { name: words.target.percent }).pressSequentially('25');
  await pick(page, page.getByRole('textbox', { name: words.target.groups }), '2');
  await expect(page.getByTestId('class-preview').locator('tbody tr')).toHaveCount(2);
  // 25 % of six years is the last one, 2015: each of the two classes has one test row there.
  const warnings = page.getByTestId('class-warnings');
  await expect(warnings).toContainText(fewTestRowsPattern(words.classChecks.classFewTest));
  expect(await warnings.innerText()).not.toMatch(otherLanguage);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // Every column of the preview in view, none cut at the edge of its scroll box.
  const hiddenPixels = await page.getByTestId('class-preview').evaluate((table) => {
    let box = table.parentElement;
    while (box && !['auto', 'scroll', 'hidden'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    return box ? box.scrollWidth - box.clientWidth : 0;
  });
  expect(hiddenPixels).toBeLessThanOrEqual(0);
  await shoot(page, `target-selection-${width}-${language}`);
});
}
