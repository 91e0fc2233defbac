import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findChromium, NoChromiumError, type FoundChromium } from './e2e/support/find-chromium.ts';

/**
 * End-to-end tests drive a Chromium found by e2e/support/find-chromium.ts (CHROMIUM_PATH, a system one,
 * Playwright's, else the one inside the @sparticuz/chromium dev dependency; no `playwright install` here)
 * against the real, built app started by `webServer` on a test port, with a fresh data folder per run.
 */
/**
 * A port no other process is listening on: engineers and CI may run suites side by side on one machine.
 * Asked of the OS once by the runner and published to the workers through the environment.
 */
function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
const PORT = Number((process.env.E2E_PORT ??= String(freePort())));
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** The SMTP sink the app mails to (e2e/support/smtp-sink.ts) and the address where it lists what it got. */
const SMTP_SINK_PORT = Number((process.env.E2E_SMTP_PORT ??= String(freePort())));
const SMTP_SINK_HTTP_PORT = Number((process.env.E2E_SMTP_HTTP_PORT ??= String(freePort())));
export const E2E_SMTP_MESSAGES_URL = `http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/messages`;
export const E2E_CONTACT_EMAIL = 'contact@indicata.test';
/** The WHO indicators the e2e server imports from the shipped WHO snapshot at start-up (see serverEnv). */
export const E2E_WHO_INDICATORS = [
  'GHED_CHEGDP_SHA2011',
  'MDG_0000000001',
  'MDG_0000000007',
  'NCD_BMI_30A',
  'SDGPM25',
  'WHOSIS_000001',
  'WHOSIS_000004',
  'WHS4_100',
];

// Workers load this file again; the runner's first load publishes the folder through the environment
// so every load agrees, and only the process that created it removes it when the run ends.
const ownsDataDir = !process.env.INDICATA_E2E_DATA_DIR;
const dataDir = (process.env.INDICATA_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-e2e-')));
if (ownsDataDir) {
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

/**
 * The app server's environment for the run: one object, so a feature's spec adds its variables here
 * (SMTP sink address, WHO import folder ...) with a comment saying which spec needs them.
 */
const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  CONTACT_EMAIL: E2E_CONTACT_EMAIL,
  PUBLIC_URL: E2E_BASE_URL,
  LOG_LEVEL: 'warn',
  // who.spec.ts, upload.spec.ts and WHO-based job specs: the server imports these indicators of the shipped WHO
  // snapshot at start-up, as a fresh clone does (no ../shared needed). 8 dense indicators (63k values) keep the
  // import and the demo jobs short; the whole snapshot (43 indicators, 215k values) is tested in who-snapshot.test.ts.
  WHO_IMPORT_DIR: '',
  WHO_SNAPSHOT: 'true',
  WHO_IMPORT_INDICATORS: E2E_WHO_INDICATORS.join(','),
  // journey.spec.ts: result e-mails go to the SMTP sink.
  SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
  // The budget of jobs that choose none: the demo example the result specs read (all five families on auto, so it
  // searches until the budget ends, loading both cores beside the browsers) and the journey's wizard job (two
  // fixed small models on an upload). 12 s, not 30: the demo's search took the cores from the specs that ran
  // beside it (Playwright 122 s with 30, 110 s with 8, all passing). Not less: the budget is a ceiling, and a
  // cold engine on a busy 2-core machine once needed more than 8 s to fit a model (before its warm-up).
  JOB_BUDGET_SECONDS: '12',
};

/**
 * The browser, found once by the runner and published to the workers. Without one the run stops here with one
 * line saying what to install: the end-to-end tests are never skipped silently.
 */
function chromium(): FoundChromium {
  if (process.env.INDICATA_E2E_CHROMIUM) return JSON.parse(process.env.INDICATA_E2E_CHROMIUM) as FoundChromium;
  try {
    const found = findChromium();
    process.env.INDICATA_E2E_CHROMIUM = JSON.stringify(found);
    console.log(`End-to-end tests in ${found.executablePath} (${found.source}).`);
    return found;
  } catch (error) {
    if (!(error instanceof NoChromiumError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
const CHROMIUM = chromium();

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // Renderers started by the browser itself, not forked by a zygote that leaves them to init: their CPU time then
  // counts in npm test's total (with a zygote, about 100 CPU-s of renderers went missing from it).
  '--no-zygote',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Two tests at a time: a test spends much of its time waiting on the server (jobs, polling), so two browsers on
  // two cores beside the app server finish sooner than one. A test signs in its own user, or reads the demo account's
  // example without changing it, and keeps no state for the next, so tests, not files, are shared out: one file at a
  // time per worker left a worker idle for the last file's 33 s (150 s against 128 s). E2E_WORKERS=1 for a
  // one-test-at-a-time run.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    launchOptions: { executablePath: CHROMIUM.executablePath, args: CHROMIUM_ARGS },
    // No trace unless E2E_TRACE=on: recording one (DOM snapshots at every step) for each test, to keep only a failed
    // test's, cost the browser and the test workers about 55 CPU-s and the run 35-45 s on 2 cores. A failed test
    // still leaves its screenshot and error; rerun it with E2E_TRACE=on for the trace.
    trace: process.env.E2E_TRACE === 'on' ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true } : 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'node --import tsx e2e/support/smtp-sink.ts',
      url: `http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/health`,
      env: { ...(process.env as Record<string, string>), SMTP_SINK_PORT: String(SMTP_SINK_PORT), SMTP_SINK_HTTP_PORT: String(SMTP_SINK_HTTP_PORT) },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // `npm run e2e` builds first; start.mjs would build a missing dist/ itself. `exec` puts start.mjs in the place of
      // the shell Playwright starts the command in: stopped, the shell went first and left the server to exit alone,
      // so the server's CPU time (about 60-70 s of a run) was missing from npm test's count.
      command: process.env.E2E_SERVER_COMMAND ?? `${process.platform === 'win32' ? '' : 'exec '}node scripts/start.mjs`,
      url: `${E2E_BASE_URL}/api/health`,
      env: { ...(process.env as Record<string, string>), ...serverEnv },
      reuseExistingServer: false,
      // Generous: tsx compiles the server and PGlite initialises a new DATA_DIR, slow on a busy 2-core machine.
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
