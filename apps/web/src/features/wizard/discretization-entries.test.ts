import { describe, expect, it } from 'vitest';
import { availableIndicators, emptyEntry, entriesFromJson, entriesToJson, validateEntries, type DiscretizationEntry } from './discretization-entries.ts';

const all = [{ value: 'A' }, { value: 'B' }, { value: 'C' }];
const entry = (patch: Partial<DiscretizationEntry>): DiscretizationEntry => ({ ...emptyEntry(), ...patch });

describe('Attribute Discretization entries', () => {
  it('hides an attribute used in one entry from the others, but not from its own', () => {
    const entries = [entry({ indicator: 'A' }), entry({ indicator: 'C' }), entry({})];
    expect(availableIndicators(all, entries, 0).map((i) => i.value)).toEqual(['A', 'B']);
    expect(availableIndicators(all, entries, 1).map((i) => i.value)).toEqual(['B', 'C']);
    expect(availableIndicators(all, entries, 2).map((i) => i.value)).toEqual(['B']);
  });

  it('checks the four rules in the spec order', () => {
    expect(validateEntries([entry({ option: 'automatic' }), entry({ indicator: 'B' })])).toBe('attrDiscNoIndicator');
    expect(validateEntries([entry({ indicator: 'A' })])).toBe('attrDiscNoOption');
    expect(validateEntries([entry({ indicator: 'A', option: 'automatic' })])).toBe('autoDiscretizationNoValue');
    expect(validateEntries([entry({ indicator: 'A', option: 'manual', classes: [{ title: 'x', min: '0', max: '' }, { title: 'y', min: '1', max: '2' }] })])).toBe(
      'attrDiscManualIncomplete',
    );
    expect(validateEntries([entry({ indicator: 'A', option: 'automatic', groups: '3' })])).toBeNull();
    expect(validateEntries([])).toBeNull();
  });

  it('saves the JSON text of the spec and reloads it into the same entries', () => {
    const entries = [
      entry({ indicator: 'A', option: 'automatic', groups: '4' }),
      entry({ indicator: 'B', option: 'manual', classes: [{ title: 'low', min: '-1.5', max: '2' }, { title: 'high', min: '2', max: '9' }] }),
    ];
    const json = entriesToJson(entries);
    expect(JSON.parse(json)).toEqual([
      { indicator: 'A', option: 'automatic', groups: 4 },
      { indicator: 'B', option: 'manual', classes: { '1': { title: 'low', min: -1.5, max: 2 }, '2': { title: 'high', min: 2, max: 9 } } },
    ]);
    expect(entriesFromJson(json)).toEqual(entries);
    expect(entriesToJson([])).toBe('');
    expect(entriesFromJson('garbage')).toEqual([]);
  });
});
