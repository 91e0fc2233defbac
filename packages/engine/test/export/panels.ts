/**
 * The two real panels the ONNX agreement tests run on, built from ../shared/data with the engine's own CSV
 * and frame functions: the 3,510-row WHO panel of the benchmarks (bench/who-panel.ts) and the
 * life-expectancy-updated panel (comma CSV turned into the semicolon form the engine reads).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frameFromTable, parseSemicolonCsv } from '../../src/data/csv.ts';
import type { PanelFrame } from '../../src/data/frame.ts';
import { buildWhoPanelCsv, defaultWhoDataDir, WHO_TARGET } from '../../../../bench/who-panel.ts';

const LIFE_EXPECTANCY_CSV = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data/life-expectancy-updated/Life-Expectancy-Data-Updated.csv');

export interface TestPanel {
  name: string;
  frame: PanelFrame;
  target: string;
}

/** Whether the shared data the panels need is present (the tests skip with a message otherwise). */
export function panelsAvailable(): boolean {
  return existsSync(defaultWhoDataDir()) && existsSync(LIFE_EXPECTANCY_CSV);
}

/** The WHO benchmark panel (195 countries x 1999-2016, 20 indicators, target life expectancy). */
export function whoPanel(): TestPanel {
  const table = parseSemicolonCsv(buildWhoPanelCsv(defaultWhoDataDir()));
  return { name: 'WHO panel', frame: frameFromTable(table, { spaceColumn: 'countryName', timeColumn: 'year', regionColumn: 'regionName' }), target: WHO_TARGET };
}

/** The life-expectancy-updated panel (179 countries x 2000-2015, 18 indicators, target Life_expectancy). */
export function lifeExpectancyPanel(): TestPanel {
  const lines = readFileSync(LIFE_EXPECTANCY_CSV, 'utf8').trim().split(/\r?\n/);
  const rename: Record<string, string> = { Country: 'countryName', Region: 'regionName', Year: 'year' };
  const header = lines[0].split(',').map((name) => rename[name] ?? name);
  const text = [header.join(';'), ...lines.slice(1).map((line) => line.split(',').join(';'))].join('\n');
  const table = parseSemicolonCsv(text);
  return { name: 'life-expectancy panel', frame: frameFromTable(table, { spaceColumn: 'countryName', timeColumn: 'year', regionColumn: 'regionName' }), target: 'Life_expectancy' };
}
