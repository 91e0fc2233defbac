import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE, MESSAGES } from '@indicata/contracts';
import { serverMainArguments } from '../apps/server/src/main-command.mjs';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '../apps/server/src/modules/assistant/fake-openai-server.ts';
import { expect, test, uniqueRegistration } from './fixtures/app.ts';
import { freePort } from '../apps/server/test/helpers/free-port.ts';

/**
 * Questions to the assistant, end to end: the spec's validation messages, a question answered by the built-in
 * analyst (the default), and hostile markup — in the question itself and in a language model's answer — that
 * must never run in the browser. The language-model part starts a second app server with LLM_PROVIDER=openai
 * pointed at a local chat-completions server that answers with hostile HTML.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WIZARD_STORAGE_KEY = 'indicata.wizard.v1';
const CSV = 'country;year;cases;beds\nAlpha;2010;5;1\nAlpha;2011;7;2\nBeta;2010;3;\nBeta;2011;9;4\n';
const HOSTILE_QUESTION = '<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2;alert(2)</script> How complete is beds?';

interface Watch {
  dialogs: string[];
  externalRequests: string[];
}

/** Records every dialog (alert/confirm/prompt) and every request to a host other than the app's. */
async function watchPage(page: Page, appHost: string): Promise<Watch> {
  const watch: Watch = { dialogs: [], externalRequests: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host !== appHost) watch.externalRequests.push(request.url());
  });
  await page.route(/evil\.example/, (route) => route.abort());
  return watch;
}

async function registerAndLoginAt(page: Page, base: string): Promise<void> {
  const registration = uniqueRegistration();
  const registered = await page.request.post(`${base}/api/auth/register`, { data: registration, headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto(`${base}/`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(registration.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(registration.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/home');
}

/** Uploads the CSV through the API and makes it the wizard's database (as the upload page does). */
async function chooseUploadedDatabase(page: Page, base: string): Promise<string> {
  const response = await page.request.post(`${base}/api/uploads`, {
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    multipart: { file: { name: 'clinic_data.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) }, spatialColumn: 'country', temporalColumn: 'year' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const upload = (await response.json()) as { id: string; storedName: string; fileName: string };
  await page.goto(`${base}/home`);
  // Typing a name makes the wizard store its whole state; the data source is then set as an upload sets it.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Questions run');
  await page.evaluate(
    ({ key, upload: u }) => {
      const state = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      Object.assign(state, { useWho: false, database: u.storedName, uploadId: u.id, fileName: u.fileName, regionDimension: 'country', timeDimension: 'year' });
      localStorage.setItem(key, JSON.stringify(state));
    },
    { key: WIZARD_STORAGE_KEY, upload },
  );
  await page.reload();
  return upload.storedName;
}

async function sendQuestion(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Your question about the chosen database' }).fill(text);
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page.getByText(MESSAGES.questionSent)).toBeVisible();
}

async function expectNothingRan(page: Page, watch: Watch): Promise<void> {
  expect(watch.dialogs, 'no dialog opened').toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), 'no injected script ran').toBeUndefined();
  expect(watch.externalRequests, 'no external resource was requested').toEqual([]);
  await expect(page.locator('img[src="x"], [onerror], [onclick], [onload]')).toHaveCount(0);
  await expect(page.locator('[data-testid="question-answer-html"] :is(script, img, a, iframe, [style])')).toHaveCount(0);
}

test.describe('questions with the built-in analyst (no configuration)', () => {
  test('validation messages, a grounded answer, and a hostile question that never runs', async ({ page, baseURL }) => {
    // Many page loads on two shared cores.
    test.setTimeout(180_000);
    const base = baseURL!;
    const watch = await watchPage(page, new URL(base).host);
    await registerAndLoginAt(page, base);

    await page.goto(`${base}/questions`);
    await page.getByRole('button', { name: 'Send question' }).click();
    await expect(page.getByText(MESSAGES.questionNoDatabase)).toBeVisible();

    await chooseUploadedDatabase(page, base);
    await page.getByTestId('step-questions').getByRole('button', { name: 'New Question' }).click();
    await page.waitForURL('**/questions');
    await expect(page.getByTestId('question-database')).toHaveText('Database: clinic_data.csv');
    await page.getByRole('button', { name: 'Send question' }).click();
    await expect(page.getByText(MESSAGES.questionBlank)).toBeVisible();

    await sendQuestion(page, HOSTILE_QUESTION);
    const item = page.getByTestId('question-item').first();
    await expect(item.getByTestId('question-text')).toHaveText(HOSTILE_QUESTION);
    await expect(item.getByTestId('question-badge')).toHaveText('Other Database');
    // Answers show as they arrive: the toggle offers to hide them.
    await expect(page.getByRole('button', { name: 'Hide Answers' })).toBeVisible();
    const answer = item.getByTestId('question-answer-html');
    await expect(answer).toContainText('not written by a language model', { timeout: 30_000 });
    await expect(answer).toContainText('beds misses 1 of 4 rows (25.0%) of the chosen data.');
    await expectNothingRan(page, watch);

    // Home lists it in step 1.2 too; removing the last question moves to /questions.
    await page.goto(`${base}/home`);
    const panel = page.getByTestId('step-questions');
    await expect(panel.getByTestId('question-item')).toHaveCount(1);
    await panel.getByTestId('question-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(MESSAGES.questionRemoved)).toBeVisible();
    await page.waitForURL('**/questions');
    await expect(page.getByText(MESSAGES.noQuestions)).toBeVisible();
    await expectNothingRan(page, watch);
  });
});

test.describe('questions answered by a language model (LLM_PROVIDER=openai, local fake server)', () => {
  // A port the OS hands out now: a fixed offset from E2E_PORT can be taken by the run's other servers.
  let port: number;
  let base: string;
  const hostileAnswer =
    '```html\n<p>The **beds** column covers 75% of rows.</p><img src=x onerror="window.__pwned=5;alert(5)">' +
    '<script>window.__pwned=6;alert(6)</script><a href="https://evil.example/" onclick="alert(7)">details</a>' +
    '<div style="background:url(https://evil.example/t.png)">styled</div><iframe src="https://evil.example/f"></iframe>' +
    '<svg onload="alert(8)"><circle r="1"/></svg>\n```';
  let fake: FakeOpenAIServer;
  let server: ChildProcess | undefined;
  let dataDir: string;
  let serverLog = '';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    fake = await startFakeOpenAIServer(() => ({ kind: 'text', content: hostileAnswer }));
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-e2e-llm-'));
    // The server itself, not scripts/start.mjs: the run's own server has built the pages already, and start.mjs would
    // rebuild them under that server (a page answering 404 for the seconds of the build) whenever a source is newer.
    server = spawn(process.execPath, serverMainArguments(), {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        WHO_IMPORT_DIR: '',
        // This server answers questions about an upload: the WHO snapshot's import (15 CPU-seconds) would only
        // compete with the tests for the two cores.
        WHO_SNAPSHOT: 'false',
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: fake.url,
        LLM_API_KEY: 'e2e-key',
        LLM_MODEL: 'fake-hostile',
        LLM_TIMEOUT_MS: '10000',
        LLM_MAX_RETRIES: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => (serverLog += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (serverLog += d.toString()));
    const deadline = Date.now() + 200_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the LLM test server exited (${server.exitCode}):\n${serverLog}`);
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the LLM test server did not start:\n${serverLog}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await fake?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the model's hostile HTML is shown as harmless text", async ({ page }) => {
    test.setTimeout(180_000);
    const watch = await watchPage(page, new URL(base).host);
    await registerAndLoginAt(page, base);
    await chooseUploadedDatabase(page, base);
    await page.goto(`${base}/questions`);
    await sendQuestion(page, 'How complete is the beds column?');
    // Answers show as they arrive: the toggle offers to hide them.
    await expect(page.getByRole('button', { name: 'Hide Answers' })).toBeVisible();
    const item = page.getByTestId('question-item').first();
    await expect(item).toHaveAttribute('data-status', 'answered', { timeout: 30_000 });
    const answer = item.getByTestId('question-answer-html');
    await expect(answer).toContainText('The beds column covers 75% of rows.');
    await expect(answer).toContainText('details');
    await expect(item).toContainText('Answered by a language model (OpenAI-compatible server)');
    expect(await answer.innerHTML()).not.toMatch(/```|\*\*|evil\.example|onerror|onclick|<script|<img|<svg|<iframe|style=/);
    await expectNothingRan(page, watch);
    // The model was asked with the grounding profile of the uploaded file.
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests[0]!.messages[0]!.content).toMatch(/Chosen indicators: [^\n]*\bbeds\b/);
  });
});
