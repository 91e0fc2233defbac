#!/usr/bin/env node
// `npm start` / `npm run start:http` / `npm run start:worker`: build the web app when it is missing or older than
// its sources, compile the server's entries the same way, then run the server in the chosen role, forwarding
// signals and the exit code.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverMainArguments } from '../apps/server/src/main-command.mjs';
import { compileServer } from './compile-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const roleIndex = args.indexOf('--role');
const role = roleIndex >= 0 ? args[roleIndex + 1] : 'all';

/** Newest modification time of a file or of any file under a folder (0 when missing). */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function webBuildIsStale() {
  const builtIndex = path.join(root, 'apps/web/dist/index.html');
  const built = newestMtime(builtIndex);
  if (built === 0) return true;
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/contracts/src'];
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

// The worker role serves no pages: no build needed.
if (role !== 'worker' && webBuildIsStale()) {
  console.log('Building the web app (npm run build -w apps/web)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app did not build: fix the error above, then run the start command again.');
    process.exit(build.status ?? 1);
  }
}

// A closed stdout or stderr (the reader went away) must not crash us before the server has stopped.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

// The server and its job threads start faster compiled (a few hundred ms when sources changed, else a few ms). A
// source that does not compile is reported by tsx below, with its TypeScript location.
try {
  await compileServer();
} catch (error) {
  console.warn(`Running the TypeScript sources: they did not compile (${error instanceof Error ? error.message.split('\n')[0] : error}).`);
}

const child = spawn(process.execPath, [...serverMainArguments(), ...args], {
  cwd: root,
  stdio: 'inherit',
  // The server stops by itself when this process is gone (a SIGKILL, say), instead of running on alone.
  env: { ...process.env, INDICATA_PARENT_PID: String(process.pid) },
});

/** Asks the server to stop; if it has not within 12 s (it gives itself 8), it is killed. */
let killTimer;
function stopChild(signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  killTimer ??= setTimeout(() => child.kill('SIGKILL'), 12_000);
  killTimer.unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopChild(signal));

// npm runs us through `sh -c`; a SIGTERM sent to npm alone ends npm and sh but never reaches us. When our
// parent changes (we were orphaned), stop the server as if we had been signalled.
const parentAtStart = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid !== parentAtStart) {
    clearInterval(parentWatch);
    stopChild('SIGTERM');
  }
}, 1_000);
parentWatch.unref();
child.on('exit', (code, signal) => {
  if (signal) {
    // Re-raise so our parent sees the same cause of death.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
