/**
 * libsvm's probability estimates: Platt's sigmoid on decision values from an internal 5-fold
 * cross-validation, fitted with Lin, Lin & Weng's Newton method with backtracking, and pairwise
 * coupling of the sigmoids into class probabilities (Wu, Lin & Weng's method as in libsvm).
 */
import type { SeededRandom } from '../rng.ts';
import type { Matrix } from '../types.ts';
import { trainBinary, type BinarySettings } from './binary.ts';
import type { SvcModel } from './model.ts';
import { decisionValues } from './predict.ts';

const FOLDS = 5;
/** Floor (and 1 - ceiling) of a pairwise probability, as libsvm. */
const MIN_PROB = 1e-7;

/** A fitted Platt sigmoid: P(y = +1 | f) = 1 / (1 + exp(A f + B)). */
export interface Sigmoid {
  A: number;
  B: number;
}

/**
 * Fits A and B on decision values (libsvm's sigmoid_train).
 * @param dec decision value per row
 * @param positive true where the row's label is +1
 */
export function sigmoidTrain(dec: Float64Array, positive: Uint8Array): Sigmoid {
  const l = dec.length;
  let prior1 = 0;
  let prior0 = 0;
  for (let i = 0; i < l; i++) {
    if (positive[i]) prior1 += 1;
    else prior0 += 1;
  }
  const maxIter = 100;
  const minStep = 1e-10;
  const sigma = 1e-12;
  const eps = 1e-5;
  const hiTarget = (prior1 + 1.0) / (prior1 + 2.0);
  const loTarget = 1 / (prior0 + 2.0);
  const t = new Float64Array(l);
  let A = 0.0;
  let B = Math.log((prior0 + 1.0) / (prior1 + 1.0));
  let fval = 0.0;
  for (let i = 0; i < l; i++) {
    t[i] = positive[i] ? hiTarget : loTarget;
    fval += logLoss(dec[i] * A + B, t[i]);
  }
  for (let iter = 0; iter < maxIter; iter++) {
    // Gradient and Hessian (H' = H + sigma I keeps it positive definite).
    let h11 = sigma;
    let h22 = sigma;
    let h21 = 0.0;
    let g1 = 0.0;
    let g2 = 0.0;
    for (let i = 0; i < l; i++) {
      const fApB = dec[i] * A + B;
      let p: number;
      let q: number;
      if (fApB >= 0) {
        p = Math.exp(-fApB) / (1.0 + Math.exp(-fApB));
        q = 1.0 / (1.0 + Math.exp(-fApB));
      } else {
        p = 1.0 / (1.0 + Math.exp(fApB));
        q = Math.exp(fApB) / (1.0 + Math.exp(fApB));
      }
      const d2 = p * q;
      h11 += dec[i] * dec[i] * d2;
      h22 += d2;
      h21 += dec[i] * d2;
      const d1 = t[i] - p;
      g1 += dec[i] * d1;
      g2 += d1;
    }
    if (Math.abs(g1) < eps && Math.abs(g2) < eps) break;
    const det = h11 * h22 - h21 * h21;
    const dA = -(h22 * g1 - h21 * g2) / det;
    const dB = -(-h21 * g1 + h11 * g2) / det;
    const gd = g1 * dA + g2 * dB;
    let stepsize = 1;
    while (stepsize >= minStep) {
      const newA = A + stepsize * dA;
      const newB = B + stepsize * dB;
      let newf = 0.0;
      for (let i = 0; i < l; i++) newf += logLoss(dec[i] * newA + newB, t[i]);
      if (newf < fval + 0.0001 * stepsize * gd) {
        A = newA;
        B = newB;
        fval = newf;
        break;
      }
      stepsize = stepsize / 2.0;
    }
    if (stepsize < minStep) break; // line search failed: keep the last good A, B
  }
  return { A, B };
}

/** One row's term of the cross-entropy, written to avoid overflow in exp. */
function logLoss(fApB: number, target: number): number {
  return fApB >= 0 ? target * fApB + Math.log(1 + Math.exp(-fApB)) : (target - 1) * fApB + Math.log(1 + Math.exp(fApB));
}

/**
 * P(y = +1) for a decision value (libsvm's sigmoid_predict).
 * @param dec decision value
 * @param sigmoid fitted A, B
 */
export function sigmoidPredict(dec: number, sigmoid: Sigmoid): number {
  const fApB = dec * sigmoid.A + sigmoid.B;
  return fApB >= 0 ? Math.exp(-fApB) / (1.0 + Math.exp(-fApB)) : 1.0 / (1 + Math.exp(fApB));
}

/**
 * Couples pairwise probabilities r[i][j] = P(class i | class i or j) into class probabilities
 * (libsvm's multiclass_probability: fixed-point iterations on Wu, Lin & Weng's second method).
 * @param k number of classes
 * @param r k x k row-major pairwise probabilities (diagonal unused)
 * @param p receives the k class probabilities
 * @param Q k x k scratch
 * @param Qp k scratch
 */
export function multiclassProbability(k: number, r: Float64Array, p: Float64Array, Q: Float64Array, Qp: Float64Array): void {
  const maxIter = Math.max(100, k);
  const eps = 0.005 / k;
  for (let t = 0; t < k; t++) {
    p[t] = 1.0 / k;
    Q[t * k + t] = 0;
    for (let j = 0; j < t; j++) {
      Q[t * k + t] += r[j * k + t] * r[j * k + t];
      Q[t * k + j] = Q[j * k + t];
    }
    for (let j = t + 1; j < k; j++) {
      Q[t * k + t] += r[j * k + t] * r[j * k + t];
      Q[t * k + j] = -r[j * k + t] * r[t * k + j];
    }
  }
  for (let iter = 0; iter < maxIter; iter++) {
    let pQp = 0;
    for (let t = 0; t < k; t++) {
      Qp[t] = 0;
      for (let j = 0; j < k; j++) Qp[t] += Q[t * k + j] * p[j];
      pQp += p[t] * Qp[t];
    }
    let maxError = 0;
    for (let t = 0; t < k; t++) {
      const error = Math.abs(Qp[t] - pQp);
      if (error > maxError) maxError = error;
    }
    if (maxError < eps) break;
    for (let t = 0; t < k; t++) {
      const diff = (-Qp[t] + pQp) / Q[t * k + t];
      p[t] += diff;
      pQp = (pQp + diff * (diff * Q[t * k + t] + 2 * Qp[t])) / (1 + diff) / (1 + diff);
      for (let j = 0; j < k; j++) {
        Qp[j] = (Qp[j] + diff * Q[t * k + j]) / (1 + diff);
        p[j] /= 1 + diff;
      }
    }
  }
}

/**
 * Class probabilities from decision values (libsvm's svm_predict_probability), written at the
 * columns given by the model's labels.
 * @param model a model with probA/probB
 * @param decisions decisionValues() output
 * @param rows number of rows
 * @param width columns per output row (the classifier's class count)
 */
export function probabilities(model: SvcModel, decisions: Float64Array, rows: number, width: number): Float64Array {
  const k = model.nrClass;
  const pairs = (k * (k - 1)) / 2;
  const probA = model.probA as Float64Array;
  const probB = model.probB as Float64Array;
  const out = new Float64Array(rows * width);
  const r = new Float64Array(k * k);
  const p = new Float64Array(k);
  const Q = new Float64Array(k * k);
  const Qp = new Float64Array(k);
  for (let row = 0; row < rows; row++) {
    let d = row * pairs;
    let pair = 0;
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const pij = Math.min(Math.max(sigmoidPredict(decisions[d++], { A: probA[pair], B: probB[pair] }), MIN_PROB), 1 - MIN_PROB);
        pair++;
        r[i * k + j] = pij;
        r[j * k + i] = 1 - pij;
      }
    }
    if (k === 2) {
      p[0] = r[1];
      p[1] = r[2];
    } else {
      multiclassProbability(k, r, p, Q, Qp);
    }
    for (let c = 0; c < k; c++) out[row * width + model.labels[c]] = p[c];
  }
  return out;
}

/**
 * Platt parameters of one binary problem from a 5-fold cross-validation of its decision values
 * (libsvm's svm_binary_svc_probability; the folds come from a seeded shuffle instead of C's rand()).
 * @param X all training rows (or the training kernel matrix)
 * @param rows the problem's rows of X
 * @param y +1/-1 per problem row
 * @param Cp bound for positive rows
 * @param Cn bound for negative rows
 * @param settings kernel and solver settings
 * @param rng the fit's random stream (advanced)
 */
export function binaryProbability(X: Matrix, rows: Int32Array, y: Int8Array, Cp: number, Cn: number, settings: BinarySettings, rng: SeededRandom): Sigmoid {
  const l = rows.length;
  const perm = new Int32Array(l);
  for (let i = 0; i < l; i++) perm[i] = i;
  for (let i = 0; i < l; i++) {
    const j = i + rng.nextInt(l - i);
    const t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  const dec = new Float64Array(l);
  for (let fold = 0; fold < FOLDS; fold++) {
    const begin = Math.floor((fold * l) / FOLDS);
    const end = Math.floor(((fold + 1) * l) / FOLDS);
    // The training part grouped positives first, each in perm order, as svm_train groups it.
    const positives: number[] = [];
    const negatives: number[] = [];
    for (let j = 0; j < l; j++) {
      if (j >= begin && j < end) continue;
      (y[perm[j]] > 0 ? positives : negatives).push(perm[j]);
    }
    if (positives.length === 0 || negatives.length === 0) {
      const constant = positives.length > 0 ? 1 : negatives.length > 0 ? -1 : 0;
      for (let j = begin; j < end; j++) dec[perm[j]] = constant;
      continue;
    }
    const order = [...positives, ...negatives];
    const subRows = Int32Array.from(order, (i) => rows[i]);
    const subY = Int8Array.from(order, (_, t) => (t < positives.length ? 1 : -1));
    const { coef, rho } = trainBinary(X, subRows, subY, Cp, Cn, settings);
    const held = perm.subarray(begin, end);
    const scored = decisionValues(binaryModel(X, settings, subRows, positives.length, coef, rho), gatherRows(X, rows, held));
    for (let t = 0; t < held.length; t++) dec[held[t]] = scored[t];
  }
  const positive = Uint8Array.from(y, (v) => (v > 0 ? 1 : 0));
  return sigmoidTrain(dec, positive);
}

/** The fold's two-class model (positives as libsvm's first class), support vectors only. */
function binaryModel(X: Matrix, settings: BinarySettings, rows: Int32Array, nPositive: number, coef: Float64Array, rho: number): SvcModel {
  const kept: number[] = [];
  let nPos = 0;
  for (let t = 0; t < rows.length; t++) {
    if (Math.abs(coef[t]) > 0) {
      kept.push(t);
      if (t < nPositive) nPos++;
    }
  }
  const precomputed = settings.kernel.type === 'precomputed';
  const dim = precomputed ? 0 : X.cols;
  const sv = new Float64Array(kept.length * dim);
  if (!precomputed) kept.forEach((t, s) => sv.set(X.data.subarray(rows[t] * dim, (rows[t] + 1) * dim), s * dim));
  return {
    kernel: settings.kernel,
    nrClass: 2,
    labels: Int32Array.of(1, -1),
    nSV: Int32Array.of(nPos, kept.length - nPos),
    totalSV: kept.length,
    rho: Float64Array.of(rho),
    probA: null,
    probB: null,
    svCoef: Float64Array.from(kept, (t) => coef[t]),
    dim,
    sv,
    svSerial: precomputed ? Int32Array.from(kept, (t) => rows[t] + 1) : null,
  };
}

/** The rows of X at problem positions `which` as a matrix of their own. */
function gatherRows(X: Matrix, rows: Int32Array, which: Int32Array): Matrix {
  const data = new Float64Array(which.length * X.cols);
  which.forEach((t, r) => data.set(X.data.subarray(rows[t] * X.cols, (rows[t] + 1) * X.cols), r * X.cols));
  return { data, rows: which.length, cols: X.cols };
}
