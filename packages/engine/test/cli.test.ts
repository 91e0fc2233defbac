import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeArgumentsFor } from '../src/compiled-loader.mjs';
import { syntheticPanel } from './helpers/panel.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(repoRoot, 'packages/engine/src/cli/main.ts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'automl-cli-'));

function run(args: string[]) {
  // Compiled by the project's global setup (tsx when a source changed since).
  return spawnSync(process.execPath, [...nodeArgumentsFor(pathToFileURL(cli).href), ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 170_000 });
}

function writePanelCsv(file: string): void {
  const frame = syntheticPanel({ places: 20, missing: 0.05 });
  const names = frame.columns.map((c) => c.name);
  const lines = [['countryName', 'regionName', 'year', ...names].join(';')];
  frame.space.forEach((s, i) => {
    const cells = frame.columns.map((c) => (Number.isNaN(c.values[i]) ? '' : String(c.values[i]).replace('.', ',')));
    lines.push([s, frame.region?.[i] ?? '', String(frame.time[i]), ...cells].join(';'));
  });
  writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`);
}

const csv = path.join(dir, 'panel.csv');
writePanelCsv(csv);
const base = ['--csv', csv, '--target', 'target', '--time-column', 'year', '--space-column', 'countryName'];

describe('automl CLI', { timeout: 60_000 }, () => {
  it.each([
    [[...base, '--out', 'x.json'], /Please use one of the options/],
    [[...base, '--test-year', '2009', '--test-percent', '20', '--out', 'x.json'], /only one option/],
    [[...base, '--test-percent', '150', '--out', 'x.json'], /between 0 and 100/],
    [[...base, '--test-year', '2009', '--models', 'DT,XGB', '--out', 'x.json'], /unknown model "XGB"/],
    [[...base, '--test-year', '2009', '--budget', 'soon', '--out', 'x.json'], /--budget must be a number/],
    [['--csv', csv, '--test-year', '2009'], /--target is required/],
    [[...base, '--test-year', '2009', '--bogus', '--out', 'x.json'], /Unknown option/],
    [[...base, '--test-year', '2009', '--preprocessing', '{oops', '--out', 'x.json'], /--preprocessing must be JSON/],
    [[...base, '--test-year', '2009', '--preprocessing', '{"balancing":"Magic"}', '--out', 'x.json'], /invalid configuration: preprocessing.balancing/],
  ])('bad arguments exit 2 with one line (%#)', (args, message) => {
    const result = run(args as string[]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message as RegExp);
  });

  it('bad files exit 2 with one line', () => {
    const comma = path.join(dir, 'comma.csv');
    writeFileSync(comma, 'a,b,c\n1,2,3\n');
    const wrongDelimiter = run(['--csv', comma, '--target', 'c', '--time-column', 'b', '--space-column', 'a', '--test-percent', '20', '--out', 'x.json']);
    expect(wrongDelimiter.status).toBe(2);
    expect(wrongDelimiter.stderr).toMatch(/The delimiter "," was detected/);
    const missing = run(['--csv', path.join(dir, 'nope.csv'), '--target', 'c', '--time-column', 'b', '--space-column', 'a', '--test-percent', '20', '--out', 'x.json']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*ENOENT/);
    const noColumn = run([...base.slice(0, 2), '--target', 'nothing', '--time-column', 'year', '--space-column', 'countryName', '--test-year', '2009', '--out', path.join(dir, 'y.json')]);
    expect(noColumn.status).toBe(2);
    expect(noColumn.stderr.trim().split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    expect(noColumn.stderr).toMatch(/Column "nothing" is not a numeric column/);
  });

  it('runs the real models and writes best, predictions, metrics, ranking and elapsed seconds', () => {
    const out = path.join(dir, 'results.json');
    const result = run([
      ...base,
      '--region-column',
      'regionName',
      '--test-year',
      '2009',
      '--groups',
      '3',
      '--discretize',
      'quantile',
      '--models',
      'DT,KNN',
      '--budget',
      '20',
      '--seed',
      '5',
      '--out',
      out,
    ]);
    expect(result.stderr).toMatch(/\[100%\] Done/);
    expect(result.status).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(['DT', 'KNN', 'Ensemble']).toContain(json.best);
    expect(json.elapsedSeconds).toBeGreaterThan(0);
    for (const family of ['DT', 'KNN']) {
      const model = json.models[family];
      expect(model.predictions).toHaveLength(20);
      expect(model.predictions[0]).toMatchObject({ space: expect.any(String), region: expect.any(String), time: 2009, actual: expect.any(String), predicted: expect.any(String) });
      expect(model.hyperparameters[0].rank_test_score).toBe(1);
      expect(model.test.macroF1).toEqual(expect.any(Number));
    }
  }, 180_000);

  // No fit threads: the CLI's own thread (compiled, without tsx) loads the model factory named by its .ts URL.
  it('runs with --workers 0, fitting in its own thread', () => {
    const out = path.join(dir, 'inline.json');
    const result = run([...base, '--test-year', '2009', '--groups', '2', '--discretize', 'quantile', '--models', 'DT', '--workers', '0', '--budget', '5', '--out', out]);
    expect(result.stderr).toMatch(/\[100%\] Done/);
    expect(result.status).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).models.DT.predictions).toHaveLength(20);
  }, 180_000);
});
