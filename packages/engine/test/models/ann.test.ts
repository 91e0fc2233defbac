import { createModel, loadModel, type AnnClassifier, type Matrix, type SavedAnnState } from '../../src/models/index.ts';
import * as tf from '@tensorflow/tfjs';
import { loadTensorflow } from '../../src/models/ann/tfjs.ts';
import { accuracy, blobs, expectProbabilities, uniformRows } from './data.ts';

// The engine loads TensorFlow.js on first need; these tests use it directly.
beforeAll(async () => {
  await loadTensorflow();
});

const { X, y, nClasses } = blobs(240, 5, 3, 31, 2);

async function fitAnn(params: Record<string, unknown>, seed = 1, data: Matrix = X, labels: Int32Array = y): Promise<AnnClassifier> {
  const model = createModel('ANN', { epochs: 15, batch_size: 32, neurons: 16, num_layers: 2, ...params }, seed) as AnnClassifier;
  await model.fit(data, labels, nClasses);
  return model;
}

// The machine running the suite may be shared: give the fits room.
vi.setConfig({ testTimeout: 60_000 });

describe('neural network', () => {
  test('runs on the wasm backend', () => {
    expect(tf.getBackend()).toBe('wasm');
  });

  test('learns blobs; probabilities sum to 1', async () => {
    const model = await fitAnn({ learning_rate: 0.01 });
    expect(accuracy(model.predict(X), y)).toBeGreaterThan(0.9);
    expectProbabilities(model.predictProba(X), X.rows, nClasses);
    model.dispose();
  });

  test('same seed gives identical predictions, even with dropout; another seed differs', async () => {
    const params = { dropout_rate: 0.3, activation: 'tanh' };
    const a = await fitAnn(params, 7);
    const b = await fitAnn(params, 7);
    const c = await fitAnn(params, 8);
    expect(b.predictProba(X)).toEqual(a.predictProba(X));
    expect(c.predictProba(X)).not.toEqual(a.predictProba(X));
    [a, b, c].forEach((m) => m.dispose());
  });

  test.each([
    ['leaky_relu', 'rmsprop'],
    ['elu', 'sgd'],
    ['relu', 'adam'],
  ])('activation %s with optimizer %s trains', async (activation, optimizer) => {
    const model = await fitAnn({ activation, optimizer, learning_rate: optimizer === 'sgd' ? 0.05 : 0.01, epochs: 10 });
    expect(accuracy(model.predict(X), y)).toBeGreaterThan(0.8);
    model.dispose();
  });

  test('num_layers and neurons shape the network; leaky_relu is a layer', async () => {
    const model = await fitAnn({ num_layers: 3, neurons: 8, activation: 'leaky_relu', epochs: 1 });
    const topology = (model.toJSON().state as SavedAnnState).modelTopology as { config: { layers: { class_name: string; config: { units?: number } }[] } };
    const layers = topology.config.layers;
    expect(layers.filter((l) => l.class_name === 'Dense').map((l) => l.config.units)).toEqual([8, 8, 8, nClasses]);
    expect(layers.filter((l) => l.class_name === 'LeakyReLU')).toHaveLength(3);
    model.dispose();
  });

  test('early stopping stops on a validation slice that stops improving', async () => {
    // Random labels: the validation loss cannot keep falling.
    const noise = uniformRows(200, 5, 3);
    const labels = Int32Array.from({ length: 200 }, (_, i) => (i * 7) % 3);
    const model = await fitAnn({ early_stopping: true, n_iter_no_change: 3, epochs: 200, learning_rate: 0.01 }, 1, noise, labels);
    expect(model.epochsRun()).toBeLessThan(200);
    const full = await fitAnn({ epochs: 4 }, 1, noise, labels);
    expect(full.epochsRun()).toBe(4);
    [model, full].forEach((m) => m.dispose());
  });

  test('round trip: identical predictions, and the tfjs artifacts load in tfjs itself', async () => {
    const model = await fitAnn({ dropout_rate: 0.2 });
    const saved = JSON.parse(JSON.stringify(model.toJSON()));
    const loaded = loadModel(saved);
    expect(loaded.predictProba(X)).toEqual(model.predictProba(X));
    expect(loaded.predict(X)).toEqual(model.predict(X));

    const state = saved.state as SavedAnnState;
    const bytes = Buffer.from(state.weightData, 'base64');
    const tfModel = await tf.loadLayersModel(
      tf.io.fromMemory({
        modelTopology: state.modelTopology,
        weightSpecs: state.weightSpecs,
        weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      }),
    );
    const scaled = new Float32Array(X.data.length);
    for (let i = 0; i < X.rows; i++) for (let f = 0; f < X.cols; f++) scaled[i * X.cols + f] = (X.data[i * X.cols + f] - state.mean[f]) / state.std[f];
    const direct = (tfModel.predict(tf.tensor2d(scaled, [X.rows, X.cols])) as tf.Tensor).dataSync();
    const ours = model.predictProba(X);
    for (let i = 0; i < ours.length; i++) expect(direct[i]).toBeCloseTo(ours[i], 5);
    tfModel.dispose();
    model.dispose();
    loaded.dispose();
    expect(() => model.predict(X)).toThrow(/disposed/);
  });

  test('fits do not leak tensors', async () => {
    const before = tf.memory().numTensors;
    const model = await fitAnn({ early_stopping: true, epochs: 5 });
    model.predictProba(X);
    model.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
