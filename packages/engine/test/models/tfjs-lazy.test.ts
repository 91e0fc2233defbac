import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A fresh process: in this Vitest worker another file may already have loaded TensorFlow.js.
const script = `
const engine = await import(${JSON.stringify(fileURLToPath(new URL('../../src/index.ts', import.meta.url)))});
const tfjs = await import(${JSON.stringify(fileURLToPath(new URL('../../src/models/ann/tfjs.ts', import.meta.url)))});
const report = { afterImport: tfjs.tensorflowLoaded() };
let error = '';
try {
  engine.createModel('ANN', {}, 1);
  const tree = engine.createModel('DT', {}, 1);
  await tree.fit({ data: new Float64Array([0, 1, 2, 3]), rows: 4, cols: 1 }, new Int32Array([0, 0, 1, 1]), 2);
  report.afterTree = tfjs.tensorflowLoaded();
  const ann = engine.createModel('ANN', { epochs: 1 }, 1);
  await ann.fit({ data: new Float64Array([0, 1, 2, 3]), rows: 4, cols: 1 }, new Int32Array([0, 0, 1, 1]), 2);
  report.afterAnnFit = tfjs.tensorflowLoaded();
  const saved = ann.toJSON();
  report.reloaded = Array.from(engine.loadModel(saved).predict({ data: new Float64Array([0, 3]), rows: 2, cols: 1 })).length;
} catch (e) {
  error = String(e.message);
}
report.error = error;
process.stdout.write(JSON.stringify(report));
`;

// Each test starts a Node process that imports the engine: seconds on a busy machine, beyond Vitest's 5 s default.
describe('TensorFlow.js is loaded on first need', { timeout: 60_000 }, () => {
  it('is not loaded by importing the engine or fitting another family, and is loaded by an ANN fit', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ afterImport: false, afterTree: false, afterAnnFit: true, reloaded: 2, error: '' });
  });

  it('says what to do when a saved ANN is loaded before prepareModels', () => {
    const early = `
const engine = await import(${JSON.stringify(fileURLToPath(new URL('../../src/index.ts', import.meta.url)))});
const saved = { format: 'indicata-model', version: 1, family: 'ANN', params: {}, nFeatures: 1, nClasses: 2, state: { mean: [0], std: [1], epochsRun: 1, weightSpecs: [], weightData: '' } };
try { engine.loadModel(saved); process.stdout.write('loaded'); } catch (e) { process.stdout.write(String(e.message)); }
await engine.prepareModels(['ANN']);
try { engine.loadModel(saved); } catch (e) { process.stdout.write(' | after: ' + String(e.message).slice(0, 40)); }
`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', early], { encoding: 'utf8' });
    expect(out).toMatch(/^TensorFlow\.js is not loaded yet: await loadTensorflow\(\) \(or prepareModels\(\["ANN"\]\)\)/);
    // After prepareModels the same call gets past the loader (this empty state then fails on its weights, not on tfjs).
    expect(out).not.toMatch(/after: TensorFlow\.js is not loaded/);
  });
});
