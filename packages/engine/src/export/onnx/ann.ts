/**
 * ANN as MatMul/Add/activation layers and Softmax, from the saved tfjs weights, in float32 like tfjs.
 * The input is standardised with the network's own mean/std in float64 and then rounded to float32,
 * as AnnClassifier.scale does; the softmax output is renormalised in float64 as predictProba does.
 * Dropout layers do nothing at prediction time and have no node.
 */
import type { SavedModel } from '../../models/types.ts';
import type { SavedAnnState } from '../../models/ann/ann.ts';
import { LEAKY_RELU_ALPHA } from '../../models/ann/trainer.ts';
import type { GraphBuilder } from './graph.ts';
import { DataType } from './graph.ts';
import type { ModelOutputs } from './types.ts';

/**
 * Dense layers for a saved ANN.
 * @param g graph builder
 * @param x [N, F] double model input
 * @param saved the saved model (family ANN)
 */
export function ann(g: GraphBuilder, x: string, saved: SavedModel): ModelOutputs {
  const state = saved.state as SavedAnnState;
  const activation = String(saved.params.activation);
  const width = saved.nFeatures;
  const bytes = Buffer.from(state.weightData, 'base64');
  const flat = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  let offset = 0;
  const weights = state.weightSpecs.map((spec) => {
    const size = spec.shape.reduce((a, b) => a * b, 1);
    const values = Array.from(flat.subarray(offset, offset + size));
    offset += size;
    return { shape: spec.shape, values };
  });
  if (weights.length % 2 !== 0) throw new Error('ANN weights must come as kernel/bias pairs.');
  const standardised = g.node('Div', [g.node('Sub', [x, g.double(state.mean, [1, width], 'ann_mean')]), g.double(state.std, [1, width], 'ann_std')]);
  let h = g.node('Cast', [standardised], { to: { int: DataType.FLOAT } });
  const layers = weights.length / 2;
  for (let l = 0; l < layers; l++) {
    const kernel = weights[2 * l];
    const bias = weights[2 * l + 1];
    h = g.node('Add', [g.node('MatMul', [h, g.float(kernel.values, kernel.shape, 'ann_kernel')]), g.float(bias.values, bias.shape, 'ann_bias')]);
    if (l === layers - 1) h = g.node('Softmax', [h], { axis: { int: -1 } });
    else if (activation === 'relu') h = g.node('Relu', [h]);
    else if (activation === 'tanh') h = g.node('Tanh', [h]);
    else if (activation === 'elu') h = g.node('Elu', [h], { alpha: { float: 1 } });
    else if (activation === 'leaky_relu') h = g.node('LeakyRelu', [h], { alpha: { float: LEAKY_RELU_ALPHA } });
    else throw new Error(`ANN activation ${activation} has no ONNX mapping.`);
  }
  const softmax = g.node('Cast', [h], { to: { int: DataType.DOUBLE } });
  const probabilities = g.node('Div', [softmax, g.node('ReduceSum', [softmax, g.int64([1])], { keepdims: { int: 1 } })]);
  const label = g.node('ArgMax', [probabilities], { axis: { int: 1 }, keepdims: { int: 0 } });
  return { label, probabilities };
}
