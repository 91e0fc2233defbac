#!/usr/bin/env node
// `npm test`: every check, in three phases, then a timing summary per stage.
//   1. lint, type-check and the web build at once: each is one single-threaded process, so on a 2-core machine
//      they share the cores instead of waiting for each other (their output is shown when each ends);
//   2. Vitest (all workspaces; it spreads its files over the cores itself);
//   3. Playwright against the build of phase 1 (it starts the app server itself).
// A failing phase stops the run after its stages end; the summary says which failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const PHASES = [
  [
    { name: 'lint', command: npm, args: ['run', 'lint'] },
    { name: 'typecheck', command: npm, args: ['run', 'typecheck'] },
    { name: 'web build', command: npm, args: ['run', 'build'] },
  ],
  [{ name: 'unit + integration (vitest)', command: npx, args: ['vitest', 'run'] }],
  [{ name: 'end-to-end (playwright)', command: npx, args: ['playwright', 'test'] }],
];

/** Runs one stage; with `buffered`, its output is printed in one piece when it ends (parallel stages). */
function runStage(stage, buffered) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(stage.command, stage.args, { cwd: root, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    const stop = (signal) => child.kill(signal);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    child.on('close', (code, signal) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      const seconds = (performance.now() - started) / 1000;
      if (buffered) {
        process.stdout.write(`\n--- ${stage.name} (${seconds.toFixed(1)} s) ---\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ name: stage.name, seconds, ok: code === 0, code: code ?? signal });
    });
  });
}

/**
 * CPU seconds used so far by this process's finished children and their descendants (Linux: cutime + cstime of
 * /proc/self/stat, in clock ticks of 1/100 s), or null elsewhere. Per phase it tells waiting from computing: a
 * phase whose CPU seconds are near twice its wall seconds kept both cores busy.
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

const started = performance.now();
const results = [];
const phaseCpu = [];
let failed = false;
for (const phase of PHASES) {
  const cpuBefore = childrenCpuSeconds();
  const outcomes = await Promise.all(phase.map((stage) => runStage(stage, phase.length > 1)));
  const cpuAfter = childrenCpuSeconds();
  phaseCpu.push(cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore);
  results.push(...outcomes.map((outcome) => ({ ...outcome, phase: PHASES.indexOf(phase) + 1, parallel: phase.length > 1 })));
  if (outcomes.some((outcome) => !outcome.ok)) {
    failed = true;
    break;
  }
}
const total = (performance.now() - started) / 1000;
const width = Math.max(...results.map((r) => r.name.length));
const load = os.loadavg()[0].toFixed(1);
console.log(`\nnpm test timing (${os.cpus().length} cores, load average ${load} at the end):`);
for (const r of results) {
  console.log(`  ${String(r.phase)}. ${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'ok' : `FAILED (${r.code})`}${r.parallel ? '  (in parallel)' : ''}`);
}
const cpuLine = phaseCpu.map((cpu, i) => (cpu === null ? null : `phase ${i + 1} ${cpu.toFixed(0)} s`)).filter(Boolean);
if (cpuLine.length > 0) console.log(`  CPU time of the stages' processes: ${cpuLine.join(', ')} (on ${os.cpus().length} cores)`);
const skipped = PHASES.slice(results.at(-1).phase).flat();
for (const stage of skipped) console.log(`     ${stage.name.padEnd(width)}       -    not run (an earlier phase failed)`);
console.log(`  total ${total.toFixed(1)} s (${Math.floor(total / 60)} min ${Math.round(total % 60)} s)`);
process.exit(failed ? 1 : 0);
