import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@indicata/contracts';
import { expect, test } from './fixtures/app.ts';

/**
 * The built-in analyst answers the question asked, over the WHO data the user chose, in the interface's language:
 * two questions in English and two in Portuguese, each with its short answer first and its table or chart.
 * The server imported ../shared/data/who-gho-2018 at start-up (playwright.config.ts); the numbers are those the
 * assistant corpus's expected.py computes from the same files.
 */

const WIZARD_STORAGE_KEY = 'indicata.wizard.v1';

/** Makes WHO the wizard's database, life expectancy its target and two more indicators its choice. */
async function chooseWhoIndicators(page: Page): Promise<void> {
  await page.goto('/home');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Assistant run');
  await page.evaluate((key) => {
    const state = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    Object.assign(state, {
      useWho: true,
      database: 'WHO',
      targetCode: 'WHOSIS_000001',
      targetLabel: 'Life expectancy at birth (years)',
      indicatorsAnalyzingCode: ['WHOSIS_000002', 'MDG_0000000001', 'GHED_CHE_pc_US_SHA2011'],
    });
    localStorage.setItem(key, JSON.stringify(state));
  }, WIZARD_STORAGE_KEY);
  await page.reload();
}

/** Sends a question and returns the answer of the newest item once it is there. */
async function ask(page: Page, text: string, labels: { field: string; send: string; sent: string }): Promise<Locator> {
  await page.getByRole('textbox', { name: labels.field }).fill(text);
  await page.getByRole('button', { name: labels.send }).click();
  await expect(page.getByText(labels.sent).first()).toBeVisible();
  const item = page.getByTestId('question-item').first();
  await expect(item.getByTestId('question-text')).toHaveText(text);
  await expect(item).toHaveAttribute('data-status', 'answered', { timeout: 60_000 });
  return item;
}

test('the analyst answers two questions in English and two in Portuguese, each with a short answer and its table or chart', async ({ page, registerUser, login }) => {
  test.setTimeout(240_000);
  const user = await registerUser(page);
  await login(page, user.email, user.password);
  await chooseWhoIndicators(page);
  await page.goto('/questions');
  // Answers show as they arrive: the toggle offers to hide them.
  await expect(page.getByRole('button', { name: 'Hide Answers' })).toBeVisible();
  const en = { field: 'Your question about the chosen database', send: 'Send question', sent: MESSAGES.questionSent };

  let item = await ask(page, 'How many countries have data for life expectancy in 2015?', en);
  let answer = item.getByTestId('question-answer-html');
  await expect(answer.locator('p').first()).toHaveText(/^183 of the \d+ countries in the chosen data have a value for Life expectancy at birth \(years\) in 2015\.$/);
  await expect(answer.locator('table')).toContainText('Europe');
  await expect(item.getByTestId('question-answer-chart')).toBeVisible({ timeout: 30_000 });
  await expect(item.getByTestId('question-answer-chart').locator('canvas')).toHaveCount(1);

  item = await ask(page, 'Which region had the highest life expectancy in 2015?', en);
  answer = item.getByTestId('question-answer-html');
  await expect(answer.locator('p').first()).toHaveText(/^In 2015, Europe had the highest mean Life expectancy at birth \(years\) \(77\.54\); Africa the lowest/);
  await expect(answer.locator('tbody tr')).toHaveCount(6);
  await expect(item.getByTestId('question-answer-chart')).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Language').selectOption('pt-BR');
  const pt = { field: 'Sua pergunta sobre a base de dados escolhida', send: 'Enviar pergunta', sent: 'Pergunta enviada' };
  await expect(page.getByRole('button', { name: pt.send })).toBeVisible();

  item = await ask(page, 'Qual a tendência da expectativa de vida no Brasil?', pt);
  answer = item.getByTestId('question-answer-html');
  await expect(answer.locator('p').first()).toHaveText(/^Expectativa de vida ao nascer \(anos\) \(Brasil\) passou de \d+,\d+ em 2000 para \d+,\d+ em 2016/);
  await expect(answer.locator('thead')).toHaveText('AnoValor');
  await expect(item.getByTestId('question-answer-chart')).toBeVisible({ timeout: 30_000 });

  item = await ask(page, 'Qual a correlação entre mortalidade infantil e expectativa de vida?', pt);
  answer = item.getByTestId('question-answer-html');
  await expect(answer.locator('p').first()).toHaveText(/^Taxa de mortalidade infantil .* e Expectativa de vida ao nascer \(anos\): r de Pearson = -0,\d{3}, ρ de Spearman = -0,\d{3}, em \d+ pares lugar-ano/);
  await expect(answer.locator('table')).toContainText('Pares');
  await expect(answer).toContainText('não mostra que um causa o outro');
});
