import type { ModelFamily } from '@indicata/contracts';
import type { Candidate } from './spaces.ts';
import { defaultParams } from '../models/params.ts';

/**
 * Predicts how long a fit takes before it starts, from fits already measured in the same run.
 *
 * Each family's cost is modelled as `overhead + units x secondsPerUnit`, where `units` is the family's
 * textbook complexity in rows, features and its cost-driving parameters (trees, SVM C and kernel, ANN
 * mini-batch steps x weights), and `secondsPerUnit` is learnt from the run's own measured fits (per family, and per
 * kernel for the SVM, whose kernels differ by orders of magnitude). Before a family is measured, conservative priors from the
 * benchmark machine are used.
 */

/** Shape of one fit: rows fit on, feature count, rows predicted, classes. */
export interface FitShape {
  trainRows: number;
  features: number;
  predictRows: number;
  classes: number;
}

/** Seconds per unit of fitting and of predicting before any measurement (2-core machine, with room to spare). */
const PRIOR_FIT: Record<ModelFamily, number> = { DT: 8e-8, RF: 8e-8, KNN: 2e-8, SVM: 3e-9, ANN: 6e-10 };
const PRIOR_PREDICT: Record<ModelFamily, number> = { DT: 2e-8, RF: 2e-8, KNN: 1e-9, SVM: 2e-9, ANN: 3e-9 };

/**
 * An ANN step's cost in units of one row-weight product (one row of the batch through one weight, forward and back):
 * the seconds of a step on the tfjs wasm backend fit `fixed + perLayer x layers + perWeight x weights + batch x weights`
 * (least squares over 24 measured fits: 1-3 layers of 16-128 neurons, batches of 32-128, 2,000 and 3,000 rows;
 * median error 8 %, largest 37 %, against a 32-fold spread of the seconds per rows x weights x epochs).
 */
const ANN_STEP_UNITS = { fixed: 650_000, perLayer: 70_000, perWeight: 60 };

/** Fixed seconds per fit task (scaler, messaging; tfjs model building for the ANN: 10-20 ms measured). */
const OVERHEAD_SECONDS: Record<ModelFamily, number> = { DT: 0.005, RF: 0.01, KNN: 0.005, SVM: 0.01, ANN: 0.03 };

/** Margin on predictions: machine load varies, and a larger final set converges in more iterations. */
const SAFETY = 1.3;

function maxFeaturesUsed(value: unknown, features: number): number {
  if (value === null || value === undefined) return features;
  if (value === 'sqrt' || value === 'auto') return Math.max(1, Math.sqrt(features));
  if (value === 'log2') return Math.max(1, Math.log2(Math.max(2, features)));
  if (typeof value === 'number') return value <= 1 ? Math.max(1, value * features) : Math.min(features, value);
  return features;
}

/** Key under which measurements are pooled (the SVM's kernels behave too differently to share one). */
function costKey(candidate: Pick<Candidate, 'family' | 'params'>): string {
  return candidate.family === 'SVM' ? `SVM:${String(candidate.params.kernel ?? 'rbf')}` : candidate.family;
}

/**
 * Complexity units of fitting and of predicting.
 * @param candidate family and parameters
 * @param shape rows, features, predicted rows and classes of the fit
 */
export function costUnits(candidate: Pick<Candidate, 'family' | 'params'>, shape: FitShape): { fit: number; predict: number } {
  const n = Math.max(1, shape.trainRows);
  const d = Math.max(1, shape.features);
  const m = Math.max(0, shape.predictRows);
  const p = candidate.params;
  const logN = Math.log2(n + 1);
  switch (candidate.family) {
    case 'DT':
      return { fit: n * maxFeaturesUsed(p.max_features, d) * logN, predict: m * logN };
    case 'RF': {
      const trees = Number(p.n_estimators ?? 100);
      return { fit: trees * n * maxFeaturesUsed(p.max_features ?? 'sqrt', d) * logN, predict: trees * m * logN };
    }
    case 'KNN':
      return { fit: n * d, predict: n * m * d * 0.25 };
    case 'SVM': {
      const C = Number(p.C ?? 1);
      const kernel = String(p.kernel ?? 'rbf');
      // libsvm's iterations grow with C (more bounded support vectors to settle), steeply for linear and poly.
      const cFactor = kernel === 'rbf' || kernel === 'sigmoid' ? 1 + Math.log10(Math.max(1, C)) : Math.sqrt(Math.max(1, C));
      const degree = kernel === 'poly' ? Math.max(1, Number(p.degree ?? 3)) / 3 : 1;
      const probability = p.probability === true ? 6 : 1;
      return { fit: n * n * d * cFactor * degree * probability, predict: m * n * d * 0.5 };
    }
    case 'ANN': {
      const defaults = defaultParams('ANN');
      const layers = Number(p.num_layers ?? defaults.num_layers);
      const width = Number(p.neurons ?? defaults.neurons);
      const batch = Math.max(1, Math.min(n, Number(p.batch_size ?? defaults.batch_size)));
      const weights = d * width + Math.max(0, layers - 1) * width * width + width * shape.classes;
      // Mini-batch steps, each costing a fixed dispatch, a share per layer, an optimizer update over every weight and
      // the batch's matrix products (ANN_STEP_UNITS); not rows x weights, which made a small network's measured
      // ratio predict a large one 10-15 times too slow.
      const steps = Number(p.epochs ?? defaults.epochs) * Math.ceil(n / batch);
      const perStep = ANN_STEP_UNITS.fixed + ANN_STEP_UNITS.perLayer * layers + ANN_STEP_UNITS.perWeight * weights + batch * weights;
      return { fit: steps * perStep, predict: m * weights };
    }
  }
}

/** Learns seconds-per-unit from measured fits and predicts new ones. */
export class CostModel {
  private readonly ratios = new Map<string, { fit: number[]; predict: number[] }>();
  /**
   * Each measured candidate's own ratios. Within a family, parameters the units leave out (an SVM's support vectors,
   * which C and gamma drive; a tree's depth on these data) move the seconds per unit several-fold, and a promoted
   * candidate, a final fit or a CV-gap fit is always of a candidate already measured on some fold.
   */
  private readonly own = new WeakMap<object, { fit: number[]; predict: number[] }>();

  /**
   * Records a measured task.
   * @param candidate what was fit
   * @param shape its shape
   * @param fitSeconds measured seconds of the fit (scaler and model)
   * @param predictSeconds measured seconds of the predictions
   */
  observe(candidate: Pick<Candidate, 'family' | 'params'>, shape: FitShape, fitSeconds: number, predictSeconds: number): void {
    const units = costUnits(candidate, shape);
    if (!(units.fit > 0) || !(fitSeconds >= 0)) return;
    const entries = [...new Set([costKey(candidate), candidate.family])].map((key) => {
      const entry = this.ratios.get(key) ?? { fit: [], predict: [] };
      this.ratios.set(key, entry);
      return entry;
    });
    const own = this.own.get(candidate) ?? { fit: [], predict: [] };
    this.own.set(candidate, own);
    for (const entry of [...entries, own]) {
      entry.fit.push(Math.max(0, fitSeconds - OVERHEAD_SECONDS[candidate.family]) / units.fit);
      if (units.predict > 0 && predictSeconds >= 0) entry.predict.push(predictSeconds / units.predict);
    }
  }

  /** Whether fits of this kind were measured in this run. */
  measured(candidate: Pick<Candidate, 'family' | 'params'>): boolean {
    return this.ratios.has(costKey(candidate));
  }

  private perUnit(candidate: Pick<Candidate, 'family' | 'params'>, part: 'fit' | 'predict'): number {
    const ownList = this.own.get(candidate)?.[part];
    const entry = this.ratios.get(costKey(candidate)) ?? this.ratios.get(candidate.family);
    const list = ownList && ownList.length > 0 ? ownList : entry?.[part];
    if (!list || list.length === 0) return (part === 'fit' ? PRIOR_FIT : PRIOR_PREDICT)[candidate.family];
    // An upper estimate: the larger of the median and the latest ratio (the latest fit is the best guide to
    // the present machine load).
    const sorted = [...list].sort((a, b) => a - b);
    return Math.max(sorted[Math.floor((sorted.length - 1) / 2)], list[list.length - 1]);
  }

  /**
   * Predicted wall seconds of one fit task on one thread.
   * @param candidate what would be fit
   * @param shape its shape
   */
  predict(candidate: Pick<Candidate, 'family' | 'params'>, shape: FitShape): number {
    const units = costUnits(candidate, shape);
    return OVERHEAD_SECONDS[candidate.family] + (units.fit * this.perUnit(candidate, 'fit') + units.predict * this.perUnit(candidate, 'predict')) * SAFETY;
  }
}
