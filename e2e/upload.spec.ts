import type { Page } from '@playwright/test';
import { MESSAGES, type UploadListItem, type UploadRecord } from '@indicata/contracts';
import { expect, test } from './fixtures/app.ts';

/**
 * CSV upload through the real browser (spec sections 2 "CSV File Upload", 5, 7, 8): the preview, the column
 * selectors, "Upload File" with its progress, the success message, the return to the wizard with the file
 * chosen, and every refusal message, with nothing stored for a refused file.
 */

const PANEL = [
  'country;year;life;beds;note',
  'France;2000;79,5;70;"first; with semicolon"',
  'France;2001;80.1;n/a;plain',
  'Brazil;2000;70.2;24;=HYPERLINK("http://evil.example")',
  'Brazil;2001;70.9;;+cmd',
  'Kenya;2000;55.3;14;@SUM(A1)',
  'Kenya;2001;56;13;-x',
  'Peru;2000;71;15;last',
].join('\r\n');

async function chooseFile(page: Page, name: string, content: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
}

async function uploadsOf(page: Page): Promise<UploadListItem[]> {
  const response = await page.request.get('/api/uploads');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { uploads: UploadListItem[] }).uploads;
}

test.describe('CSV upload', () => {
  test('previews, uploads with progress and returns to the wizard with the file chosen', async ({ page, registerUser, login }) => {
    const user = await registerUser(page);
    await login(page, user.email, user.password);
    await page.getByRole('button', { name: 'Import Database' }).click();
    await page.waitForURL('**/uploadcsv');
    await expect(page.getByRole('heading', { level: 1, name: 'CSV File Upload' })).toBeVisible();

    await chooseFile(page, 'life panel.csv', PANEL);
    const preview = page.getByTestId('csv-preview');
    await expect(preview.locator('thead th')).toHaveText(['country', 'year', 'life', 'beds', 'note']);
    // The first 5 data rows only; formula-like cells are shown as plain text.
    await expect(preview.locator('tbody tr')).toHaveCount(5);
    await expect(preview.locator('tbody tr').nth(0).locator('td')).toHaveText(['France', '2000', '79,5', '70', 'first; with semicolon']);
    await expect(preview.locator('tbody tr').nth(2).locator('td').nth(4)).toHaveText('=HYPERLINK("http://evil.example")');
    await expect(preview).not.toContainText('Peru');
    await expect(page.getByText('7 rows, 5 columns')).toBeVisible();

    await expect(page.getByRole('textbox', { name: 'Spatial dimension column' })).toHaveValue('country');
    await expect(page.getByRole('textbox', { name: 'Temporal dimension column' })).toHaveValue('year');
    await page.getByRole('button', { name: 'Upload File' }).click();
    await expect(page.getByText(MESSAGES.uploadSaved)).toBeVisible();
    await page.waitForURL('**/home');
    await expect(page.getByTestId('current-source')).toHaveText('File life panel.csv');

    const [item] = await uploadsOf(page);
    expect(item.storedName).toMatch(/^\d{13}_life_panelcsv$/);
    const record = (await (await page.request.get(`/api/uploads/${item.id}`)).json()) as UploadRecord;
    expect(record).toMatchObject({
      fileName: 'life panel.csv',
      columns: ['country', 'year', 'life', 'beds', 'note'],
      selectedRegionColumn: 'country',
      selectedYearColumn: 'year',
      regionValues: ['Brazil', 'France', 'Kenya', 'Peru'],
      yearValues: [2000, 2001],
      numericColumns: ['life', 'beds'],
      rowCount: 7,
    });
    const wizard = await page.evaluate(() => JSON.parse(localStorage.getItem('indicata.wizard.v1') ?? '{}'));
    expect(wizard).toMatchObject({ useWho: false, uploadId: item.id, database: item.storedName, regionDimension: 'country', timeDimension: 'year' });
  });

  test('shows the message of every refused file and stores nothing', async ({ page, registerUser, login }) => {
    const user = await registerUser(page);
    await login(page, user.email, user.password);
    await page.goto('/uploadcsv');
    const problem = page.getByTestId('upload-problem');

    const cases: [string, string, string][] = [
      ['notes.txt', 'country;year;v\nA;2000;1', MESSAGES.csvNotCsv],
      ['commas.csv', 'country,year,v\nA,2000,1', 'The delimiter "," was detected. Only files with the ";" delimiter are accepted.'],
      ['tabs.csv', 'country\tyear\tv\nA\t2000\t1', 'The delimiter "\\t" was detected. Only files with the ";" delimiter are accepted.'],
      ['colons.csv', 'country:year:v\nA:2000:1', 'The delimiter ":" was detected. Only files with the ";" delimiter are accepted.'],
      ['empty.csv', '', MESSAGES.csvEmptyOrMalformed],
      ['header.csv', 'country;year;v\n', MESSAGES.csvEmptyOrMalformed],
      ['quote.csv', 'country;year;v\n"A;2000;1\n', 'CSV file is empty or malformed. Line 2 opens a quoted value (") that is never closed. Close the quote or remove it, then try again.'],
      ['dup.csv', 'country;year;year\nA;2000;1', 'CSV file is empty or malformed. The column name "year" appears more than once. Each column needs its own name.'],
    ];
    for (const [name, content, message] of cases) {
      await chooseFile(page, name, content);
      await expect(problem, name).toHaveText(message);
      await expect(page.getByTestId('csv-preview')).toHaveCount(0);
    }

    // A readable file whose columns cannot be guessed: uploading without choosing them is refused.
    await chooseFile(page, 'plain.csv', 'a;b;c\nx;2000;1\ny;2001;2');
    await expect(page.getByTestId('csv-preview')).toBeVisible();
    await page.getByRole('button', { name: 'Upload File' }).click();
    await expect(problem).toHaveText(MESSAGES.csvNeedsFileAndColumns);

    // A non-numeric temporal column is refused before anything is sent.
    await page.getByRole('textbox', { name: 'Spatial dimension column' }).click();
    await page.getByRole('option', { name: 'b', exact: true }).click();
    await page.getByRole('textbox', { name: 'Temporal dimension column' }).click();
    await page.getByRole('option', { name: 'a', exact: true }).click();
    await page.getByRole('button', { name: 'Upload File' }).click();
    await expect(problem).toHaveText('The temporal column "a" must hold numbers such as years; line 2 has "x".');

    expect(await uploadsOf(page)).toEqual([]);
  });
});
