import { describe, expect, it } from 'vitest';
import { MODEL_PARAMS, RF_VALIDATION_ORDER, firstUnconfiguredRfParameter, parseParamText } from './params.ts';

describe('Random Forest validation', () => {
  it('checks the parameters in the spec order', () => {
    expect(RF_VALIDATION_ORDER).toEqual([
      'n_estimators', 'criterion', 'max_depth', 'min_samples_split', 'min_samples_leaf', 'min_weight_fraction_leaf',
      'max_features', 'max_leaf_nodes', 'min_impurity_decrease', 'bootstrap', 'oob_score',
    ]);
  });

  it('reports the first parameter that is neither auto nor filled', () => {
    const allCustom = Object.fromEntries(RF_VALIDATION_ORDER.map((k) => [k, false]));
    expect(firstUnconfiguredRfParameter({}, allCustom)).toBe('n_estimators');
    expect(firstUnconfiguredRfParameter({ n_estimators: '100' }, allCustom)).toBe('criterion');
    expect(firstUnconfiguredRfParameter({ n_estimators: '100' }, { ...allCustom, criterion: true })).toBe('max_depth');
    const filled = Object.fromEntries(RF_VALIDATION_ORDER.map((k) => [k, 'x']));
    expect(firstUnconfiguredRfParameter({ ...filled, oob_score: ' ' }, allCustom)).toBe('oob_score');
    expect(firstUnconfiguredRfParameter(filled, allCustom)).toBeNull();
    expect(firstUnconfiguredRfParameter({}, {})).toBeNull();
  });
});

describe('parameter inputs', () => {
  const def = (family: keyof typeof MODEL_PARAMS, key: string) => MODEL_PARAMS[family].find((p) => p.key === key)!.kind;

  it('reads comma-separated lists and None where allowed', () => {
    expect(parseParamText(def('RF', 'n_estimators'), '50, 100,100')).toEqual({ ok: true, values: [50, 100] });
    expect(parseParamText(def('RF', 'max_depth'), 'None, 10')).toEqual({ ok: true, values: [null, 10] });
    expect(parseParamText(def('RF', 'n_estimators'), 'None').ok).toBe(false);
    expect(parseParamText(def('RF', 'n_estimators'), '1.5').ok).toBe(false);
    expect(parseParamText(def('RF', 'n_estimators'), '10,,20').ok).toBe(false);
    expect(parseParamText(def('RF', 'max_features'), 'sqrt, 0.5, None')).toEqual({ ok: true, values: ['sqrt', 0.5, null] });
  });

  it('accepts gamma scale or auto, and keeps numbers in range', () => {
    expect(parseParamText(def('SVM', 'gamma'), 'scale, auto, 0.1')).toEqual({ ok: true, values: ['scale', 'auto', 0.1] });
    expect(parseParamText(def('SVM', 'gamma'), '0').ok).toBe(false);
    expect(parseParamText(def('SVM', 'C'), '-1').ok).toBe(false);
    expect(parseParamText(def('ANN', 'dropout_rate'), '1').ok).toBe(false);
    expect(parseParamText(def('ANN', 'dropout_rate'), '0.5')).toEqual({ ok: true, values: [0.5] });
    expect(parseParamText(def('SVM', 'coef0'), '-0.5')).toEqual({ ok: true, values: [-0.5] });
  });

  it('reads selects and booleans', () => {
    expect(parseParamText(def('SVM', 'kernel'), 'rbf')).toEqual({ ok: true, values: ['rbf'] });
    expect(parseParamText(def('SVM', 'kernel'), 'cubic').ok).toBe(false);
    expect(parseParamText(def('RF', 'bootstrap'), 'False')).toEqual({ ok: true, values: [false] });
  });

  it('holds ANN batch size and epochs without displaying them', () => {
    expect(MODEL_PARAMS.ANN.filter((p) => !p.hidden).map((p) => p.key)).toEqual(['neurons', 'dropout_rate', 'activation', 'optimizer']);
    expect(MODEL_PARAMS.ANN.filter((p) => p.hidden).map((p) => p.field)).toEqual(['ANNbatchSize', 'ANNepochs']);
  });
});
