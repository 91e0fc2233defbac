/**
 * Reads libsvm's svm_save_model text (from libsvm-js or writeModelText) back into a C-SVC model.
 * Support vectors are stored densely; indices libsvm left out are zeros.
 */
import type { KernelType } from './kernel.ts';
import type { SvcModel } from './model.ts';
import { KERNEL_NAMES } from './model-text.ts';

const KERNEL_BY_NAME = new Map(Object.entries(KERNEL_NAMES).map(([type, name]) => [name, type as KernelType]));

/**
 * Parses a C-SVC model file.
 * @param text the model file text
 * @param nFeatures features per row the model was fitted on (the dense width of a support vector)
 */
export function parseModelText(text: string, nFeatures: number): SvcModel {
  const lines = text.split('\n');
  const header = new Map<string, string[]>();
  let line = 0;
  for (; line < lines.length; line++) {
    const words = lines[line].trim().split(/\s+/);
    if (words[0] === 'SV') break;
    if (words[0]) header.set(words[0], words.slice(1));
  }
  if (line === lines.length) throw new Error('Not a libsvm model: no SV section.');
  const one = (key: string): string | undefined => header.get(key)?.[0];
  if (one('svm_type') !== 'c_svc') throw new Error(`Only c_svc libsvm models are supported, got ${one('svm_type')}.`);
  const type = KERNEL_BY_NAME.get(one('kernel_type') ?? '');
  if (!type) throw new Error(`Unknown libsvm kernel_type ${one('kernel_type')}.`);
  const numbers = (key: string): number[] | null => header.get(key)?.map(Number) ?? null;
  const nrClass = Number(one('nr_class'));
  const totalSV = Number(one('total_sv'));
  const labels = numbers('label');
  const nSV = numbers('nr_sv');
  const rho = numbers('rho');
  if (!labels || !nSV || !rho) throw new Error('A libsvm classification model needs label, nr_sv and rho.');
  const probA = numbers('probA');
  const probB = numbers('probB');

  const precomputed = type === 'precomputed';
  const dim = precomputed ? 0 : nFeatures;
  const svCoef = new Float64Array((nrClass - 1) * totalSV);
  const sv = new Float64Array(totalSV * dim);
  const svSerial = precomputed ? new Int32Array(totalSV) : null;
  for (let s = 0; s < totalSV; s++) {
    const words = (lines[++line] ?? '').trim().split(/\s+/);
    if (words.length < nrClass - 1) throw new Error(`libsvm model: support vector ${s + 1} of ${totalSV} is missing.`);
    for (let c = 0; c < nrClass - 1; c++) svCoef[c * totalSV + s] = Number(words[c]);
    for (let w = nrClass - 1; w < words.length; w++) {
      const colon = words[w].indexOf(':');
      const index = Number(words[w].slice(0, colon));
      const value = Number(words[w].slice(colon + 1));
      if (svSerial) svSerial[s] = value;
      else if (index >= 1 && index <= dim) sv[s * dim + index - 1] = value;
      else throw new Error(`libsvm model: feature index ${index} outside 1..${dim}.`);
    }
  }
  return {
    kernel: { type, degree: Number(one('degree') ?? 0), gamma: Number(one('gamma') ?? 0), coef0: Number(one('coef0') ?? 0) },
    nrClass,
    labels: Int32Array.from(labels),
    nSV: Int32Array.from(nSV),
    totalSV,
    rho: Float64Array.from(rho),
    probA: probA && Float64Array.from(probA),
    probB: probB && Float64Array.from(probB),
    svCoef,
    dim,
    sv,
    svSerial,
  };
}
