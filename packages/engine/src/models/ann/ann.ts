import type { AnnParams } from '../params.ts';
import { SeededRandom } from '../rng.ts';
import type { Classifier, Matrix, SavedModel } from '../types.ts';
import { checkFitInput, checkPredictInput } from '../fit-input.ts';
import { argmaxRows } from '../../data/stats.ts';
import { loadTensorflow, tf, type TF } from './tfjs.ts';
import { LEAKY_RELU_ALPHA, MlpTrainer } from './trainer.ts';

/** State of a saved ANN (SavedModel.state for family ANN): tfjs model artifacts plus input scaling. */
export interface SavedAnnState {
  /** tfjs Keras-style topology, as in a model.json "modelTopology". */
  modelTopology: object;
  /** As in a model.json "weightsManifest[].weights": name, shape, dtype of each weight, in order. */
  weightSpecs: { name: string; shape: number[]; dtype: 'float32' }[];
  /** All weights, float32 little-endian, concatenated in weightSpecs order, base64. */
  weightData: string;
  /** Per-feature mean and standard deviation of the training rows (inputs are standardised first). */
  mean: number[];
  std: number[];
  /** Epochs actually run (fewer than epochs after early stopping). */
  epochsRun: number;
}

/**
 * Feed-forward neural network (TensorFlow.js, wasm backend): num_layers hidden dense layers of
 * `neurons` units with the chosen activation and dropout, a softmax output and categorical
 * cross-entropy. Inputs are standardised with the training rows' mean and deviation (part of the
 * model, so no leakage). Weight initialisation, dropout masks, mini-batch shuffling and the early
 * stopping validation slice all come from the seed.
 */
export class AnnClassifier implements Classifier {
  readonly family = 'ANN' as const;
  private model: TF.Sequential | null = null;
  private mean: Float64Array = new Float64Array(0);
  private std: Float64Array = new Float64Array(0);
  private nFeatures: number | undefined;
  private nClasses = 0;
  private epochs = 0;

  /**
   * @param params validated ANN parameters
   * @param seed seed of initialisation, dropout, shuffling and the validation slice
   */
  constructor(
    readonly params: AnnParams,
    private readonly seed: number,
  ) {}

  /** Trains with mini-batch gradient descent. sampleWeight is ignored. */
  async fit(X: Matrix, y: Int32Array, nClasses: number): Promise<void> {
    checkFitInput(X, y, nClasses);
    await loadTensorflow();
    this.dispose();
    const rng = new SeededRandom(this.seed);
    const { rows, cols } = X;
    this.nFeatures = cols;
    this.nClasses = nClasses;
    this.fitScaling(X);
    const model = this.build(rng);
    this.model = model;

    // Seeded validation slice for early stopping.
    const order = rng.shuffle(Int32Array.from({ length: rows }, (_, i) => i));
    const validationSize = this.params.early_stopping ? Math.max(1, Math.floor(rows * this.params.validation_fraction)) : 0;
    const useValidation = validationSize > 0 && rows - validationSize >= 1;
    const trainRows = useValidation ? order.slice(validationSize) : Int32Array.from({ length: rows }, (_, i) => i);
    const validationRows = useValidation ? order.slice(0, validationSize) : new Int32Array(0);

    const scaled = this.scale(X);
    // Batches are gathered in JavaScript and uploaded (a few kB each): the wasm backend's slice copies
    // its whole input tensor to the JS heap first, so slicing batches out of the data cost a copy of
    // the whole training set per batch.
    const gatherRows = (rowOrder: Int32Array, start: number, count: number): [TF.Tensor2D, TF.Tensor2D] => {
      const xb = new Float32Array(count * cols);
      const yb = new Float32Array(count * nClasses);
      for (let i = 0; i < count; i++) {
        const row = rowOrder[start + i];
        for (let f = 0; f < cols; f++) xb[i * cols + f] = scaled[row * cols + f];
        yb[i * nClasses + y[row]] = 1;
      }
      return [tf.tensor2d(xb, [count, cols]), tf.tensor2d(yb, [count, nClasses])];
    };
    const [xVal, yVal] = useValidation ? gatherRows(validationRows, 0, validationRows.length) : [null, null];
    // getWeights() hands out the layers' own variables: the trainer copies them and they stay the model's.
    const trainer = new MlpTrainer(model.getWeights(), this.params, rng);
    const batchSize = Math.min(this.params.batch_size, trainRows.length);
    let best = Infinity;
    let bestWeights: TF.Tensor1D | null = null;
    let sinceBest = 0;
    try {
      for (let epoch = 0; epoch < this.params.epochs; epoch++) {
        rng.shuffle(trainRows);
        for (let start = 0; start < trainRows.length; start += batchSize) {
          const [xb, yb] = gatherRows(trainRows, start, Math.min(batchSize, trainRows.length - start));
          trainer.step(xb, yb);
          tf.dispose([xb, yb]);
        }
        this.epochs = epoch + 1;
        if (xVal && yVal) {
          const loss = trainer.loss(xVal, yVal);
          if (loss < best - 1e-4) {
            best = loss;
            sinceBest = 0;
            bestWeights?.dispose();
            bestWeights = trainer.snapshot();
          } else if (++sinceBest >= this.params.n_iter_no_change) {
            break;
          }
        }
        // Let the event loop breathe between epochs (progress events, cancellation).
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (bestWeights) trainer.restore(bestWeights);
      const trained = trainer.weights();
      model.setWeights(trained);
      tf.dispose(trained);
    } finally {
      bestWeights?.dispose();
      trainer.dispose();
      if (xVal && yVal) tf.dispose([xVal, yVal]);
    }
  }

  /** Hidden stack + softmax output; seeds drawn from `rng` (any rng when rebuilding for loading). */
  private build(rng: SeededRandom): TF.Sequential {
    const { neurons, num_layers: layers, activation, dropout_rate: dropout } = this.params;
    const model = tf.sequential();
    for (let l = 0; l < layers; l++) {
      model.add(
        tf.layers.dense({
          units: neurons,
          inputShape: l === 0 ? [this.nFeatures as number] : undefined,
          activation: activation === 'leaky_relu' ? 'linear' : activation,
          kernelInitializer: tf.initializers.glorotUniform({ seed: rng.nextSeed() }),
          biasInitializer: 'zeros',
        }),
      );
      // tfjs has no leaky_relu activation string: it is a layer.
      if (activation === 'leaky_relu') model.add(tf.layers.leakyReLU({ alpha: LEAKY_RELU_ALPHA }));
      if (dropout > 0) model.add(tf.layers.dropout({ rate: dropout, seed: rng.nextSeed() }));
    }
    model.add(
      tf.layers.dense({
        units: this.nClasses,
        activation: 'softmax',
        kernelInitializer: tf.initializers.glorotUniform({ seed: rng.nextSeed() }),
        biasInitializer: 'zeros',
      }),
    );
    return model;
  }

  private fitScaling(X: Matrix): void {
    const { rows, cols, data } = X;
    this.mean = new Float64Array(cols);
    this.std = new Float64Array(cols);
    for (let i = 0; i < rows; i++) for (let f = 0; f < cols; f++) this.mean[f] += data[i * cols + f];
    for (let f = 0; f < cols; f++) this.mean[f] /= rows;
    for (let i = 0; i < rows; i++) for (let f = 0; f < cols; f++) this.std[f] += (data[i * cols + f] - this.mean[f]) ** 2;
    for (let f = 0; f < cols; f++) {
      const sd = Math.sqrt(this.std[f] / rows);
      this.std[f] = sd > 0 ? sd : 1;
    }
  }

  private scale(X: Matrix): Float32Array {
    const { rows, cols, data } = X;
    const out = new Float32Array(rows * cols);
    for (let i = 0; i < rows; i++) {
      for (let f = 0; f < cols; f++) out[i * cols + f] = (data[i * cols + f] - this.mean[f]) / this.std[f];
    }
    return out;
  }

  predict(X: Matrix): Int32Array {
    return argmaxRows(this.predictProba(X), this.nClasses);
  }

  /** Softmax outputs (float32 computed, renormalised to sum to 1 in float64). */
  predictProba(X: Matrix): Float64Array {
    checkPredictInput(X, this.nFeatures);
    const model = this.fitted();
    const k = this.nClasses;
    const values = tf.tidy(() => (model.predict(tf.tensor2d(this.scale(X), [X.rows, X.cols])) as TF.Tensor).dataSync());
    const out = Float64Array.from(values);
    for (let i = 0; i < X.rows; i++) {
      let total = 0;
      for (let c = 0; c < k; c++) total += out[i * k + c];
      for (let c = 0; c < k; c++) out[i * k + c] /= total;
    }
    return out;
  }

  /** Epochs actually run by the last fit. */
  epochsRun(): number {
    return this.epochs;
  }

  private fitted(): TF.Sequential {
    if (!this.model) throw new Error('The model is not fitted yet (or was disposed): call fit() or loadModel() first.');
    return this.model;
  }

  toJSON(): SavedModel {
    const model = this.fitted();
    const weights = model.weights;
    const values = model.getWeights();
    const specs = weights.map((w, i) => ({ name: w.originalName ?? w.name, shape: values[i].shape, dtype: 'float32' as const }));
    const arrays = values.map((t) => t.dataSync() as Float32Array);
    const total = arrays.reduce((sum, a) => sum + a.length, 0);
    const flat = new Float32Array(total);
    let offset = 0;
    for (const a of arrays) {
      flat.set(a, offset);
      offset += a.length;
    }
    const state: SavedAnnState = {
      modelTopology: model.toJSON(undefined, false) as object,
      weightSpecs: specs,
      weightData: Buffer.from(flat.buffer, flat.byteOffset, flat.byteLength).toString('base64'),
      mean: Array.from(this.mean),
      std: Array.from(this.std),
      epochsRun: this.epochs,
    };
    return { format: 'indicata-model', version: 1, family: 'ANN', params: { ...this.params }, nFeatures: this.nFeatures as number, nClasses: this.nClasses, state };
  }

  /** Frees the tfjs model's weight tensors. Safe to call twice. */
  dispose(): void {
    if (this.model) {
      this.model.dispose();
      this.model = null;
    }
  }

  /**
   * Rebuilds a fitted network from its saved form: the architecture from the parameters (the same
   * builder as fit), then the weights from weightData.
   * @param saved SavedModel of family ANN
   * @param params its validated parameters
   */
  static fromJSON(saved: SavedModel, params: AnnParams): AnnClassifier {
    const state = saved.state as SavedAnnState;
    const model = new AnnClassifier(params, 0);
    model.nFeatures = saved.nFeatures;
    model.nClasses = saved.nClasses;
    model.mean = Float64Array.from(state.mean);
    model.std = Float64Array.from(state.std);
    model.epochs = state.epochsRun;
    const network = model.build(new SeededRandom(0));
    const bytes = Buffer.from(state.weightData, 'base64');
    const flat = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    let offset = 0;
    const tensors = state.weightSpecs.map((spec) => {
      const size = spec.shape.reduce((a, b) => a * b, 1);
      const tensor = tf.tensor(flat.subarray(offset, offset + size), spec.shape, 'float32');
      offset += size;
      return tensor;
    });
    network.setWeights(tensors);
    tf.dispose(tensors);
    model.model = network;
    return model;
  }
}
