import type { GapsResponse } from '@indicata/contracts';
import { gapsMapEntries, gapsMapOption, gapsMapYears } from './gapsMap.ts';

const prediction = (space: string, time: number, classIndex: number) => ({ row: 0, space, time, label: '', classIndex, probabilities: [], imputed: 0, mostlyImputed: false });
const gaps: Pick<GapsResponse, 'observed' | 'predictions'> = {
  observed: [
    { space: 'Brazil', time: 2019, classIndex: 2 },
    { space: 'Kenya', time: 2019, classIndex: 0 },
    { space: 'Tuvalu', time: 2019, classIndex: 1 },
    { space: 'Brazil', time: 2020, classIndex: 2 },
  ],
  predictions: [prediction('Kenya', 2020, 1), prediction('United Republic of Tanzania', 2021, 0), prediction('Atlantis', 2020, 0)],
};

describe('gap-filling map', () => {
  it('spans every year with an observed or a predicted class', () => {
    expect(gapsMapYears(gaps)).toEqual([2019, 2020, 2021]);
  });

  it("marks each year's countries observed or predicted, and lists the places without a shape", () => {
    expect(gapsMapEntries(gaps, 2019)).toEqual({
      entries: [
        { name: 'Brazil', classIndex: 2, predicted: false },
        { name: 'Kenya', classIndex: 0, predicted: false },
      ],
      unmatched: ['Tuvalu'],
    });
    expect(gapsMapEntries(gaps, 2020)).toEqual({
      entries: [
        { name: 'Brazil', classIndex: 2, predicted: false },
        { name: 'Kenya', classIndex: 1, predicted: true },
      ],
      unmatched: ['Atlantis'],
    });
    expect(gapsMapEntries(gaps, 2021).entries).toEqual([{ name: 'Tanzania', classIndex: 0, predicted: true }]);
  });

  it('draws predicted countries paler, hatched and with a dashed outline; observed ones plain', () => {
    const option = gapsMapOption('m', gapsMapEntries(gaps, 2020).entries, ['Low', 'Mid', 'High'], { observed: 'Observed', predicted: 'Predicted' });
    const [series] = option.series as { map: string; data: { name: string; value: number; itemStyle?: { borderType: string; opacity: number; decal: object } }[] }[];
    expect(series.map).toBe('m');
    const brazil = series.data.find((d) => d.name === 'Brazil')!;
    const kenya = series.data.find((d) => d.name === 'Kenya')!;
    expect(brazil.value).toBe(2);
    expect(brazil.itemStyle).toBeUndefined();
    expect(kenya.value).toBe(1);
    expect(kenya.itemStyle).toMatchObject({ borderType: 'dashed', opacity: 0.6 });
    expect(kenya.itemStyle?.decal).toBeTruthy();
    expect((option.visualMap as { pieces: { label: string }[] }).pieces.map((p) => p.label)).toEqual(['Low', 'Mid', 'High']);
  });

  it("says a predicted country's prediction set in its tooltip when it holds more than one class", () => {
    const withSets = {
      observed: [],
      predictions: [{ ...prediction('Kenya', 2020, 1), set: ['Mid', 'High'] }, { ...prediction('Brazil', 2020, 2), set: ['High'] }],
    };
    const entries = gapsMapEntries(withSets, 2020).entries;
    expect(entries).toEqual([
      { name: 'Kenya', classIndex: 1, predicted: true, set: ['Mid', 'High'] },
      { name: 'Brazil', classIndex: 2, predicted: true },
    ]);
    const option = gapsMapOption('m', entries, ['Low', 'Mid', 'High'], { observed: 'Observed', predicted: 'Predicted', set: (set) => `set ${set.join(' or ')}` });
    const format = (option.tooltip as { formatter: (p: unknown) => HTMLElement }).formatter;
    const [series] = option.series as { data: unknown[] }[];
    expect(format({ name: 'Kenya', data: series.data[0] }).textContent).toBe('KenyaPredicted: Mid (set Mid or High)');
    expect(format({ name: 'Brazil', data: series.data[1] }).textContent).toBe('BrazilPredicted: High');
  });
});
