import { candidatesFor } from '../src/search/spaces.ts';

describe('explicit parameters with candidate lists', () => {
  it('searches the grid of the listed values and keeps single values fixed', () => {
    const candidates = candidatesFor('DT', { max_depth: [2, 4], criterion: 'gini', min_samples_leaf: [1, 5] }, 1, 100);
    expect(candidates.map((c) => c.params)).toEqual([
      { max_depth: 2, criterion: 'gini', min_samples_leaf: 1 },
      { max_depth: 2, criterion: 'gini', min_samples_leaf: 5 },
      { max_depth: 4, criterion: 'gini', min_samples_leaf: 1 },
      { max_depth: 4, criterion: 'gini', min_samples_leaf: 5 },
    ]);
  });

  it('keeps a fully fixed choice as one candidate per scaler', () => {
    const candidates = candidatesFor('KNN', { n_neighbors: 5 }, 1, 100);
    expect(new Set(candidates.map((c) => JSON.stringify(c.params)))).toEqual(new Set([JSON.stringify({ n_neighbors: 5 })]));
    expect(candidates.length).toBeGreaterThan(1);
  });
});
