/**
 * `npm run bench`: the engine's fit+predict time divided by scikit-learn's, same data, same explicit
 * parameters, same machine, same run. Data is make_classification-like (20 features: 10 informative,
 * 5 redundant, 5 noise; 3 classes), generated once here and written to bench/out/ for the Python
 * side (bench/sklearn_timing.py, run with /usr/bin/python3, single-threaded).
 *
 * Options: --sizes 2250,22500 (training rows; the test set is a third of that) --models DT,RF,KNN,SVM,ANN
 * --repeats 5 (timed runs per model and size on each side; the median is kept) --warmups 3 (untimed fits per
 * family and size first, on up to 2,250 rows)
 *
 * `npm run bench -- --panels[=1,3] [--budget 60]` runs the real-panel benchmark instead (bench/panels/run.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelFamily } from '@indicata/contracts';
import { createModel, type Matrix } from '../packages/engine/src/models/index.ts';
import { SeededRandom } from '../packages/engine/src/models/rng.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(benchDir, 'out');
const FEATURES = 20;
const N_CLASSES = 3;

const argValue = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const sizes = (argValue('sizes') ?? '2250,22500').split(',').map(Number);
const families = (argValue('models') ?? 'DT,RF,KNN,SVM,ANN').split(',') as ModelFamily[];
/** Timed runs per model and size on each side; the median is kept. */
const repeats = Math.max(1, Number(argValue('repeats') ?? '5'));
/** Untimed warm-up fits per family and size on our side (the JIT compiles during the first ones). */
const warmUps = Math.max(0, Number(argValue('warmups') ?? '3'));

/** Explicit parameters given to both sides (scikit-learn names). */
const ANN_PARAMS = { neurons: 32, num_layers: 2, batch_size: 200, epochs: 10, learning_rate: 0.001 };
const PARAMS: Record<ModelFamily, Record<string, unknown>> = {
  DT: { random_state: 0 },
  RF: { n_estimators: 100, random_state: 0 },
  KNN: { n_neighbors: 5 },
  SVM: { C: 1, kernel: 'rbf', gamma: 'scale' },
  ANN: ANN_PARAMS,
};
/** Training rows of the untimed warm-up fit per family and size. */
const WARM_UP_ROWS = 2250;
const TARGETS: Record<ModelFamily, number> = { DT: 1, RF: 1, KNN: 1, SVM: 2, ANN: 5 };

/** make_classification-like data: Gaussian clusters on hypercube vertices, plus redundant and noise features. */
function makeClassification(rows: number, seed: number): { X: Float64Array; y: Int32Array } {
  const rng = new SeededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const informative = 10;
  const redundant = 5;
  const clustersPerClass = 2;
  const clusters = N_CLASSES * clustersPerClass;
  const centroids = Array.from({ length: clusters }, () => Array.from({ length: informative }, () => (rng.next() < 0.5 ? -1 : 1)));
  const covariances = Array.from({ length: clusters }, () => Array.from({ length: informative * informative }, () => 2 * rng.next() - 1));
  const mix = Array.from({ length: informative * redundant }, () => 2 * rng.next() - 1);
  const X = new Float64Array(rows * FEATURES);
  const y = new Int32Array(rows);
  const z = new Float64Array(informative);
  for (let i = 0; i < rows; i++) {
    const cluster = i % clusters;
    y[i] = cluster % N_CLASSES;
    for (let f = 0; f < informative; f++) z[f] = gauss();
    const row = i * FEATURES;
    for (let f = 0; f < informative; f++) {
      let v = centroids[cluster][f];
      for (let g = 0; g < informative; g++) v += z[g] * covariances[cluster][g * informative + f];
      X[row + f] = v;
    }
    for (let r = 0; r < redundant; r++) {
      let v = 0;
      for (let f = 0; f < informative; f++) v += X[row + f] * mix[f * redundant + r];
      X[row + informative + r] = v;
    }
    for (let f = informative + redundant; f < FEATURES; f++) X[row + f] = gauss();
    if (rng.next() < 0.01) y[i] = rng.nextInt(N_CLASSES);
  }
  // Shuffle rows so classes are not in a fixed pattern.
  const order = rng.shuffle(Int32Array.from({ length: rows }, (_, i) => i));
  const Xs = new Float64Array(rows * FEATURES);
  const ys = new Int32Array(rows);
  order.forEach((from, to) => {
    Xs.set(X.subarray(from * FEATURES, (from + 1) * FEATURES), to * FEATURES);
    ys[to] = y[from];
  });
  return { X: Xs, y: ys };
}

function slice(X: Float64Array, y: Int32Array, start: number, end: number): { X: Matrix; y: Int32Array } {
  return { X: { data: X.slice(start * FEATURES, end * FEATURES), rows: end - start, cols: FEATURES }, y: y.slice(start, end) };
}

async function timeOurs(family: ModelFamily, train: { X: Matrix; y: Int32Array }, test: { X: Matrix; y: Int32Array }) {
  const model = createModel(family, PARAMS[family], 0);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  await model.fit(train.X, train.y, N_CLASSES);
  const predicted = model.predict(test.X);
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  model.dispose();
  let correct = 0;
  for (let i = 0; i < predicted.length; i++) if (predicted[i] === test.y[i]) correct++;
  return { seconds, cpuSeconds, accuracy: correct / predicted.length };
}

/** Median of numbers (the middle run of repeated timings; a cold first run does not decide it). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Times `repeats` fit+predict runs and keeps the median wall and CPU time (accuracy is the same every run). */
async function timeOursRepeated(family: ModelFamily, train: { X: Matrix; y: Int32Array }, test: { X: Matrix; y: Int32Array }, repeats: number) {
  const runs = [];
  for (let i = 0; i < repeats; i++) runs.push(await timeOurs(family, train, test));
  return { seconds: median(runs.map((r) => r.seconds)), cpuSeconds: median(runs.map((r) => r.cpuSeconds)), accuracy: runs[0].accuracy };
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const results: Record<string, unknown>[] = [];
  console.log(`Ratios use CPU time (process.cpuUsage / time.process_time): the machine is shared, and CPU time is what\nboth sides spend regardless of waiting. Wall-clock ratios are shown too. ANN rows are per epoch.\nEach side: the median of ${repeats} fit+predict runs.`);
  console.log('model  train rows   ours cpu s  sklearn cpu s  ratio  target | wall ratio | acc ours / sklearn');
  for (const size of sizes) {
    const testRows = Math.round(size / 3);
    const { X, y } = makeClassification(size + testRows, 42 + size);
    const train = slice(X, y, 0, size);
    const test = slice(X, y, size, size + testRows);
    const prefix = path.join(outDir, `data_${size}`);
    const write = (file: string, array: Float64Array | Int32Array) => writeFileSync(file, new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    write(`${prefix}.train.X.bin`, train.X.data);
    write(`${prefix}.train.y.bin`, train.y);
    write(`${prefix}.test.X.bin`, test.X.data);
    write(`${prefix}.test.y.bin`, test.y);

    // Warm up the JIT and WASM with untimed fits per family on up to 2,250 rows, so the timed runs measure the
    // steady state a search worker runs in (it fits many candidates in one thread). Measured on the ANN at 2,250
    // rows: one warm-up fit left the timed runs half-compiled (24 ms per epoch), 5 gave 18 ms, 20 gave 14 ms.
    const warm = slice(X, y, 0, Math.min(size, WARM_UP_ROWS));
    for (const family of families) for (let w = 0; w < warmUps; w++) await timeOurs(family, warm, warm);

    const sklearnParams: Record<string, Record<string, unknown>> = {};
    for (const family of families) sklearnParams[family] = family === 'ANN' ? ANN_PARAMS : PARAMS[family];
    const sklearnOut = execFileSync('/usr/bin/python3', [path.join(benchDir, 'sklearn_timing.py'), prefix, JSON.stringify({ cols: FEATURES, models: sklearnParams, repeats })], {
      encoding: 'utf8',
      env: { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' },
      maxBuffer: 1 << 20,
    });
    const sklearn = JSON.parse(sklearnOut) as Record<string, { seconds: number; cpuSeconds: number; epochs: number | null; accuracy: number }>;

    for (const family of families) {
      const ours = await timeOursRepeated(family, train, test, repeats);
      const theirs = sklearn[family];
      // ANN: per epoch on both sides (scikit-learn's MLP may stop early; ours runs every epoch).
      const ourEpochs = family === 'ANN' ? ANN_PARAMS.epochs : 1;
      const theirEpochs = family === 'ANN' ? (theirs.epochs ?? ANN_PARAMS.epochs) : 1;
      const oursCpu = ours.cpuSeconds / ourEpochs;
      const theirCpu = theirs.cpuSeconds / theirEpochs;
      const ratio = oursCpu / theirCpu;
      const wallRatio = ours.seconds / ourEpochs / (theirs.seconds / theirEpochs);
      results.push({ family, trainRows: size, perEpoch: family === 'ANN', oursCpuSeconds: oursCpu, sklearnCpuSeconds: theirCpu, ratio, wallRatio, target: TARGETS[family], oursAccuracy: ours.accuracy, sklearnAccuracy: theirs.accuracy });
      console.log(
        `${(family + (family === 'ANN' ? '/ep' : '')).padEnd(7)}${String(size).padStart(10)} ${oursCpu.toFixed(3).padStart(12)} ${theirCpu.toFixed(3).padStart(14)} ${ratio.toFixed(2).padStart(6)} ${('<= ' + TARGETS[family]).padStart(7)} | ${wallRatio.toFixed(2).padStart(10)} | ${ours.accuracy.toFixed(3)} / ${theirs.accuracy.toFixed(3)}`,
      );
    }
  }
  writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
}

try {
  const argv = process.argv.slice(2);
  if (argv.some((a) => a === '--panels' || a.startsWith('--panels='))) {
    // The real-panel benchmark (bench/panels/run.ts): the engine's auto search against scikit-learn on WHO panels.
    const { runPanelBench } = await import('./panels/run.ts');
    await runPanelBench(argv);
  } else await main();
} catch (error) {
  // Print the message only: the wasm glue's handlers would otherwise dump its minified source.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
