import type { Matrix } from './types.ts';

/**
 * Checks the shapes shared by every fit and throws a readable Error on a mismatch.
 * @param X training rows
 * @param y class index per row
 * @param nClasses number of classes; every label must be in 0..nClasses-1
 */
export function checkFitInput(X: Matrix, y: Int32Array, nClasses: number): void {
  const { rows, cols } = X;
  if (rows < 1) throw new Error('Cannot fit a model on zero training rows.');
  if (X.data.length !== rows * cols) throw new Error(`X has ${X.data.length} values, expected rows * cols = ${rows * cols}.`);
  if (y.length !== rows) throw new Error(`y has ${y.length} labels for ${rows} rows.`);
  if (!Number.isInteger(nClasses) || nClasses < 1) throw new Error(`nClasses must be a positive integer, got ${nClasses}.`);
  for (let i = 0; i < y.length; i++) {
    if (y[i] < 0 || y[i] >= nClasses) throw new Error(`Label ${y[i]} at row ${i} is outside 0..${nClasses - 1}.`);
  }
}

/**
 * Checks that rows to predict have the number of features the model was fitted on.
 * @param X rows to predict
 * @param nFeatures features seen at fit time (undefined when not fitted)
 */
export function checkPredictInput(X: Matrix, nFeatures: number | undefined): void {
  if (nFeatures === undefined) throw new Error('The model is not fitted yet: call fit() or loadModel() first.');
  if (X.cols !== nFeatures) throw new Error(`X has ${X.cols} features, the model was fitted on ${nFeatures}.`);
}
