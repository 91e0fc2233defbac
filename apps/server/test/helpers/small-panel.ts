import type { EngineConfigInput, PanelFrame } from '@indicata/engine';

/** 30 places x 10 years, four indicators; the target follows the first, so a tree fits in milliseconds. */
export function smallPanel(): PanelFrame {
  const space: string[] = [];
  const time: number[] = [];
  const indicators: number[][] = [[], [], [], []];
  const target: number[] = [];
  for (let place = 0; place < 30; place += 1) {
    for (let year = 2000; year < 2010; year += 1) {
      space.push(`P${place}`);
      time.push(year);
      indicators.forEach((values, k) => values.push(((place * (7 + k) + year * (3 + 2 * k)) % 17) / 17 + k));
      target.push(indicators[0]!.at(-1)! * 10 + (place % 3));
    }
  }
  return {
    spaceColumn: 'place',
    timeColumn: 'year',
    space,
    time,
    columns: [
      ...indicators.map((values, k) => ({ name: `indicator${k + 1}`, values: new Float64Array(values) })),
      { name: 'target', values: new Float64Array(target) },
    ],
  };
}

/**
 * An engine configuration for smallPanel: a decision tree, 3 quantile classes, test year 2008.
 * @param budgetSeconds the run's budget
 * @param workers fit threads (0: the engine's thread fits itself)
 */
export function smallPanelConfig(budgetSeconds: number, workers: number): EngineConfigInput {
  return {
    target: 'target',
    split: { mode: 'year', testYear: 2008 },
    targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
    models: { DT: 'auto' },
    budgetSeconds,
    workers,
    seed: 1,
  };
}
