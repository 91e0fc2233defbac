import type { ModelResult } from '@indicata/contracts';
import { mapEntries } from './WorldMap.tsx';

const row = (space: string, predicted: string, set?: string[]) => ({ space, region: null, time: 2016, actual: 'Low', predicted, actualIndex: 0, predictedIndex: predicted === 'Low' ? 0 : 1, ...(set ? { set } : {}) });

describe('test-year map entries', () => {
  it('shows the prediction set beside the predicted class when it holds more than one class', () => {
    const model = { predictions: [row('Kenya', 'Mid', ['Low', 'Mid']), row('Brazil', 'Low', ['Low'])] } as unknown as ModelResult;
    const { entries } = mapEntries(model, '2016', (set) => `set ${set.join(' or ')}`);
    expect(entries.map((e) => [e.name, e.predicted])).toEqual([
      ['Kenya', 'Mid (set Low or Mid)'],
      ['Brazil', 'Low'],
    ]);
    // Without a describer (older callers) the class alone.
    expect(mapEntries(model, '2016').entries[0].predicted).toBe('Mid');
  });
});
