import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeArgumentsFor } from '../src/compiled-loader.mjs';
import { syntheticPanel } from './helpers/panel.ts';
import { decodeCsvBytes } from '@indicata/contracts';
import { frameFromTable, parseAnyDelimiterCsv } from '../src/data/csv.ts';
import { bundledFrameOf } from '../src/pipeline/replay.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(repoRoot, 'packages/engine/src/cli/main.ts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'automl-cli-'));

function run(args: string[]) {
  // Compiled by the project's global setup (tsx when a source changed since).
  return spawnSync(process.execPath, [...nodeArgumentsFor(pathToFileURL(cli).href), ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 170_000 });
}

/**
 * Writes the synthetic panel as a spreadsheet in a pt-BR locale would (semicolons, decimal commas, BOM, CRLF), or
 * as another tool exports it (commas, decimal points).
 */
function writePanelCsv(file: string, delimiter: ';' | ',' = ';'): void {
  const frame = syntheticPanel({ places: 20, missing: 0.05 });
  const names = frame.columns.map((c) => c.name);
  const lines = [['countryName', 'regionName', 'year', ...names].join(delimiter)];
  frame.space.forEach((s, i) => {
    const cells = frame.columns.map((c) => (Number.isNaN(c.values[i]) ? '' : delimiter === ';' ? String(c.values[i]).replace('.', ',') : String(c.values[i])));
    lines.push([s, frame.region?.[i] ?? '', String(frame.time[i]), ...cells].join(delimiter));
  });
  writeFileSync(file, delimiter === ';' ? `\uFEFF${lines.join('\r\n')}\r\n` : `${lines.join('\n')}\n`);
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
    const ragged = path.join(dir, 'ragged.csv');
    writeFileSync(ragged, 'a,b,c\n1,2,3\n1,2,3,4\n');
    const raggedRow = run(['--csv', ragged, '--target', 'c', '--time-column', 'b', '--space-column', 'a', '--test-percent', '20', '--out', 'x.json']);
    expect(raggedRow.status).toBe(2);
    expect(raggedRow.stderr.trim().split('\n')).toHaveLength(1);
    expect(raggedRow.stderr).toMatch(/Line 3 has 4 values/);
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
    // A model of the two families, their ensemble, or a rule when no model beats it on validation.
    expect(['DT', 'KNN', 'Ensemble', 'Persistence', 'Majority']).toContain(json.best);
    expect(json.elapsedSeconds).toBeGreaterThan(0);
    for (const family of ['DT', 'KNN']) {
      const model = json.models[family];
      expect(model.predictions).toHaveLength(20);
      expect(model.predictions[0]).toMatchObject({ space: expect.any(String), region: expect.any(String), time: 2009, actual: expect.any(String), predicted: expect.any(String) });
      expect(model.hyperparameters[0].rank_test_score).toBe(1);
      expect(model.test.macroF1).toEqual(expect.any(Number));
    }
  }, 180_000);

  it('--replay reruns a results file exactly (another thread count), and says where a tampered file differs', () => {
    const out = path.join(dir, 'to-replay.json');
    // A budget that stops the search early (the replay must stop it where the run did) and still leaves a loaded
    // machine room for a first fit: with 4 s, a run beside the whole suite once fitted no model at all.
    const first = run([...base, '--test-year', '2009', '--models', 'DT,KNN', '--budget', '6', '--seed', '9', '--out', out]);
    expect(first.status, first.stderr).toBe(0);
    const replayed = path.join(dir, 'replayed.json');
    const again = run(['--replay', out, '--workers', '1', '--out', replayed]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/identical to the recorded run \(\d+ values compared/);
    const original = JSON.parse(readFileSync(out, 'utf8'));
    const copy = JSON.parse(readFileSync(replayed, 'utf8'));
    expect(copy.models[copy.best].predictions).toEqual(original.models[original.best].predictions);
    // A results file whose figures were edited no longer matches its replay, and the CLI names the place.
    // The recommended model's figures (a family whose final fit the short budget stopped has none).
    original.models[original.best].test.macroF1 = 0.123456;
    const edited = path.join(dir, 'edited.json');
    writeFileSync(edited, JSON.stringify(original));
    const differs = run(['--replay', edited, '--out', path.join(dir, 'replayed-2.json')]);
    expect(differs.status).toBe(2);
    expect(differs.stderr).toContain(`differs from the recorded run at $.models.${original.best}.test.macroF1: 0.123456 vs`);
  }, 120_000);

  it('--replay reads a job\'s bundle, which carries its panel', () => {
    const out = path.join(dir, 'to-replay.json');
    const results = JSON.parse(readFileSync(out, 'utf8'));
    const frame = frameFromTable(parseAnyDelimiterCsv(decodeCsvBytes(readFileSync(csv))), { spaceColumn: 'countryName', timeColumn: 'year' });
    const bundle = { format: 'indicata-replay-bundle', version: 1, replay: results.replay, frame: bundledFrameOf(frame, 'upload'), frameNote: null, results };
    const file = path.join(dir, 'bundle.json');
    writeFileSync(file, JSON.stringify(bundle));
    const replayed = run(['--replay', file, '--workers', '0', '--out', path.join(dir, 'from-bundle.json')]);
    expect(replayed.status, replayed.stderr).toBe(0);
    expect(replayed.stderr).toMatch(/identical to the recorded run/);
    // A bundle whose panel was left out (the data changed since the run) says so rather than replay something else.
    writeFileSync(file, JSON.stringify({ ...bundle, frame: null, frameNote: 'the data changed since the run' }));
    const refused = run(['--replay', file, '--out', path.join(dir, 'never.json')]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/holds no panel \(the data changed since the run\)/);
  }, 120_000);

  // Uploads in the app must be semicolon-separated (the spec's rule); the command line reads a panel as another tool
  // exported it, so the README's command works on a comma-separated file too.
  it('reads a comma-separated export of the panel as it reads the semicolon file', () => {
    const commaCsv = path.join(dir, 'panel-comma.csv');
    writePanelCsv(commaCsv, ',');
    const args = ['--target', 'target', '--time-column', 'year', '--space-column', 'countryName', '--test-year', '2009', '--groups', '2', '--discretize', 'quantile', '--models', 'DT', '--workers', '0', '--budget', '120', '--seed', '3'];
    const outputs = [csv, commaCsv].map((file, i) => {
      const out = path.join(dir, `delimiter-${i}.json`);
      const result = run(['--csv', file, ...args, '--out', out]);
      expect(result.status, result.stderr).toBe(0);
      return JSON.parse(readFileSync(out, 'utf8'));
    });
    expect(outputs[1].split).toEqual(outputs[0].split);
    expect(outputs[1].classes).toEqual(outputs[0].classes);
    expect(outputs[1].models.DT.predictions).toEqual(outputs[0].models.DT.predictions);
  }, 180_000);

  it('says when the target looks already coded as classes, and how to keep each code as its own class', () => {
    const coded = path.join(dir, 'coded.csv');
    const lines = readFileSync(csv, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    const targetIndex = lines[0].split(';').indexOf('target');
    // The synthetic target cut into the codes 1-3 by its value, as a user's spreadsheet would bring it.
    const rows = lines.slice(1).map((line) => line.split(';'));
    const values = rows.map((cells) => Number(cells[targetIndex].replace(',', '.'))).filter((v) => Number.isFinite(v));
    const [low, high] = [Math.min(...values), Math.max(...values)];
    for (const cells of rows) {
      const value = Number(cells[targetIndex].replace(',', '.'));
      if (cells[targetIndex] !== '') cells[targetIndex] = String(1 + Math.min(2, Math.floor((3 * (value - low)) / (high - low))));
    }
    writeFileSync(coded, [lines[0], ...rows.map((cells) => cells.join(';'))].join('\n'));
    const out = path.join(dir, 'coded.json');
    const result = run(['--csv', coded, ...base.slice(2), '--test-year', '2009', '--models', 'DT', '--workers', '0', '--budget', '5', '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('note: the target holds only the whole numbers 1, 2, 3; it is cut into the default quantile groups.');
    expect(result.stderr).toContain('--classes "1:0.5:1.5,2:1.5:2.5,3:2.5:3.5"');
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
