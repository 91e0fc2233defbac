import type { GapsResponse } from '@indicata/contracts';
import { matchCountry } from './countryMatch.ts';
import { classPalette, textTooltip, type ChartOption } from './options.ts';

/** One country on the gap-filling map for one year: its class, and whether it was observed or predicted. */
export interface GapsMapEntry {
  /** world-atlas shape name */
  name: string;
  classIndex: number;
  predicted: boolean;
  /** A predicted place's prediction set, when it holds more than one class. */
  set?: string[];
}

/** The years of the map: every year with an observed or a predicted class, ascending. */
export function gapsMapYears(gaps: Pick<GapsResponse, 'observed' | 'predictions'>): number[] {
  const years = new Set<number>();
  for (const o of gaps.observed) years.add(o.time);
  for (const p of gaps.predictions) if (p.time !== null) years.add(p.time);
  return [...years].sort((a, b) => a - b);
}

/**
 * The countries of one year: observed classes, and predicted ones where the target is missing; places the map
 * has no shape for are listed apart.
 */
export function gapsMapEntries(gaps: Pick<GapsResponse, 'observed' | 'predictions'>, year: number): { entries: GapsMapEntry[]; unmatched: string[] } {
  const entries = new Map<string, GapsMapEntry>();
  const unmatched = new Set<string>();
  const add = (space: string | null, classIndex: number, predicted: boolean, set?: string[]) => {
    if (space === null) return;
    const name = matchCountry(space);
    if (!name) unmatched.add(space);
    else if (!entries.has(name)) entries.set(name, { name, classIndex, predicted, ...(set && set.length > 1 ? { set } : {}) });
  };
  for (const o of gaps.observed) if (o.time === year) add(o.space, o.classIndex, false);
  for (const p of gaps.predictions) if (p.time === year) add(p.space, p.classIndex, true, p.set);
  return { entries: [...entries.values()], unmatched: [...unmatched].sort() };
}

/**
 * One world map coloured by class: observed countries in full colour, predicted ones paler, hatched and with a
 * dark dashed outline, so the two read apart without colour alone. `mapName` was registered by registerWorldMap.
 */
export function gapsMapOption(
  mapName: string,
  entries: GapsMapEntry[],
  classTitles: string[],
  words: { observed: string; predicted: string; set?: (set: string[]) => string },
): ChartOption {
  const palette = classPalette(classTitles.length);
  return {
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: (params: { name: string; data?: { classIndex: number; predicted: boolean; set?: string[] } }) =>
        textTooltip(
          params.data
            ? [
                params.name,
                `${params.data.predicted ? words.predicted : words.observed}: ${classTitles[params.data.classIndex] ?? ''}${params.data.set && words.set ? ` (${words.set(params.data.set)})` : ''}`,
              ]
            : [params.name],
        ),
    },
    visualMap: {
      type: 'piecewise',
      seriesIndex: [0],
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      textStyle: { fontFamily: 'inherit', fontSize: 11 },
      pieces: classTitles.map((title, index) => ({ value: index, label: title, color: palette[index] })),
    },
    series: [
      {
        type: 'map',
        map: mapName,
        left: '1%',
        top: 8,
        width: '98%',
        roam: false,
        itemStyle: { areaColor: '#e9ecef', borderColor: '#adb5bd', borderWidth: 0.4 },
        emphasis: { label: { show: false }, itemStyle: { areaColor: '#ffd43b' } },
        select: { disabled: true },
        data: entries.map((entry) => ({
          name: entry.name,
          value: entry.classIndex,
          classIndex: entry.classIndex,
          predicted: entry.predicted,
          set: entry.set,
          ...(entry.predicted
            ? {
                itemStyle: {
                  opacity: 0.6,
                  borderColor: '#212529',
                  borderWidth: 1,
                  borderType: 'dashed',
                  decal: { symbol: 'rect', symbolSize: 0.6, dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: Math.PI / 4, color: 'rgba(0, 0, 0, 0.35)' },
                },
              }
            : {}),
        })),
      },
    ],
  };
}
