import { createModel, defaultParams, validateParams } from '../../src/models/index.ts';

describe('model parameters', () => {
  test('defaults follow scikit-learn', () => {
    expect(defaultParams('DT')).toMatchObject({ criterion: 'gini', splitter: 'best', max_depth: null, min_samples_split: 2, min_samples_leaf: 1, max_features: null });
    expect(defaultParams('RF')).toMatchObject({ n_estimators: 100, max_features: 'sqrt', bootstrap: true, oob_score: false });
    expect(defaultParams('KNN')).toEqual({ n_neighbors: 5, weights: 'uniform', algorithm: 'auto', leaf_size: 30, p: 2 });
    expect(defaultParams('SVM')).toMatchObject({ C: 1, kernel: 'rbf', degree: 3, gamma: 'scale', coef0: 0, shrinking: true, probability: false });
    expect(defaultParams('ANN')).toMatchObject({ optimizer: 'adam', activation: 'relu' });
  });

  test('an unknown parameter is named with the allowed ones', () => {
    expect(() => createModel('DT', { depth: 3 }, 0)).toThrow(/Unknown parameter "depth" for DT; allowed parameters: .*max_depth/);
    expect(() => createModel('KNN', { k: 3 }, 0)).toThrow(/"k".*n_neighbors/);
  });

  test.each([
    ['DT', { criterion: 'mse' }, /"criterion".*gini, entropy, log_loss/],
    ['DT', { splitter: 'fast' }, /"splitter".*best or random/],
    ['DT', { max_depth: 0 }, /"max_depth".*an integer of 1 or more or None/],
    ['DT', { min_samples_split: 1 }, /"min_samples_split".*an integer of 2 or more or a fraction above 0 and below 1/],
    ['DT', { min_samples_leaf: 0 }, /"min_samples_leaf"/],
    // Above half the rows no split leaves enough rows on both sides (the job table's limit, scikit-learn's sense).
    ['RF', { min_samples_leaf: 0.9 }, /"min_samples_leaf".*a fraction above 0 and up to 0.5/],
    ['RF', { max_features: 1.5 }, /"max_features"/],
    ['DT', { min_weight_fraction_leaf: 0.7 }, /"min_weight_fraction_leaf".*a fraction from 0 to 0.5/],
    ['DT', { max_features: 'auto' }, /"max_features".*sqrt or log2, None, an integer of 1 or more/],
    ['DT', { max_leaf_nodes: 1 }, /"max_leaf_nodes".*an integer of 2 or more/],
    ['DT', { min_impurity_decrease: -1 }, /"min_impurity_decrease"/],
    ['RF', { n_estimators: 2.5 }, /"n_estimators".*an integer from 1 to 10000/],
    ['RF', { bootstrap: 'yes' }, /"bootstrap".*True or False/],
    ['RF', { bootstrap: false, oob_score: true }, /"oob_score".*bootstrap/],
    ['KNN', { weights: 'gaussian' }, /"weights".*uniform or distance/],
    ['KNN', { algorithm: 'lsh' }, /"algorithm".*ball_tree, kd_tree, brute, auto/],
    ['KNN', { p: 0.5 }, /"p".*a number of 1 or more/],
    ['SVM', { kernel: 'cosine' }, /"kernel".*linear, poly, rbf, sigmoid \(or precomputed outside a job\)/],
    ['SVM', { gamma: 'big' }, /"gamma".*scale or auto or a number above 0/],
    ['SVM', { C: 0 }, /"C"/],
    ['SVM', { probability: 1 }, /"probability".*True or False/],
    ['ANN', { activation: 'gelu' }, /"activation".*relu, tanh, elu, leaky_relu/],
    ['ANN', { optimizer: 'adagrad' }, /"optimizer".*adam, rmsprop, sgd/],
    ['ANN', { dropout_rate: 1 }, /"dropout_rate"/],
    ['ANN', { num_layers: 0 }, /"num_layers"/],
  ] as const)('%s %j is refused with its allowed values', (family, params, message) => {
    expect(() => createModel(family, params, 0)).toThrow(message);
  });

  test('None means null and valid values are kept', () => {
    const params = validateParams('DT', { max_depth: 'None', max_features: 0.5, min_samples_split: 0.1, criterion: 'log_loss' });
    expect(params).toMatchObject({ max_depth: null, max_features: 0.5, min_samples_split: 0.1, criterion: 'log_loss' });
    expect(validateParams('RF', { max_features: 'None' }).max_features).toBeNull();
    expect(validateParams('SVM', { gamma: 0.25 }).gamma).toBe(0.25);
    // scikit-learn's ranges: degree 0 is a (constant) poly kernel; a leaf may hold half the rows.
    expect(validateParams('SVM', { degree: 0 }).degree).toBe(0);
    expect(validateParams('RF', { min_samples_leaf: 0.5 }).min_samples_leaf).toBe(0.5);
    // Outside a job a precomputed kernel matrix may be the input.
    expect(validateParams('SVM', { kernel: 'precomputed' }).kernel).toBe('precomputed');
  });

  test('an unknown family is refused', () => {
    expect(() => createModel('XGB' as never, {}, 0)).toThrow(/Unknown model family "XGB"/);
  });
});
