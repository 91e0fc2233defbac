#!/usr/bin/env node
// `npm test`: every check, as stages that each start once the stages they need have passed, then a timing summary and
// the count of tests run (Vitest's files and tests, Playwright's spec files and tests), to compare runs.
//   - the web build, lint and type-check start at once. Type-check is the native TypeScript compiler (typescript@7, a
//     few CPU-seconds per program where tsc 5.9 took tens); lint keeps a cache of the files it passed
//     (node_modules/.cache/eslint), so a second run lints only what changed;
//   - Playwright starts as soon as the build is there. Its tests wait on the browser, the app server and jobs much of
//     the time, so lint and type-check fit beside it, at the lowest CPU priority (BACKGROUND_NICENESS);
//   - Vitest (every workspace) runs last, alone on the machine: it keeps both cores busy by itself (four workers, the
//     files that wait on processes first), and its server files time real processes, exits and jobs.
//     Tried and not kept: all of Vitest beside Playwright's last minute at normal priority (263 s in all against
//     283 s, but a worker-process test's 4 s job could fit no model under that load; on a slower, CPU-bound machine
//     537 and 575 s against 563 s); the web and contracts projects beside Playwright at the lowest priority (on
//     2026-11-27: 13 web tests failed, 5 s timeouts and a budgeted engine run that fit no model, while Playwright took
//     the cores; their 99 CPU-s there against about 50 alone); the web project alone in one worker beside Playwright
//     at normal priority (2026-11-27: Playwright 245 -> 296-314 s, the web files 181-212 s beside it, about 25 s saved
//     in all, but lazily imported charts then loaded after their file's DOM was torn down and a map test timed out).
//     Also tried and withdrawn (2026-11-28): the Vitest files that never read a clock beside Playwright under SCHED_IDLE
//     (537-589 s in all), but in fresh clones starved files hit their own hook and test timeouts; see
//     docs/decisions/2026-11-28-npm-test-trace-and-steady-files.md.
// A failing stage skips the stages that need it; the others still run, and the summary says what failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/**
 * Lint and type-check run beside Playwright at the lowest CPU priority: they have no clock to race, while Playwright's
 * tests are chains of browser, server and job steps that a busy core slows down (beside them at normal priority,
 * Playwright took 125-133 s against about 100 s alone).
 */
const BACKGROUND_NICENESS = 19;

const STAGES = [
  { name: 'web build', command: npm, args: ['run', 'build'] },
  { name: 'lint', command: npm, args: ['run', 'lint'], niceness: BACKGROUND_NICENESS },
  { name: 'typecheck', command: npm, args: ['run', 'typecheck'], niceness: BACKGROUND_NICENESS },
  { name: 'end-to-end (playwright)', command: npx, args: ['playwright', 'test'], after: ['web build'], live: true, counts: 'playwright' },
  {
    name: 'unit + integration (vitest)',
    command: npx,
    args: ['vitest', 'run'],
    after: ['lint', 'typecheck', 'end-to-end (playwright)'],
    live: true,
    counts: 'vitest',
  },
];

const started = performance.now();
let cpuCounted = 0;
const seconds = () => (performance.now() - started) / 1000;

/** Colours as in a terminal when this run prints to one, though the stages print into pipes (read for the counts). */
const childEnv = process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : process.env;

/**
 * Runs one stage; a `live` stage's output is shown as it comes, any other's in one piece when it ends (stages run side
 * by side). Either way it is kept, for the counts of tests.
 */
function runStage(stage) {
  return new Promise((resolve) => {
    const begin = seconds();
    console.log(`[${begin.toFixed(0)} s] ${stage.name}: started`);
    const child = spawn(stage.command, stage.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv });
    if (stage.niceness) {
      // Before the child has started its own children (npm takes a few hundred ms to start), which inherit it.
      try {
        os.setPriority(child.pid, stage.niceness);
      } catch {
        // Not allowed here: the stage runs at normal priority.
      }
    }
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      chunks.push(chunk);
      if (stage.live) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      chunks.push(chunk);
      if (stage.live) process.stderr.write(chunk);
    });
    const stop = (signal) => child.kill(signal);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    let cpu = null;
    child.on('exit', () => {
      // This stage's process was reaped just now: the growth of the children's CPU time since the last reaping is its
      // own (and its descendants'), unless another stage ended in the same instant.
      const cpuNow = childrenCpuSeconds();
      if (cpuNow === null) return;
      cpu = cpuNow - cpuCounted;
      cpuCounted = cpuNow;
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      const end = seconds();
      const output = Buffer.concat(chunks);
      if (!stage.live) {
        process.stdout.write(`\n--- ${stage.name} (${(end - begin).toFixed(1)} s) ---\n`);
        process.stdout.write(output);
      }
      console.log(`[${end.toFixed(0)} s] ${stage.name}: ${code === 0 ? 'passed' : 'FAILED'}`);
      const counts = stage.counts ? COUNTERS[stage.counts](output.toString('utf8').replace(ANSI_ESCAPES, '')) : null;
      resolve({ begin, end, cpu, ok: code === 0, code: code ?? signal, counts });
    });
  });
}

// eslint-disable-next-line no-control-regex
const ANSI_ESCAPES = /\x1b\[[0-9;]*[A-Za-z]/g;
const lastNumber = (text, pattern) => {
  const all = [...text.matchAll(pattern)];
  return all.length ? Number(all.at(-1)[1]) : 0;
};

/** What a stage's output says it ran: files (spec files for Playwright), tests, and how many passed, failed, skipped. */
const COUNTERS = {
  /** Vitest's summary: " Test Files  56 passed (56)" and "      Tests  300 passed | 10 skipped (310)". */
  vitest(text) {
    const files = /Test Files\s+(.*)\((\d+)\)/.exec(text);
    const tests = /^\s*Tests\s+(.*)\((\d+)\)/m.exec(text);
    if (!files || !tests) return null;
    const part = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(tests[1])?.[1] ?? 0);
    return { files: Number(files[2]), tests: Number(tests[2]), passed: part('passed'), failed: part('failed'), skipped: part('skipped') + part('todo') };
  },
  /** Playwright's list reporter: "Running 26 tests using 2 workers", a line per test naming its spec file, the summary. */
  playwright(text) {
    const total = /Running (\d+) tests? using/.exec(text);
    if (!total) return null;
    const files = new Set([...text.matchAll(/\b(e2e\/\S+\.spec\.ts):\d+:\d+/g)].map((m) => m[1]));
    return {
      files: files.size,
      tests: Number(total[1]),
      passed: lastNumber(text, /^\s+(\d+) passed/gm) + lastNumber(text, /^\s+(\d+) flaky/gm),
      failed: lastNumber(text, /^\s+(\d+) failed/gm) + lastNumber(text, /^\s+(\d+) interrupted/gm),
      skipped: lastNumber(text, /^\s+(\d+) skipped/gm) + lastNumber(text, /^\s+(\d+) did not run/gm),
    };
  },
};

/**
 * CPU seconds used so far by this process's finished children and their descendants (Linux: cutime + cstime of
 * /proc/self/stat, in clock ticks of 1/100 s), or null elsewhere: near twice the wall time means both cores were busy.
 */
function childrenCpuSeconds() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) ", field 3 (state) is index 0, so cutime (16) and cstime (17) are indexes 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** Each stage's run, started once every stage it needs has passed (skipped, with null, when one failed). */
const runs = new Map();
function run(stage) {
  if (!runs.has(stage.name)) {
    runs.set(
      stage.name,
      (async () => {
        const needs = await Promise.all((stage.after ?? []).map((name) => run(STAGES.find((s) => s.name === name))));
        if (needs.some((outcome) => !outcome?.ok)) return null;
        return runStage(stage);
      })(),
    );
  }
  return runs.get(stage.name);
}
const outcomes = await Promise.all(STAGES.map(run));
const total = seconds();
const cpu = childrenCpuSeconds();
const width = Math.max(...STAGES.map((s) => s.name.length));
console.log(`\nnpm test timing (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end):`);
STAGES.forEach((stage, i) => {
  const o = outcomes[i];
  if (!o) return console.log(`  ${stage.name.padEnd(width)}       -  not run (a stage it needs failed)`);
  const span = `${o.begin.toFixed(0).padStart(3)}-${o.end.toFixed(0).padEnd(3)} s`;
  const cpuText = o.cpu === null ? '' : `  ${o.cpu.toFixed(0).padStart(4)} CPU-s`;
  console.log(`  ${stage.name.padEnd(width)}  ${(o.end - o.begin).toFixed(1).padStart(6)} s  (${span})${cpuText}  ${o.ok ? 'ok' : `FAILED (${o.code})`}`);
});
if (cpu !== null) console.log(`  CPU time of all stages' processes: ${cpu.toFixed(0)} s (on ${os.cpus().length} cores: at most ${(os.cpus().length * total).toFixed(0)})`);
console.log(`  total ${total.toFixed(1)} s (${Math.floor(total / 60)} min ${Math.round(total % 60)} s)`);

/** The tests that ran, summed over the stages of one runner: the same suite gives the same counts from run to run. */
function countLine(runner, fileWord) {
  const stages = STAGES.map((stage, i) => ({ stage, o: outcomes[i] })).filter(({ stage }) => stage.counts === runner);
  const counted = stages.map(({ o }) => o?.counts).filter(Boolean);
  const missing = stages.length - counted.length;
  const sum = (key) => counted.reduce((n, c) => n + c[key], 0).toLocaleString('en-US');
  const detail = [`${sum('passed')} passed`, ...(counted.some((c) => c.failed) ? [`${sum('failed')} failed`] : []), `${sum('skipped')} skipped`];
  const note = missing ? `; ${missing} of ${stages.length} stages not counted (not run, or no summary)` : '';
  return `${sum('files')} ${fileWord}, ${sum('tests')} tests (${detail.join(', ')})${note}`;
}
console.log(`  tests: Vitest ${countLine('vitest', 'files')}; Playwright ${countLine('playwright', 'spec files')}`);
process.exit(outcomes.every((o) => o?.ok) ? 0 : 1);
