import { createModel } from '../../src/models/index.ts';
import type { SavedPipelineModel } from '../../src/pipeline/run.ts';
import { predictEnsembleRows, predictRowsWithProbabilities, type RawRow } from '../../src/predict/predict-rows.ts';

const classes = [
  { title: 'low', min: 0, max: 1 },
  { title: 'high', min: 1, max: 2 },
];

/** A fitted decision tree on `features` (class = whether the last feature is above 0.5), as a saved pipeline model. */
function savedTree(features: string[], rows: RawRow[]): SavedPipelineModel {
  const cols = features.length;
  const data = new Float64Array(rows.length * cols);
  const y = new Int32Array(rows.length);
  rows.forEach((row, i) => {
    features.forEach((f, k) => (data[i * cols + k] = row[f] as number));
    y[i] = (row[features[cols - 1]] as number) > 0.5 ? 1 : 0;
  });
  const model = createModel('DT', { max_depth: 3 }, 1);
  void model.fit({ data, rows: rows.length, cols }, y, 2);
  return {
    ...model.toJSON(),
    pipeline: { features, fill: features.map(() => 0), binEdges: features.map(() => null), scaler: null, classes },
  };
}

const training: RawRow[] = Array.from({ length: 40 }, (_, i) => ({ a: i / 40, b: (i % 7) / 7, previousClass: (i % 2) * 1 }));

describe('predictEnsembleRows', () => {
  it('gives each member its own input columns when members differ in inputs (one with the history columns)', () => {
    const withoutHistory = savedTree(['a', 'b'], training);
    const withHistory = savedTree(['a', 'b', 'previousClass'], training);
    const rows: RawRow[] = [
      { a: 0.9, b: 0.1, previousClass: 0 },
      { a: 0.1, b: null, previousClass: 1 },
    ];
    const members = [
      { saved: withoutHistory, weight: 0.5 },
      { saved: withHistory, weight: 0.5 },
    ];
    const ensemble = predictEnsembleRows(members, rows);
    const first = predictRowsWithProbabilities(withoutHistory, rows);
    const second = predictRowsWithProbabilities(withHistory, rows);
    ensemble.forEach((prediction, i) => {
      prediction.probabilities.forEach((p, k) => expect(p).toBeCloseTo(0.5 * first[i].probabilities[k] + 0.5 * second[i].probabilities[k], 12));
    });
    // Missing cells counted once over every member's columns.
    expect(ensemble.map((p) => p.imputed)).toEqual([0, 1]);
  });
});
