import * as tf from '@tensorflow/tfjs';
import { loadTensorflow } from '../../src/models/ann/tfjs.ts';
import { backprop, LEAKY_RELU_ALPHA, MlpTrainer } from '../../src/models/ann/trainer.ts';
import { SeededRandom } from '../../src/models/rng.ts';

// The engine loads TensorFlow.js on first need; these tests use it directly.
beforeAll(async () => {
  await loadTensorflow();
});

/** Plain (unfused) forward pass and loss, written independently of the trainer for tf.grads. */
function referenceLoss(params: tf.Tensor[], x: tf.Tensor2D, y: tf.Tensor2D, activation: string, masks: (tf.Tensor2D | null)[]): tf.Scalar {
  const act = (z: tf.Tensor): tf.Tensor =>
    activation === 'relu' ? tf.relu(z) : activation === 'tanh' ? tf.tanh(z) : activation === 'elu' ? tf.elu(z) : tf.leakyRelu(z, LEAKY_RELU_ALPHA);
  let h: tf.Tensor = x;
  const layers = params.length / 2;
  for (let l = 0; l < layers; l++) {
    const z = tf.add(tf.matMul(h as tf.Tensor2D, params[2 * l] as tf.Tensor2D), params[2 * l + 1]);
    h = l === layers - 1 ? z : masks[l] ? tf.mul(act(z), masks[l] as tf.Tensor2D) : act(z);
  }
  return tf.neg(tf.mean(tf.sum(tf.mul(y, tf.logSoftmax(h)), -1))) as tf.Scalar;
}

function randomParams(shape: number[], rng: SeededRandom): tf.Tensor[] {
  const params: tf.Tensor[] = [];
  for (let l = 0; l + 1 < shape.length; l++) {
    params.push(tf.tensor2d(Float32Array.from({ length: shape[l] * shape[l + 1] }, () => rng.next() - 0.5), [shape[l], shape[l + 1]]));
    params.push(tf.tensor1d(Float32Array.from({ length: shape[l + 1] }, () => 0.2 * (rng.next() - 0.5))));
  }
  return params;
}

describe('ANN trainer', () => {
  test.each(['relu', 'tanh', 'elu', 'leaky_relu'] as const)('hand-written gradients equal tf.grads (%s, with and without dropout)', (activation) => {
    const rng = new SeededRandom(3);
    const params = randomParams([6, 9, 7, 4], rng);
    const x = tf.tensor2d(Float32Array.from({ length: 13 * 6 }, () => 2 * rng.next() - 1), [13, 6]);
    const y = tf.oneHot(tf.tensor1d(Int32Array.from({ length: 13 }, () => rng.nextInt(4)), 'int32'), 4).toFloat() as tf.Tensor2D;
    const mask = (units: number) => tf.tensor2d(Float32Array.from({ length: 13 * units }, () => (rng.next() < 0.3 ? 0 : 1 / 0.7)), [13, units]);
    for (const masks of [[null, null], [mask(9), mask(7)]]) {
      const ours = backprop(params, x, y, activation, masks);
      const reference = tf.grads((...p: tf.Tensor[]) => referenceLoss(p, x, y, activation, masks))(params);
      ours.forEach((g, i) => {
        expect(g.shape).toEqual(params[i].shape);
        const a = g.dataSync();
        const b = reference[i].dataSync();
        const scale = Math.max(1e-3, ...Array.from(b, Math.abs));
        for (let j = 0; j < a.length; j++) expect(Math.abs(a[j] - b[j])).toBeLessThan(1e-4 * scale);
      });
      tf.dispose([...ours, ...reference]);
    }
  });

  test.each(['adam', 'rmsprop', 'sgd'] as const)('one %s step moves the parameters as tfjs\'s optimizer does', (optimizer) => {
    const rng = new SeededRandom(5);
    const params = randomParams([5, 8, 3], rng);
    const x = tf.tensor2d(Float32Array.from({ length: 10 * 5 }, () => rng.next()), [10, 5]);
    const y = tf.oneHot(tf.tensor1d(Int32Array.from({ length: 10 }, (_, i) => i % 3), 'int32'), 3).toFloat() as tf.Tensor2D;
    const trainer = new MlpTrainer(params, { activation: 'relu', dropout_rate: 0, optimizer, learning_rate: 0.05 }, rng);
    const variables = params.map((p) => tf.variable(p.clone()));
    const reference = optimizer === 'adam' ? tf.train.adam(0.05) : optimizer === 'rmsprop' ? tf.train.rmsprop(0.05) : tf.train.sgd(0.05);
    for (let step = 0; step < 3; step++) {
      trainer.step(x, y);
      reference.minimize(() => referenceLoss(variables, x, y, 'relu', [null]), false, variables);
    }
    const ours = trainer.weights();
    ours.forEach((w, i) => {
      const a = w.dataSync();
      const b = variables[i].dataSync();
      for (let j = 0; j < a.length; j++) expect(a[j]).toBeCloseTo(b[j], 4);
    });
    tf.dispose([...ours, ...variables, ...params]);
    trainer.dispose();
    reference.dispose();
  });
});
