import { ANN_EPOCHS_MAX, ANN_NEURONS_MAX, RF_TREES_MAX, describeParamValues, HYPERPARAMETERS, hyperParameterOfField, modelConfigProblems, paramHints } from './hyperparameters.ts';
import { rfParamsSchema, svmParamsSchema } from './job-config.ts';

describe('the hyper-parameter table', () => {
  it('lists the spec\'s job fields and detail names, in the spec\'s order for each family', () => {
    const fields = (family: keyof typeof HYPERPARAMETERS) => HYPERPARAMETERS[family].map((p) => p.field);
    expect(fields('RF')).toEqual([
      'RFnEstimators', 'RFcriterion', 'RFmaxDepth', 'RFminSamplesSplit', 'RFminSamplesLeaf', 'RFminWeightFractionLeaf',
      'RFmaxFeatures', 'RFmaxLeafNodes', 'RFminImpurityDecrease', 'RFbootstrap', 'RFoobScore',
    ]);
    expect(fields('DT')).toEqual([
      'DTcriterion', 'DTsplitter', 'DTmaxDepth', 'DTminSamplesSplit', 'DTminSamplesLeaf', 'DTminWeightFractionLeaf',
      'DTmaxFeatures', 'DTrandomState', 'DTmaxLeafNodes', 'DTminImpurityDecrease',
    ]);
    expect(fields('KNN')).toEqual(['KNNnNeighbors', 'KNNweights', 'KNNalgorithm', 'KNNleafSize', 'KNNp']);
    expect(fields('SVM')).toEqual(['SVMC', 'SVMkernel', 'SVMdegree', 'SVMgamma', 'SVMcoef0', 'SVMshrinking', 'SVMprobability']);
    expect([...fields('ANN')].sort()).toEqual(['ANNactivation', 'ANNbatchSize', 'ANNdropoutRate', 'ANNepochs', 'ANNneurons', 'ANNoptimizer']);
    expect(hyperParameterOfField('KNN', 'KNNnNeighbors')).toMatchObject({ sklearn: 'n_neighbors', detail: 'nNeighbors' });
    expect(hyperParameterOfField('SVM', 'SVMC')).toMatchObject({ sklearn: 'C', detail: 'C' });
  });

  it('states each rule once: the disagreements the three copies had are settled one way', () => {
    const split = hyperParameterOfField('RF', 'RFminSamplesSplit')!;
    expect(describeParamValues(split)).toBe('an integer of 2 or more or a fraction above 0 and below 1');
    expect(describeParamValues(split, 'pt-BR')).toBe('um inteiro de 2 ou mais ou uma fração acima de 0 e abaixo de 1');
    expect(describeParamValues(hyperParameterOfField('RF', 'RFminSamplesLeaf')!)).toBe('an integer of 1 or more or a fraction above 0 and up to 0.5');
    expect(describeParamValues(hyperParameterOfField('RF', 'RFminSamplesLeaf')!, 'pt-BR')).toBe('um inteiro de 1 ou mais ou uma fração acima de 0 e até 0,5');
    expect(svmParamsSchema.safeParse({ SVMdegree: [0] }).success).toBe(true);
    expect(svmParamsSchema.safeParse({ SVMkernel: ['precomputed'] }).success).toBe(false);
    for (const bad of [[1], [1.5]]) expect(rfParamsSchema.safeParse({ RFminSamplesSplit: bad }).success).toBe(false);
    expect(rfParamsSchema.safeParse({ RFminSamplesLeaf: [0.9] }).success).toBe(false);
    expect(rfParamsSchema.safeParse({ RFminSamplesLeaf: [0.5, 3] }).success).toBe(true);
    expect(rfParamsSchema.safeParse({ RFmaxFeatures: [1.5] }).success).toBe(false);
  });

  it('names the field and what it allows, in English and Portuguese', () => {
    expect(modelConfigProblems('RF', { RFminSamplesSplit: [1] }, 20)).toEqual([
      { field: 'RFminSamplesSplit', message: 'RFminSamplesSplit: 1 is not allowed; allowed values: an integer of 2 or more or a fraction above 0 and below 1.' },
    ]);
    expect(modelConfigProblems('RF', { RFoobScore: [true], RFbootstrap: [false] }, 20, 'pt-BR')[0]).toMatchObject({ field: 'RFoobScore', message: expect.stringContaining('requer RFbootstrap True') });
    expect(modelConfigProblems('RF', { RFoobScore: [true] }, 20)).toEqual([]);
    expect(modelConfigProblems('KNN', { KNNk: [3] }, 20)[0].message).toContain('KNNk is not a parameter of KNN');
    // A hidden layer the fitting thread could not hold is refused before it is queued.
    expect(modelConfigProblems('ANN', { ANNneurons: [70000] }, 20)).toEqual([
      { field: 'ANNneurons', message: `ANNneurons: 70000 is not allowed; allowed values: an integer from 1 to ${ANN_NEURONS_MAX}.` },
    ]);
    expect(modelConfigProblems('ANN', { ANNneurons: [ANN_NEURONS_MAX] }, 20)).toEqual([]);
    // So are a forest or a training that no budget of minutes could fit.
    expect(modelConfigProblems('RF', { RFnEstimators: [1e15] }, 20)[0]).toMatchObject({ field: 'RFnEstimators', message: expect.stringContaining(`from 1 to ${RF_TREES_MAX}`) });
    expect(modelConfigProblems('ANN', { ANNepochs: [1e15] }, 20)[0]).toMatchObject({ field: 'ANNepochs', message: expect.stringContaining(`from 1 to ${ANN_EPOCHS_MAX}`) });
  });

  it('gives one help text per scikit-learn name in each language', () => {
    expect(paramHints('en').min_samples_leaf).toContain('up to 0.5');
    expect(paramHints('pt-BR').min_samples_leaf).toContain('até 0,5');
    expect(Object.keys(paramHints('pt-BR')).sort()).toEqual(Object.keys(paramHints('en')).sort());
  });
});
