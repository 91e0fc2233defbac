#!/usr/bin/env node
// `npm test`: every check, as stages that each start once the stages they need have passed, then a timing summary.
//   - the web build, lint and type-check start at once (each is one single-threaded process);
//   - Playwright starts as soon as the build is there. Its tests wait on the browser, the app server and jobs much
//     of the time (about one core of two), so lint and type-check fit beside it, at the lowest CPU priority
//     (BACKGROUND_NICENESS): measured on 2 cores, 260 s in all against 288-292 s with the three stages first.
//     CPU-bound work beside it costs more than it saves (Vitest's engine, web and contracts projects there:
//     Playwright 124 -> 177 s);
//   - Vitest (every workspace) runs last, alone on the machine: it keeps both cores busy by itself, and its server
//     files time real processes, exits and jobs.
//     Starting it as soon as lint and type-check end (beside Playwright's last minute) was tried on 2026-11-25: 263 s
//     in all against 283 s, but a worker-process test's 4 s job could fit no model under that load. Not kept.
//     Tried again once test jobs ran at the tests' own priority (no more starved jobs): both runs passed, in 537 and
//     575 s against 563 s as it is, on a slower machine where the run is CPU-bound (928-998 CPU-s of 1,074-1,149).
//     No gain, so still not kept: only less CPU work makes this run shorter.
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
  { name: 'end-to-end (playwright)', command: npx, args: ['playwright', 'test'], after: ['web build'], live: true },
  {
    name: 'unit + integration (vitest)',
    command: npx,
    args: ['vitest', 'run'],
    after: ['lint', 'typecheck', 'end-to-end (playwright)'],
    live: true,
  },
];

const started = performance.now();
const seconds = () => (performance.now() - started) / 1000;

/** Runs one stage; unless `live`, its output is printed in one piece when it ends (stages run side by side). */
function runStage(stage) {
  return new Promise((resolve) => {
    const begin = seconds();
    console.log(`[${begin.toFixed(0)} s] ${stage.name}: started`);
    const child = spawn(stage.command, stage.args, { cwd: root, stdio: stage.live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    if (stage.niceness) {
      // Before the child has started its own children (npm takes a few hundred ms to start), which inherit it.
      try {
        os.setPriority(child.pid, stage.niceness);
      } catch {
        // Not allowed here: the stage runs at normal priority.
      }
    }
    const chunks = [];
    if (!stage.live) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    const stop = (signal) => child.kill(signal);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    child.on('close', (code, signal) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      const end = seconds();
      if (!stage.live) {
        process.stdout.write(`\n--- ${stage.name} (${(end - begin).toFixed(1)} s) ---\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(`[${end.toFixed(0)} s] ${stage.name}: ${code === 0 ? 'passed' : 'FAILED'}`);
      resolve({ begin, end, ok: code === 0, code: code ?? signal });
    });
  });
}

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
  console.log(`  ${stage.name.padEnd(width)}  ${(o.end - o.begin).toFixed(1).padStart(6)} s  (${span})  ${o.ok ? 'ok' : `FAILED (${o.code})`}`);
});
if (cpu !== null) console.log(`  CPU time of all stages' processes: ${cpu.toFixed(0)} s (on ${os.cpus().length} cores: at most ${(os.cpus().length * total).toFixed(0)})`);
console.log(`  total ${total.toFixed(1)} s (${Math.floor(total / 60)} min ${Math.round(total % 60)} s)`);
process.exit(outcomes.every((o) => o?.ok) ? 0 : 1);
