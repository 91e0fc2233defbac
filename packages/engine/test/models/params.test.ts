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
    ['DT', { splitter: 'fast' }, /"splitter".*best, random/],
    ['DT', { max_depth: 0 }, /"max_depth".*integer >= 1 or None/],
    ['DT', { min_samples_split: 1 }, /"min_samples_split".*integer >= 2 or a fraction/],
    ['DT', { min_samples_leaf: 0 }, /"min_samples_leaf"/],
    ['DT', { min_weight_fraction_leaf: 0.7 }, /"min_weight_fraction_leaf".*\[0, 0.5\]/],
    ['DT', { max_features: 'auto' }, /"max_features".*sqrt, log2, None/],
    ['DT', { max_leaf_nodes: 1 }, /"max_leaf_nodes".*integer >= 2/],
    ['DT', { min_impurity_decrease: -1 }, /"min_impurity_decrease"/],
    ['RF', { n_estimators: 2.5 }, /"n_estimators".*integer >= 1/],
    ['RF', { bootstrap: 'yes' }, /"bootstrap".*true or false/],
    ['RF', { bootstrap: false, oob_score: true }, /"oob_score".*bootstrap/],
    ['KNN', { weights: 'gaussian' }, /"weights".*uniform, distance/],
    ['KNN', { algorithm: 'lsh' }, /"algorithm".*ball_tree, kd_tree, brute, auto/],
    ['KNN', { p: 0.5 }, /"p".*\[1, inf\)/],
    ['SVM', { kernel: 'cosine' }, /"kernel".*linear, poly, rbf, sigmoid, precomputed/],
    ['SVM', { gamma: 'big' }, /"gamma".*scale, auto or a number > 0/],
    ['SVM', { C: 0 }, /"C"/],
    ['SVM', { probability: 1 }, /"probability".*true or false/],
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
  });

  test('an unknown family is refused', () => {
    expect(() => createModel('XGB' as never, {}, 0)).toThrow(/Unknown model family "XGB"/);
  });
});
