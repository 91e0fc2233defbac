import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Package look-ups resolve from the repository root, wherever the run started. */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The Chromium the end-to-end tests drive, found without any manual step, in this order:
 * 1. CHROMIUM_PATH (an error when it names no executable file),
 * 2. a system Chromium or Chrome (Debian's /usr/bin/chromium, or one on PATH),
 * 3. one that Playwright has already downloaded,
 * 4. the one inside the npm dev dependency @sparticuz/chromium (unpacked once into the temp folder).
 * Synchronous: playwright.config.ts is evaluated synchronously, by the runner and again by each worker
 * (the runner's answer reaches the workers through INDICATA_E2E_CHROMIUM).
 */
export interface FoundChromium {
  executablePath: string;
  /** Where it came from, for the run's first line. */
  source: 'CHROMIUM_PATH' | 'system' | 'playwright' | '@sparticuz/chromium';
}

/** The one line a run without any Chromium fails with. */
export const NO_CHROMIUM_MESSAGE =
  'No Chromium for the end-to-end tests: run npm install (it brings @sparticuz/chromium), install one (Debian: apt-get install chromium), or set CHROMIUM_PATH.';

export class NoChromiumError extends Error {}

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function systemChromium(env: NodeJS.ProcessEnv): string | null {
  const dirs = ['/usr/bin', ...(env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const name of SYSTEM_NAMES) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

function playwrightChromium(): string | null {
  try {
    const script = "import('playwright-core').then((p) => process.stdout.write(p.chromium.executablePath()))";
    const candidate = execFileSync(process.execPath, ['-e', script], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return candidate && isExecutable(candidate) ? candidate : null;
  } catch {
    return null;
  }
}

/**
 * @sparticuz/chromium's binary (a headless shell), unpacked (brotli) on first use. Launched with the same arguments as
 * any other Chromium, not the package's own: those are for serverless hosts and cost here without helping. Its WebGL
 * through SwiftShader in the browser process (--use-angle=swiftshader, --in-process-gpu) took about 14 of the run's
 * CPU-s, and --disable-web-security with --allow-running-insecure-content would hide from the tests the CORS and
 * mixed-content errors a user's browser would show.
 */
function packagedChromium(): string | null {
  try {
    const script = "import('@sparticuz/chromium').then(async ({ default: c }) => process.stdout.write(await c.executablePath()))";
    const executablePath = execFileSync(process.execPath, ['-e', script], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 300_000 }).trim();
    return isExecutable(executablePath) ? executablePath : null;
  } catch {
    return null;
  }
}

/**
 * Finds a Chromium (see the order above).
 * @throws NoChromiumError with NO_CHROMIUM_MESSAGE when there is none, or when CHROMIUM_PATH names no executable
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): FoundChromium {
  if (env.CHROMIUM_PATH) {
    if (!isExecutable(env.CHROMIUM_PATH)) throw new NoChromiumError(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file: fix it or unset it.`);
    return { executablePath: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
  }
  const system = systemChromium(env);
  if (system) return { executablePath: system, source: 'system' };
  const downloaded = playwrightChromium();
  if (downloaded) return { executablePath: downloaded, source: 'playwright' };
  const packaged = packagedChromium();
  if (packaged) return { executablePath: packaged, source: '@sparticuz/chromium' };
  throw new NoChromiumError(NO_CHROMIUM_MESSAGE);
}
