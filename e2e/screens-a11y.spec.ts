import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './fixtures/app.ts';
import { queueJob, scrollsSideways, whoAvailable, whoJobData } from './support/jobs.ts';

/**
 * The screens other than the finished result page (result-page.spec.ts has that one): axe-core finds no serious
 * or critical violation on the wizard's steps, the WHO catalog, the results list and the compare view; and the
 * main path works in a phone-sized window (390 x 844) with no sideways page scroll.
 */

/** The screens and what shows each is ready. */
const SCREENS: { name: string; path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { name: 'wizard: Configure AutoML', path: '/home?tab=configure', ready: (p) => p.getByTestId('run-automl') },
  { name: 'wizard: WHO catalog', path: '/whoimport', ready: (p) => p.getByRole('table').first() },
  { name: 'wizard: target selection', path: '/targetselection', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { name: 'wizard: preprocessing step', path: '/dadosausentes', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { name: 'wizard: choose models', path: '/selectmlstep', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { name: 'wizard: model form', path: '/randomforest', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { name: 'uploads', path: '/uploadcsv', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { name: 'results list', path: '/home?tab=results', ready: (p) => p.locator('[data-job-id], [data-job-card]').first() },
  { name: 'profile (tokens, account)', path: '/profile', ready: (p) => p.getByRole('heading', { level: 1 }) },
];

async function signInWithAJob(page: Page, registerUser: (page: Page) => Promise<{ email: string; password: string }>, login: (page: Page, e: string, p: string) => Promise<void>) {
  const user = await registerUser(page);
  await login(page, user.email, user.password);
  test.skip(!(await whoAvailable(page)), 'The e2e server has no WHO data (WHO_IMPORT_DIR).');
  const first = await queueJob(page, 'Screens check one', whoJobData());
  const second = await queueJob(page, 'Screens check two', whoJobData({ seed: 5 }));
  // The wizard has a WHO source and a target, as after the first steps.
  await page.goto('/home?tab=configure');
  // Mantine draws the switch's input off-screen under its track: click it as a keyboard user's Space would.
  const useWho = page.getByRole('switch', { name: 'Use WHO Data' });
  await useWho.focus();
  await page.keyboard.press('Space');
  await expect(useWho).toBeChecked();
  return [first.id, second.id];
}

test.describe('screens', () => {
  test.setTimeout(6 * 60_000);

  test('no serious or critical axe violation on the wizard, catalog, results list, profile and compare screens', async ({ page, registerUser, login }) => {
    const ids = await signInWithAJob(page, registerUser, login);
    const found: string[] = [];
    for (const screen of [...SCREENS, { name: 'compare', path: `/compare?ids=${ids.join(',')}`, ready: (p: Page) => p.getByTestId('compare-scores') }]) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
      for (const line of await seriousViolations(page)) found.push(`${screen.name}: ${line}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  test('the main path at 390 x 844: no sideways page scroll, tables in their own box or as cards', async ({ page, registerUser, login }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const ids = await signInWithAJob(page, registerUser, login);
    // The header keeps the language switch whole.
    const language = page.getByRole('banner').getByRole('combobox').or(page.getByRole('banner').getByRole('button', { name: /English|Português|language/i })).first();
    await expect(language).toBeVisible();
    const box = (await language.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);

    for (const screen of [...SCREENS, { name: 'compare', path: `/compare?ids=${ids.join(',')}`, ready: (p: Page) => p.getByTestId('compare-scores') }]) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: testInfo.outputPath(`phone-${screen.name.replace(/\W+/g, '-')}.png`), fullPage: true });
      expect(await scrollsSideways(page), `${screen.name} scrolls sideways at 390 px`).toBe(false);
    }

    // The results list is one card per job, with its status and actions in view.
    await page.goto('/home?tab=results');
    const card = page.locator(`[data-job-card="${ids[0]}"]`);
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('[data-status]')).toBeInViewport();
    await expect(card.getByTestId('job-actions')).toBeInViewport();
    // The catalog shows each indicator's label, not only its code.
    await page.goto('/whoimport');
    const label = page.getByText('Life expectancy at birth (years)').first();
    await label.scrollIntoViewIfNeeded();
    await expect(label).toBeInViewport();
    // The model form's Customize inputs are reachable without scrolling the page sideways.
    await page.goto('/randomforest');
    const customize = page.getByRole('textbox').first();
    await customize.scrollIntoViewIfNeeded();
    const input = (await customize.boundingBox())!;
    expect(input.x + input.width).toBeLessThanOrEqual(390);
  });
});
