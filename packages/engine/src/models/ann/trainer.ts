/**
 * Mini-batch training of the ANN's dense stack on the tfjs wasm backend with a hand-written backward
 * pass and optimizer updates on one flat parameter vector.
 *
 * Why not tfjs's own `optimizer.minimize` over `model.apply`: on these small networks every step is a
 * few hundred microseconds of arithmetic and milliseconds of per-op dispatch. The tape-based path ran
 * about 175 kernels per step, several of them matMuls with a transposed operand, which the wasm backend
 * runs about four times slower than an explicit transpose followed by a plain matMul. Here one step is
 * about 60 kernels: fused matMul+bias+activation forward, the closed-form gradient of softmax with
 * cross-entropy, explicit transposes, and the optimizer's update applied once to all parameters.
 * The arithmetic is the same as tfjs's (Adam, RMSProp and SGD with tfjs's defaults); a test checks the
 * gradients against `tf.grads` of the layers model.
 */
import type { AnnParams } from '../params.ts';
import type { SeededRandom } from '../rng.ts';
import { tf, type TF } from './tfjs.ts';

/** tfjs's float32 epsilon, used by its Adam and RMSProp. */
const EPSILON = 1e-7;
/** tfjs's defaults: Adam's betas and RMSProp's decay. */
const ADAM_BETA1 = 0.9;
const ADAM_BETA2 = 0.999;
const RMSPROP_DECAY = 0.9;
/** Slope of leaky_relu below zero (the layer the model builder adds). */
export const LEAKY_RELU_ALPHA = 0.2;

type Activation = AnnParams['activation'];

/** One hidden or output layer's parameter shapes, in the order tfjs's model.getWeights() lists them. */
export interface LayerShape {
  inputs: number;
  units: number;
}

/** Per-step inputs of the backward pass that depend on randomness (dropout masks, one per hidden layer). */
type Masks = (TF.Tensor2D | null)[];

/**
 * Gradients of the mean softmax cross-entropy with respect to every layer's kernel and bias, by the
 * closed-form backward pass (exported for the gradient check test).
 * @param params kernel [inputs, units] and bias [units] per layer, hidden layers first, output last
 * @param x batch rows [n, features] (already standardised)
 * @param y one-hot targets [n, classes]
 * @param activation hidden activation
 * @param masks per hidden layer a dropout mask already scaled by 1 / (1 - rate), or null for none
 * @returns gradients in the same order and shapes as params
 */
export function backprop(params: TF.Tensor[], x: TF.Tensor2D, y: TF.Tensor2D, activation: Activation, masks: Masks): TF.Tensor[] {
  const layers = params.length / 2;
  // Forward: keep each hidden layer's activation (for its derivative) and its possibly dropped output.
  const activated: TF.Tensor2D[] = [];
  const inputs: TF.Tensor2D[] = [x];
  let h = x;
  for (let l = 0; l < layers - 1; l++) {
    const a = dense(h, params[2 * l] as TF.Tensor2D, params[2 * l + 1] as TF.Tensor1D, activation);
    activated.push(a);
    const mask = masks[l];
    h = mask ? tf.mul(a, mask) : a;
    inputs.push(h);
  }
  const logits = dense(h, params[2 * layers - 2] as TF.Tensor2D, params[2 * layers - 1] as TF.Tensor1D, 'linear');
  // d(mean cross-entropy)/d(logits) of a softmax output.
  let delta = tf.div(tf.sub(tf.softmax(logits), y), x.shape[0]) as TF.Tensor2D;
  const grads: TF.Tensor[] = new Array<TF.Tensor>(params.length);
  for (let l = layers - 1; l >= 0; l--) {
    grads[2 * l] = tf.matMul(tf.transpose(inputs[l]), delta);
    grads[2 * l + 1] = tf.sum(delta, 0);
    if (l === 0) break;
    let back = tf.matMul(delta, tf.transpose(params[2 * l] as TF.Tensor2D));
    const mask = masks[l - 1];
    if (mask) back = tf.mul(back, mask);
    delta = tf.mul(back, derivative(activated[l - 1], activation)) as TF.Tensor2D;
  }
  return grads;
}

/**
 * Output logits of the network in inference mode (no dropout).
 * @param params kernel and bias per layer, as for backprop
 * @param x rows [n, features]
 * @param activation hidden activation
 */
export function forwardLogits(params: TF.Tensor[], x: TF.Tensor2D, activation: Activation): TF.Tensor2D {
  const layers = params.length / 2;
  let h = x;
  for (let l = 0; l < layers - 1; l++) h = dense(h, params[2 * l] as TF.Tensor2D, params[2 * l + 1] as TF.Tensor1D, activation);
  return dense(h, params[2 * layers - 2] as TF.Tensor2D, params[2 * layers - 1] as TF.Tensor1D, 'linear');
}

function dense(x: TF.Tensor2D, kernel: TF.Tensor2D, bias: TF.Tensor1D, activation: Activation | 'linear'): TF.Tensor2D {
  // The wasm backend fuses relu, elu and leaky relu into the matMul; tanh is a separate op.
  if (activation === 'tanh') return tf.tanh(tf.fused.matMul({ a: x, b: kernel, bias })) as TF.Tensor2D;
  const fused = activation === 'leaky_relu' ? 'leakyrelu' : activation;
  return tf.fused.matMul({ a: x, b: kernel, bias, activation: fused, leakyreluAlpha: LEAKY_RELU_ALPHA }) as TF.Tensor2D;
}

/** Derivative of the activation written in terms of its output a (all four allow that). */
function derivative(a: TF.Tensor2D, activation: Activation): TF.Tensor {
  if (activation === 'relu') return tf.step(a, 0);
  if (activation === 'leaky_relu') return tf.step(a, LEAKY_RELU_ALPHA);
  if (activation === 'tanh') return tf.sub(1, tf.square(a));
  // elu (alpha 1): 1 above zero, exp(z) = a + 1 below.
  return tf.add(tf.minimum(a, 0), 1);
}

/**
 * Mean categorical cross-entropy of the softmax of logits, with probabilities clipped to [1e-7, 1]
 * (the loss early stopping watches).
 * @param logits network outputs before softmax [n, classes]
 * @param y one-hot targets [n, classes]
 */
export function crossEntropyOfLogits(logits: TF.Tensor2D, y: TF.Tensor2D): TF.Scalar {
  return tf.neg(tf.mean(tf.sum(tf.mul(y, tf.log(tf.clipByValue(tf.softmax(logits), EPSILON, 1))), -1))) as TF.Scalar;
}

/**
 * Owns the parameters (one flat vector) and the optimizer state of one training run.
 */
export class MlpTrainer {
  private flat: TF.Tensor1D;
  private readonly slots: TF.Tensor1D[] = [];
  private readonly sizes: number[];
  private readonly shapes: number[][];
  private readonly maskRandom: SeededRandom;
  private steps = 0;
  /** Scalars used every step, made once (each new scalar tensor costs a dispatch). */
  private readonly constants: Record<'beta1' | 'oneMinusBeta1' | 'beta2' | 'oneMinusBeta2' | 'decay' | 'oneMinusDecay' | 'epsilon' | 'learningRate', TF.Scalar>;

  /**
   * @param initial kernel and bias per layer, as tfjs's model.getWeights() returns them (copied)
   * @param options activation, dropout_rate, optimizer and learning_rate of the ANN parameters
   * @param random source of the dropout masks (advanced once per mask value)
   */
  constructor(
    initial: TF.Tensor[],
    private readonly options: Pick<AnnParams, 'activation' | 'dropout_rate' | 'optimizer' | 'learning_rate'>,
    random: SeededRandom,
  ) {
    this.shapes = initial.map((t) => t.shape);
    this.sizes = initial.map((t) => t.size);
    this.flat = tf.tidy(() => tf.concat(initial.map((t) => t.reshape([-1])))) as TF.Tensor1D;
    const slotCount = options.optimizer === 'adam' ? 2 : options.optimizer === 'rmsprop' ? 1 : 0;
    for (let s = 0; s < slotCount; s++) this.slots.push(tf.keep(tf.zerosLike(this.flat)));
    this.maskRandom = random;
    this.constants = {
      beta1: tf.scalar(ADAM_BETA1),
      oneMinusBeta1: tf.scalar(1 - ADAM_BETA1),
      beta2: tf.scalar(ADAM_BETA2),
      oneMinusBeta2: tf.scalar(1 - ADAM_BETA2),
      decay: tf.scalar(RMSPROP_DECAY),
      oneMinusDecay: tf.scalar(1 - RMSPROP_DECAY),
      epsilon: tf.scalar(EPSILON),
      learningRate: tf.scalar(options.learning_rate),
    };
  }

  /** The parameters split back into kernel and bias tensors per layer (the caller disposes them). */
  weights(): TF.Tensor[] {
    return tf.tidy(() => this.split(this.flat));
  }

  /** A copy of the current parameters (for early stopping's best epoch). */
  snapshot(): TF.Tensor1D {
    return tf.keep(this.flat.clone());
  }

  /** Puts back parameters from snapshot() (the snapshot stays the caller's). */
  restore(snapshot: TF.Tensor1D): void {
    this.flat.dispose();
    this.flat = tf.keep(snapshot.clone());
  }

  /**
   * One optimizer step on a mini-batch.
   * @param x batch rows [n, features]
   * @param y one-hot targets [n, classes]
   */
  step(x: TF.Tensor2D, y: TF.Tensor2D): void {
    this.steps++;
    const { activation, dropout_rate: rate } = this.options;
    const masks = this.dropoutMasks(x.shape[0], rate);
    const next = tf.tidy(() => {
      const grads = backprop(this.split(this.flat), x, y, activation, masks);
      const g = tf.concat(grads.map((t) => t.reshape([-1]))) as TF.Tensor1D;
      return this.update(g);
    });
    tf.dispose(masks.filter((m): m is TF.Tensor2D => m !== null));
    this.flat.dispose();
    this.slots.forEach((slot) => slot.dispose());
    this.flat = next[0];
    for (let s = 0; s < this.slots.length; s++) this.slots[s] = next[s + 1];
  }

  /**
   * Mean clipped cross-entropy of the current network on rows (inference mode).
   * @param x rows [n, features]
   * @param y one-hot targets [n, classes]
   */
  loss(x: TF.Tensor2D, y: TF.Tensor2D): number {
    return tf.tidy(() => crossEntropyOfLogits(forwardLogits(this.split(this.flat), x, this.options.activation), y).dataSync()[0]);
  }

  /** Frees the parameters and optimizer state. */
  dispose(): void {
    this.flat.dispose();
    this.slots.forEach((slot) => slot.dispose());
    tf.dispose(Object.values(this.constants));
  }

  private split(flat: TF.Tensor1D): TF.Tensor[] {
    return tf.split(flat, this.sizes).map((part, i) => part.reshape(this.shapes[i]));
  }

  /** tfjs's update rules (default betas, decay and epsilon); returns [parameters, ...slots], kept. */
  private update(g: TF.Tensor1D): TF.Tensor1D[] {
    const c = this.constants;
    const flat = this.flat;
    let out: TF.Tensor1D[];
    if (this.options.optimizer === 'adam') {
      const [m0, v0] = this.slots;
      const m = tf.add(tf.mul(m0, c.beta1), tf.mul(g, c.oneMinusBeta1)) as TF.Tensor1D;
      const v = tf.add(tf.mul(v0, c.beta2), tf.mul(tf.square(g), c.oneMinusBeta2)) as TF.Tensor1D;
      // Bias corrections change every step: two scalars per step, the rest are the kept constants.
      const stepSize = tf.scalar(this.options.learning_rate / (1 - ADAM_BETA1 ** this.steps));
      const secondCorrection = tf.scalar(1 / (1 - ADAM_BETA2 ** this.steps));
      const stepTensor = tf.div(tf.mul(m, stepSize), tf.add(tf.sqrt(tf.mul(v, secondCorrection)), c.epsilon));
      out = [tf.sub(flat, stepTensor) as TF.Tensor1D, m, v];
    } else if (this.options.optimizer === 'rmsprop') {
      const ms = tf.add(tf.mul(this.slots[0], c.decay), tf.mul(tf.square(g), c.oneMinusDecay)) as TF.Tensor1D;
      out = [tf.sub(flat, tf.div(tf.mul(g, c.learningRate), tf.sqrt(tf.add(ms, c.epsilon)))) as TF.Tensor1D, ms];
    } else {
      out = [tf.sub(flat, tf.mul(g, c.learningRate)) as TF.Tensor1D];
    }
    return out.map((t) => tf.keep(t));
  }

  /** Inverted-dropout masks (0 or 1 / (1 - rate)) per hidden layer, drawn from the seeded stream. */
  private dropoutMasks(rows: number, rate: number): Masks {
    const hidden = this.shapes.length / 2 - 1;
    if (rate <= 0) return new Array<null>(hidden).fill(null);
    const keep = 1 / (1 - rate);
    const masks: Masks = [];
    for (let l = 0; l < hidden; l++) {
      const units = this.shapes[2 * l][1];
      const values = new Float32Array(rows * units);
      for (let i = 0; i < values.length; i++) values[i] = this.maskRandom.next() < rate ? 0 : keep;
      masks.push(tf.tensor2d(values, [rows, units]));
    }
    return masks;
  }
}
