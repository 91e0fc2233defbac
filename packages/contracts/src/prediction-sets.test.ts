import type { AutoMLResults } from './results.ts';
import { setsOnTheirRows, withoutMisplacedSets } from './prediction-sets.ts';

const row = (predicted: string, set?: string[]) => ({ predicted, ...(set ? { set } : {}) });

describe('prediction sets on their rows', () => {
  it('holds when every set holds its row\'s predicted class, or no row has a set', () => {
    expect(setsOnTheirRows({ predictions: [row('a', ['a']), row('b', ['a', 'b'])] } as never)).toBe(true);
    expect(setsOnTheirRows({ predictions: [row('a'), row('b')] } as never)).toBe(true);
    expect(setsOnTheirRows({ predictions: [row('a', ['a']), row('b', ['a'])] } as never)).toBe(false);
  });

  it('removes the sets of a model with a misplaced one, keeps the others, and returns sound results as they are', () => {
    const results = { models: { RF: { predictions: [row('a', ['a'])] }, KNN: { predictions: [row('a', ['b']), row('b', ['b'])] } } } as unknown as AutoMLResults;
    const cleaned = withoutMisplacedSets(results);
    expect(cleaned.models.KNN!.predictions).toEqual([{ predicted: 'a' }, { predicted: 'b' }]);
    expect(cleaned.models.RF).toBe(results.models.RF);
    // The stored results are not changed.
    expect(results.models.KNN!.predictions[0]).toEqual(row('a', ['b']));
    const sound = { models: { RF: { predictions: [row('a', ['a'])] } } } as unknown as AutoMLResults;
    expect(withoutMisplacedSets(sound)).toBe(sound);
  });
});
