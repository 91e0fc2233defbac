import type { ModelFamily } from '@indicata/contracts';
import { chooseWithinTime } from '../../src/pipeline/choose.ts';
import { selectEnsemble, type Finalist } from '../../src/search/select.ts';
import { CLASSES, finalistOf, foldsOf } from '../helpers/finalists.ts';

describe('the choice within the time left for final fits', () => {
  // Four independent voters of equal accuracy: the validation choice is their ensemble.
  const folds = foldsOf(1);
  const finalists = [finalistOf('RF', folds, 0.75, 4), finalistOf('KNN', folds, 0.75, 5), finalistOf('SVM', folds, 0.75, 10), finalistOf('ANN', folds, 0.75, 11)];
  const ensemble = selectEnsemble(finalists, folds, CLASSES, 7);
  const seconds = (costs: Partial<Record<ModelFamily, number>>) => (f: Finalist) => costs[f.family] ?? 1;

  it('keeps the validation choice when its final fits fit', () => {
    const { chosen, warning } = chooseWithinTime(finalists, ensemble, folds, CLASSES, 1, { finalSeconds: seconds({}), leftSeconds: 10, threads: 2 });
    expect(chosen.algorithm).toBe('Ensemble');
    expect(chosen.members.map((m) => m.finalist.family).sort()).toEqual(['ANN', 'KNN', 'RF', 'SVM']);
    expect(warning).toBeNull();
  });

  it('drops only the member whose final fit does not fit: the ensemble of the others, selected again', () => {
    const { chosen, ensemble: reported, warning } = chooseWithinTime(finalists, ensemble, folds, CLASSES, 1, {
      finalSeconds: seconds({ ANN: 20 }),
      leftSeconds: 12,
      threads: 2,
    });
    expect(chosen.algorithm).toBe('Ensemble');
    expect(chosen.members.map((m) => m.finalist.family).sort()).toEqual(['KNN', 'RF', 'SVM']);
    expect(reported?.weights.map((w) => w.algorithm).sort()).toEqual(['KNN', 'RF', 'SVM']);
    expect(chosen.reason).toMatch(/^among the finalists whose final fit fits the time left \(all but ANN\), the bagged greedy ensemble of/);
    expect(warning).toMatch(/^Ensemble was the validation choice, .* the ensemble of (KNN|RF|SVM), .* is chosen instead\.$/);
  });

  it('falls back to the best single finalist that fits when no ensemble of the others fits', () => {
    // Side by side on one thread, the three cheap members together need 3 x 5 s > 8 s.
    const { chosen, warning } = chooseWithinTime(finalists, ensemble, folds, CLASSES, 1, {
      finalSeconds: seconds({ ANN: 20, RF: 5, KNN: 5, SVM: 5 }),
      leftSeconds: 8,
      threads: 1,
    });
    expect(chosen.members).toHaveLength(1);
    expect(['RF', 'KNN', 'SVM']).toContain(chosen.algorithm);
    expect(chosen.reason).toMatch(/is the best whose final fit fits the time left/);
    expect(warning).toMatch(/is chosen instead/);
  });

  it('takes the cheapest finalist when none fits', () => {
    const { chosen } = chooseWithinTime(finalists, ensemble, folds, CLASSES, 1, {
      finalSeconds: seconds({ ANN: 20, RF: 9, KNN: 3, SVM: 12 }),
      leftSeconds: 2,
      threads: 2,
    });
    expect(chosen.algorithm).toBe('KNN');
  });
});
