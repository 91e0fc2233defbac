import { formatUpTo, type Baseline, type ModelResult } from '@indicata/contracts';
import { classPalette, confusionHeatmapOption, confusionTotals, correlationHeatmapOption, featureImportanceOption, scoresOption, worldMapOption } from './options.ts';

const matrix = { labels: ['Low', 'Mid', 'High'], matrix: [[5, 1, 0], [2, 7, 1], [0, 0, 4]] };

describe('chart options', () => {
  it('puts every confusion cell on the heatmap, actual on the vertical axis', () => {
    const option = confusionHeatmapOption(matrix, { actual: 'Actual', predicted: 'Predicted' }) as {
      series: { data: number[][] }[];
      visualMap: { max: number };
      yAxis: { data: string[]; name: string };
    };
    expect(option.series[0].data).toHaveLength(9);
    expect(option.series[0].data).toContainEqual([0, 1, 2]); // predicted Low, actual Mid: 2 rows
    expect(option.visualMap.max).toBe(7);
    expect(option.yAxis).toMatchObject({ data: ['Low', 'Mid', 'High'], name: 'Actual' });
    expect(confusionTotals(matrix)).toEqual({ hits: 16, total: 20 });
  });

  it('draws correlations on a fixed -1..1 scale and leaves undefined cells empty', () => {
    const option = correlationHeatmapOption(['a', 'b'], [[1, null], [null, 1]]) as { series: { data: unknown[][] }[]; visualMap: { min: number; max: number } };
    expect(option.visualMap).toMatchObject({ min: -1, max: 1 });
    expect(option.series[0].data).toContainEqual([1, 0, '-']);
  });

  it('writes every number in the format it is given (the decimal mark of the reader): labels, tooltips and axes', () => {
    const comma = (value: number) => formatUpTo(value, 4, 'pt-BR');
    type Heatmap = {
      series: { label: { formatter: (p: { data: unknown[] }) => string } }[];
      tooltip: { formatter: (p: { data: unknown[] }) => HTMLElement };
      visualMap: { formatter: (v: number) => string };
    };
    const heatmap = correlationHeatmapOption(['a', 'b'], [[1, -0.51234], [null, 1]], undefined, comma) as unknown as Heatmap;
    expect(heatmap.series[0].label.formatter({ data: [1, 0, -0.51234] })).toBe('-0,5123');
    expect(heatmap.series[0].label.formatter({ data: [0, 1, '-'] })).toBe('-');
    expect(heatmap.tooltip.formatter({ data: [1, 0, -0.51234] }).textContent).toContain('r = -0,5123');
    expect(heatmap.visualMap.formatter(0.25)).toBe('0,25');
    type Bars = { xAxis: { axisLabel: { formatter: (v: number) => string } }; tooltip: { valueFormatter: (v: unknown) => string } };
    const bars = featureImportanceOption([{ Feature: 'f', Importance: 0.125 }], 20, undefined, comma) as unknown as Bars;
    expect(bars.xAxis.axisLabel.formatter(0.125)).toBe('0,125');
    expect(bars.tooltip.valueFormatter(0.125)).toBe('0,125');
    // Without a format the point is kept (as ECharts would write it).
    expect((featureImportanceOption([{ Feature: 'f', Importance: 0.125 }]) as unknown as Bars).tooltip.valueFormatter(0.125)).toBe('0.125');
  });

  it('slants many bar names on one line (the tooltip keeps them whole), and wraps a few', () => {
    const model = (algorithm: string) => ({ algorithm, test: { macroF1: 0.9, accuracy: 0.95 } }) as unknown as ModelResult;
    const baseline = (name: Baseline['name']) => ({ name, test: { macroF1: 0.5, accuracy: 0.6 } }) as unknown as Baseline;
    const names = { macroF1: 'F1', accuracy: 'Acc', baseline: (name: Baseline['name']) => (name === 'majority' ? 'Referência da classe majoritária' : 'Referência de persistência') };
    type Axis = { xAxis: { data: string[]; axisLabel: { rotate: number; overflow: string } } };
    const many = scoresOption(['RF', 'DT', 'KNN', 'SVM', 'ANN', 'Ensemble'].map(model), [baseline('majority'), baseline('persistence')], names) as unknown as Axis;
    expect(many.xAxis.axisLabel).toMatchObject({ rotate: 40, overflow: 'truncate' });
    expect(many.xAxis.data.at(-2)).toBe('Referência da classe majoritária');
    const few = scoresOption([model('RF')], [baseline('persistence')], names) as unknown as Axis;
    expect(few.xAxis.axisLabel).toMatchObject({ rotate: 0, overflow: 'break' });
  });

  it('shows the most important features on top, at most 20', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ Feature: `f${i}`, Importance: i / 100 }));
    const option = featureImportanceOption(rows) as { yAxis: { data: string[] }; series: { data: number[] }[] };
    expect(option.yAxis.data).toHaveLength(20);
    expect(option.yAxis.data[19]).toBe('f24'); // ECharts draws the last category on top
    expect(option.series[0].data[19]).toBe(0.24);
  });

  it('labels an axis with the short name it is given, the category (which the tooltip shows) keeping the full name', () => {
    const full = 'Under-five mortality rate (probability of dying by age 5 per 1000 live births) (previous known value)';
    const axisName = (name: string) => (name === full ? 'Under-five mortality rate (previous known value)' : name);
    const bars = featureImportanceOption([{ Feature: full, Importance: 0.5 }], 20, axisName) as { yAxis: { data: string[]; axisLabel: { formatter: (value: string) => string } } };
    expect(bars.yAxis.data).toEqual([full]);
    expect(bars.yAxis.axisLabel.formatter(full)).toBe('Under-five mortality rate (previous known value)');
    const heatmap = correlationHeatmapOption([full, 'b'], [[1, 0.5], [0.5, 1]], axisName) as { xAxis: { axisLabel: { formatter: (value: string) => string } } };
    expect(heatmap.xAxis.axisLabel.formatter(full)).toBe('Under-five mortality rate (previous known value)');
  });

  it('colours ordered classes with an ordered palette and maps actual and predicted side by side', () => {
    expect(classPalette(3)).toHaveLength(3);
    expect(new Set(classPalette(5)).size).toBe(5);
    const option = worldMapOption('world', [{ name: 'Brazil', actualIndex: 2, predictedIndex: 1, actual: 'High', predicted: 'Mid' }], ['Low', 'Mid', 'High'], {
      actual: 'Actual',
      predicted: 'Predicted',
    }) as { series: { data: { name: string; value: number }[] }[]; visualMap: { pieces: { label: string }[] } };
    expect(option.series[0].data[0]).toMatchObject({ name: 'Brazil', value: 2 });
    expect(option.series[1].data[0]).toMatchObject({ name: 'Brazil', value: 1 });
    expect(option.visualMap.pieces.map((p) => p.label)).toEqual(['Low', 'Mid', 'High']);
  });

  it('builds the map tooltip from text nodes, so a class title holding HTML stays text', () => {
    const hostile = '<img src=x onerror="window.hacked=1">';
    const option = worldMapOption('world', [{ name: 'Brazil', actualIndex: 0, predictedIndex: 0, actual: hostile, predicted: 'Low' }], [hostile], {
      actual: 'Actual',
      predicted: 'Predicted',
    }) as { tooltip: { formatter: (params: unknown) => unknown } };
    const shown = option.tooltip.formatter({ name: 'Brazil', data: { actual: hostile, predicted: 'Low' } });
    expect(shown).toBeInstanceOf(HTMLElement);
    const element = shown as HTMLElement;
    expect(element.querySelector('img')).toBeNull();
    expect(element.textContent).toBe(`BrazilActual: ${hostile}Predicted: Low`);
    expect(Array.from(element.children, (child) => child.textContent)).toEqual(['Brazil', `Actual: ${hostile}`, 'Predicted: Low']);
  });

  it('keeps the world maps in shape: no map is pinned on all four sides, so ECharts keeps its aspect', () => {
    for (const layout of ['side', 'stacked'] as const) {
      const option = worldMapOption('world', [], ['Low', 'High'], { actual: 'Actual', predicted: 'Predicted' }, layout) as { series: Record<string, unknown>[] };
      for (const series of option.series) {
        expect(series).toHaveProperty('width');
        expect(series).not.toHaveProperty('bottom');
        expect(series).not.toHaveProperty('right');
        expect(series).not.toHaveProperty('height');
      }
    }
  });
});
