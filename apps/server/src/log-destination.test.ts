import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A child that logs `lines` lines through createLogDestination on its stdout (a pipe we never read or
 * close as asked), then exits; resolves with how long it took and what it printed on stderr.
 */
function logInChild(lines: number, closeOurEnd: boolean): Promise<{ ms: number; code: number | null; stderr: string }> {
  const script = `
    import { createLogDestination } from ${JSON.stringify(path.join(here, 'log-destination.ts'))};
    process.stdout.on('error', () => {});
    const destination = createLogDestination(1, { stallMs: 300 });
    const line = 'x'.repeat(1000) + '\\n';
    const started = Date.now();
    for (let i = 0; i < ${lines}; i++) destination.write(line);
    process.stderr.write(JSON.stringify({ dropped: destination.dropped, ms: Date.now() - started }));
  `;
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (closeOurEnd) child.stdout.destroy();
  else child.stdout.pause();
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      child.stdout.destroy();
      resolve({ ms: Date.now() - started, code, stderr });
    }),
  );
}

describe('the log destination', { timeout: 60_000 }, () => {
  it('drops lines instead of waiting when nobody reads the output any more', async () => {
    const closed = await logInChild(2_000, true);
    expect(closed.code).toBe(0);
    expect(JSON.parse(closed.stderr).dropped).toBeGreaterThan(1_900);

    // A reader that is there but never reads: the pipe fills, one write waits 300 ms, the rest are tried once.
    const stuck = await logInChild(2_000, false);
    expect(stuck.code).toBe(0);
    const { dropped, ms } = JSON.parse(stuck.stderr);
    expect(dropped).toBeGreaterThan(1_000);
    expect(ms).toBeLessThan(5_000);
  });
});
