import type { WhoIndicator } from '@indicata/contracts';
import { E2E_WHO_INDICATORS } from '../playwright.config.ts';
import { expect, test } from './fixtures/app.ts';

/**
 * /whoimport against the catalog the e2e server imported from the shipped WHO snapshot at start-up
 * (WHO_IMPORT_INDICATORS, playwright.config.ts): search, each indicator's label, years, regions, dimensions and
 * coverage, the data's vintage, the choice of indicators, and "Use WHO Data" back to the wizard.
 */
test.describe('WHO catalog page', () => {
  test('lists the imported indicators, searches them and stores the chosen ones in the wizard', async ({ page, registerUser, login }) => {
    const user = await registerUser(page);
    await login(page, user.email, user.password);
    const api = await page.request.get('/api/who/indicators');
    const { indicators } = (await api.json()) as { indicators: WhoIndicator[] };
    expect(indicators.map((i) => i.code)).toEqual([...E2E_WHO_INDICATORS].sort());

    await page.goto('/whoimport');
    await expect(page.getByRole('heading', { level: 1, name: 'Import from the WHO dataset' })).toBeVisible();
    const table = page.getByTestId('who-indicators');
    await expect(table.locator('tbody tr')).toHaveCount(E2E_WHO_INDICATORS.length);

    const life = table.locator('tr[data-code="WHOSIS_000001"]');
    await expect(life).toContainText('Life expectancy at birth (years)');
    await expect(life).toContainText('2000–2016');
    // Dimensions in words, the WHO code in the badge's title.
    await expect(life).toContainText('Both sexes');
    await expect(life.getByTitle('SEX_FMLE')).toHaveText('Female');
    await expect(life).toContainText('183 countries, 17 years');
    await expect(table.locator('tr[data-code="SDGPM25"]').getByTitle('RESIDENCEAREATYPE_URB')).toHaveText('Urban');
    await expect(page.getByTestId('who-vintage')).toHaveText('Data vintage: WHO GHO export of 2018-07');

    await page.getByRole('searchbox', { name: 'Search indicators' }).fill('mortality rate');
    // Infant, under-five and adult mortality rates.
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(table.locator('tr[data-code="WHOSIS_000004"]')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Use MDG_0000000001' }).check();
    await page.getByRole('checkbox', { name: 'Use MDG_0000000007' }).check();
    await page.getByRole('searchbox', { name: 'Search indicators' }).fill('');
    await page.getByRole('checkbox', { name: 'Use WHS4_100' }).check();
    await expect(page.getByTestId('who-selection-count')).toContainText('3 indicators chosen');

    await page.getByRole('button', { name: 'Use WHO Data' }).click();
    await page.waitForURL('**/home');
    await expect(page.getByTestId('current-source')).toHaveText('WHO Global Health Observatory');
    await expect(page.getByTestId('who-vintage')).toHaveText('WHO data: WHO GHO export of 2018-07');
    const wizard = await page.evaluate(() => JSON.parse(localStorage.getItem('indicata.wizard.v1') ?? '{}'));
    expect(wizard).toMatchObject({
      useWho: true,
      database: 'WHO',
      timeDimension: 'year',
      regionDimension: 'regionName',
      indicatorsAnalyzingCode: ['MDG_0000000001', 'MDG_0000000007', 'WHS4_100'],
    });

    // Coming back shows the choice again.
    await page.goto('/whoimport');
    await expect(page.getByRole('checkbox', { name: 'Use WHS4_100' })).toBeChecked();
  });
});
