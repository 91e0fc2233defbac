import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WHO_INDICATOR_TITLES_PT_BR } from '@indicata/contracts';
import { LABELS_MISSING_FROM_EXPORTS, openGhoFolder } from '../../src/modules/who/csv-source.ts';
import { makeTestTempDir } from '../helpers/temp-dir.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const MINI = path.join(here, '../fixtures/who-mini');
const SHIPPED_LABELS = path.join(here, '../../who-snapshot/indicators.tsv');

describe('WHO indicator names from a folder of GHO exports', () => {
  it("names an indicator the export lists without a name by WHO's name, and keeps the code only for one nobody names", async () => {
    const dir = makeTestTempDir('indicata-who-labels-');
    fs.cpSync(MINI, dir, { recursive: true });
    const life = fs.readFileSync(path.join(MINI, 'source/LIFE.csv'), 'utf8');
    for (const code of ['WSH_WATER_SAFELY_MANAGED', 'NOBODY_NAMES_THIS']) fs.writeFileSync(path.join(dir, 'source', `${code}.csv`), life.replaceAll('"LIFE"', `"${code}"`));
    const labels = await (await openGhoFolder(dir)).readLabels();
    expect(labels.get('LIFE')).toBe('Life expectancy at birth (years)');
    expect(labels.get('WSH_WATER_SAFELY_MANAGED')).toBe(LABELS_MISSING_FROM_EXPORTS.WSH_WATER_SAFELY_MANAGED);
    expect(labels.get('NOBODY_NAMES_THIS')).toBe('NOBODY_NAMES_THIS');
  });

  it('ships a snapshot whose every indicator has a name, not its code', () => {
    const rows = fs.readFileSync(SHIPPED_LABELS, 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.filter(([code, label]) => !label || label === code).map(([code]) => code)).toEqual([]);
  });

  it('ships a Portuguese title for every indicator of the snapshot, and none for a code it does not hold', () => {
    const codes = fs.readFileSync(SHIPPED_LABELS, 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t')[0]!);
    expect(codes.filter((code) => !WHO_INDICATOR_TITLES_PT_BR[code])).toEqual([]);
    expect(Object.keys(WHO_INDICATOR_TITLES_PT_BR).filter((code) => !codes.includes(code))).toEqual([]);
  });
});
