import { createRng } from '../data/random.ts';

/**
 * Model-agnostic per-row Shapley values by permutation sampling (Strumbelj and Kononenko 2014), for models without
 * an exact algorithm (KNN, SVM, ANN, an ensemble, a rule). The game is the interventional one KernelSHAP also
 * estimates: the value of a set S of inputs is the model's output on the row with the inputs outside S taken from a
 * background row, averaged over the background rows.
 *
 * Every background row is paired with one random order of the inputs and with that order reversed (antithetic
 * sampling: an input that comes early in one comes late in the other, which cancels much of the position noise).
 * Walking an order from the background row to the row, switching one input at a time, gives each input's marginal
 * contribution, and the contributions of a walk add up to output(row) - output(background row) exactly. So the
 * averaged contributions plus the mean background output equal the row's output up to rounding, whatever the number
 * of samples: an explanation always adds up to the prediction it explains. Using each background row the same
 * number of times makes the background average exact; only the orders are sampled.
 *
 * An input equal in the row and a background row cannot change the output when it switches, so its step costs no
 * model evaluation (binned and discretized inputs often coincide).
 */

/** The game of one row: which inputs differ from each background row, and the model on batches of coalitions. */
export interface ShapleyGame {
  /** Number of inputs (players). */
  players: number;
  /** Number of background rows. */
  backgrounds: number;
  /** 1 at b * players + i when input i of the row differs from that of background row b. */
  differs: Uint8Array;
  /**
   * The model's output for `count` coalitions: coalition q takes input i from the row where
   * `masks[q * players + i]` is 1, else from background row `backgroundOf[q]`.
   */
  evaluate(masks: Uint8Array, backgroundOf: Int32Array, count: number): Float64Array;
}

/** A row's estimated Shapley values. */
export interface SampledShapley {
  /** Contribution of each input; `base` + their sum = `value` up to rounding. */
  phi: Float64Array;
  /** Mean output over the background rows (the output knowing no input). */
  base: number;
  /** The model's output on the row. */
  value: number;
  /**
   * Standard error of each contribution: the spread of the per-background-row estimates (the mean of a walk and
   * its reverse) over the square root of their number. The samples are independent given the row, so the
   * estimate is within a few of these of the exact Shapley value (the test's tolerance).
   */
  standardError: Float64Array;
}

/** Options of the estimate. */
export interface SamplingOptions {
  /** Seed of the orders (equal seeds, equal contributions). */
  seed: number;
  /**
   * Antithetic pairs of orders per background row (default 1). 0.5 walks each background row once, the order of
   * every second row the reverse of the row before's: half the cost, the same exact sum and base value.
   */
  pairs?: number;
}

/** A random order of 0..n-1 (Fisher-Yates). */
function randomOrder(n: number, next: () => number): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}

/**
 * Estimates one row's Shapley values by antithetic permutation sampling over every background row. All the
 * coalitions of the row go to `game.evaluate` in one batch (a model predicts thousands of rows in one call far
 * faster than one at a time).
 * @param game the row's game
 * @param options seed and pairs per background row
 */
export function sampleShapley(game: ShapleyGame, options: SamplingOptions): SampledShapley {
  const { players: m, backgrounds: nb, differs } = game;
  const half = options.pairs === 0.5;
  const pairs = half ? 1 : Math.max(1, Math.round(options.pairs ?? 1));
  const next = createRng(options.seed).next;
  const differing = (order: Int32Array, b: number) => order.filter((i) => differs[b * m + i] === 1);
  // Walks: per background row, `pairs` orders and their reverses (or, for half, one order for a row and its reverse
  // for the next). Each walk lists the inputs that differ, in order.
  const walks: { b: number; steps: Int32Array }[] = [];
  for (let b = 0; b < nb; b += half ? 2 : 1) {
    for (let p = 0; p < pairs; p++) {
      const order = randomOrder(m, next);
      const reverse = order.slice().reverse();
      if (!half) walks.push({ b, steps: differing(order, b) }, { b, steps: differing(reverse, b) });
      else {
        walks.push({ b, steps: differing(order, b) });
        if (b + 1 < nb) walks.push({ b: b + 1, steps: differing(reverse, b + 1) });
      }
    }
  }
  // Queries: 0 = the row, 1..nb = the background rows, then each walk's intermediate states (after each switch
  // but the last, which is the row itself).
  let count = 1 + nb;
  for (const w of walks) count += Math.max(0, w.steps.length - 1);
  const masks = new Uint8Array(count * m);
  const backgroundOf = new Int32Array(count);
  masks.fill(1, 0, m);
  for (let b = 0; b < nb; b++) backgroundOf[1 + b] = b;
  let q = 1 + nb;
  for (const w of walks) {
    const mask = new Uint8Array(m);
    for (let s = 0; s < w.steps.length - 1; s++) {
      mask[w.steps[s]] = 1;
      masks.set(mask, q * m);
      backgroundOf[q] = w.b;
      q += 1;
    }
  }
  const out = game.evaluate(masks, backgroundOf, count);
  const value = out[0];
  let base = 0;
  for (let b = 0; b < nb; b++) base += out[1 + b];
  base /= nb;
  // Per background row, the mean of its walks' marginal contributions: independent samples of phi.
  const perBackground = new Float64Array(nb * m);
  const scale = half ? 1 : 1 / (2 * pairs);
  q = 1 + nb;
  for (const w of walks) {
    let previous = out[1 + w.b];
    for (let s = 0; s < w.steps.length; s++) {
      const current = s === w.steps.length - 1 ? value : out[q++];
      perBackground[w.b * m + w.steps[s]] += (current - previous) * scale;
      previous = current;
    }
  }
  const phi = new Float64Array(m);
  const standardError = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let sum = 0;
    for (let b = 0; b < nb; b++) sum += perBackground[b * m + i];
    const mean = sum / nb;
    let squares = 0;
    for (let b = 0; b < nb; b++) squares += (perBackground[b * m + i] - mean) ** 2;
    phi[i] = mean;
    standardError[i] = nb > 1 ? Math.sqrt(squares / (nb - 1) / nb) : 0;
  }
  return { phi, base, value, standardError };
}
