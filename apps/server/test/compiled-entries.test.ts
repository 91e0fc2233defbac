import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileEntry, COMPILED_ENTRIES } from '../../../scripts/compile-server.mjs';
import { compiledPathsFor, freshCompiledUrl, isCompiledFresh } from '@indicata/engine/compiled-loader';
import { createTaskRunner } from '@indicata/engine/search/pool';
import { serverMainArguments } from '../src/main-command.mjs';

// A compiled entry must never run older code than its sources: these tests edit a source after compiling.
describe('compiled entries', () => {
  let packageDir: string;
  let entry: string;
  let entryUrl: string;

  beforeEach(() => {
    packageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-compiled-'));
    fs.writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify({ name: 'fixture', type: 'module' }));
    fs.mkdirSync(path.join(packageDir, 'src', 'nested'), { recursive: true });
    fs.writeFileSync(path.join(packageDir, 'src', 'nested', 'value.ts'), 'export const value: number = 1;\nexport const valueUrl = import.meta.url;\n');
    entry = path.join(packageDir, 'src', 'entry.ts');
    fs.writeFileSync(entry, "import { value, valueUrl } from './nested/value.ts';\nexport const answer = value;\nexport { valueUrl };\nexport const entryUrl = import.meta.url;\n");
    entryUrl = pathToFileURL(entry).href;
  });

  afterEach(() => {
    delete process.env.INDICATA_COMPILED;
    fs.rmSync(packageDir, { recursive: true, force: true });
  });

  it('compiles once into <package>/.compiled, and each bundled module keeps its source URL', async () => {
    expect(isCompiledFresh(entryUrl)).toBe(false);
    expect(await compileEntry(entry)).toBe(true);
    expect(compiledPathsFor(entryUrl)?.compiledFile).toBe(path.join(packageDir, '.compiled', 'src', 'entry.js'));
    expect(isCompiledFresh(entryUrl)).toBe(true);
    expect(await compileEntry(entry)).toBe(false);

    const compiled = freshCompiledUrl(entryUrl);
    expect(compiled).toBe(pathToFileURL(path.join(packageDir, '.compiled', 'src', 'entry.js')).href);
    const loaded = (await import(compiled!)) as { answer: number; entryUrl: string; valueUrl: string };
    expect(loaded.answer).toBe(1);
    // new URL('./x', import.meta.url) in a bundled module finds the files beside its source, not beside the bundle.
    expect(loaded.entryUrl).toBe(entryUrl);
    expect(loaded.valueUrl).toBe(pathToFileURL(path.join(packageDir, 'src', 'nested', 'value.ts')).href);
  });

  it('is stale as soon as any source it was built from changes, or is gone', async () => {
    await compileEntry(entry);
    const valueFile = path.join(packageDir, 'src', 'nested', 'value.ts');
    fs.writeFileSync(valueFile, 'export const value: number = 2;\nexport const valueUrl = import.meta.url;\n');
    expect(isCompiledFresh(entryUrl)).toBe(false);
    expect(freshCompiledUrl(entryUrl)).toBeNull();

    expect(await compileEntry(entry)).toBe(true);
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(valueFile, later, later);
    expect(isCompiledFresh(entryUrl), 'same size, newer time').toBe(false);

    await compileEntry(entry);
    fs.rmSync(valueFile);
    expect(isCompiledFresh(entryUrl)).toBe(false);
  });

  it('survives two compiles of one entry at once (two processes starting together), leaving no temporary file', async () => {
    const both = await Promise.all([compileEntry(entry), compileEntry(entry)]);
    expect(both).toEqual([true, true]);
    expect(isCompiledFresh(entryUrl)).toBe(true);
    expect(fs.readdirSync(path.join(packageDir, '.compiled', 'src')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('is never used with INDICATA_COMPILED=off', async () => {
    await compileEntry(entry);
    process.env.INDICATA_COMPILED = 'off';
    expect(freshCompiledUrl(entryUrl)).toBeNull();
  });

  it('starts the server compiled when fresh, else the source through tsx', () => {
    expect(COMPILED_ENTRIES).toContain('apps/server/src/main.ts');
    // The project's global setup compiled the entries before this file ran.
    expect(serverMainArguments()).toEqual([expect.stringMatching(/apps[/\\]server[/\\]\.compiled[/\\]src[/\\]main\.js$/)]);
    process.env.INDICATA_COMPILED = 'off';
    expect(serverMainArguments()).toEqual(['--import', 'tsx', expect.stringMatching(/apps[/\\]server[/\\]src[/\\]main\.ts$/)]);
  });

  // With every entry compiled, a test run never takes the other path: a fit thread started without a loader that
  // must register tsx itself, for the fit task and then for the model factory it names by its .ts URL.
  it.each([['compiled', undefined], ['through tsx', 'off']])('a fit thread fits and predicts %s', async (_how, compiledSetting) => {
    if (compiledSetting) process.env.INDICATA_COMPILED = compiledSetting;
    const runner = createTaskRunner(1);
    try {
      const rows = 20;
      const train = { data: Float64Array.from({ length: rows }, (_, i) => i), rows, cols: 1 };
      const y = Int32Array.from({ length: rows }, (_, i) => (i < rows / 2 ? 0 : 1));
      const modelModule = new URL('../../../packages/engine/src/models/index.ts', import.meta.url).href;
      const result = await runner.run({ family: 'DT', params: {}, scaler: 'standard', seed: 1, nClasses: 2, train, y, predict: [train], deadline: null, final: false, permutation: null, modelModule });
      expect(Array.from(result.predictions[0])).toEqual(Array.from(y));
    } finally {
      await runner.close();
    }
  });
});
